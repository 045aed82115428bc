import type { Request, RequestHandler, Response } from 'express';
import type { AccessClaims } from '@smart-zone/types/auth';
import { can, PERMISSIONS, type Permission, type Role, roleNeededMessage } from '@smart-zone/types/roles';
import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { AppError, forbidden, unauthorized } from '../errors/app-error';
import type { AccountCheck } from './account-check';
import type { AccessTokens } from './access-token';
import { bearerToken } from './bearer';
import { claimOf } from '../http/idempotency';
import { requestIdOf } from '../logging/request-log';
import type { Author } from '../store/store';
import type { RoleOf } from '../team/team-roles';
import { writeLimit } from './write-limit';

/** Who may do what: any valid accessToken, a verified user, or a role that has a permission (roles.ts). */
export interface Guards {
  signedIn: RequestHandler;
  verified: RequestHandler;
  /**
   * Verified, with a role that has the permission (403 naming the role needed); a write also stays within the
   * per-user write rate. Reading never spends the write budget.
   */
  permit(permission: Permission, write: boolean): RequestHandler;
  /** The caller's role, read from the team now (team/team-roles.ts). */
  roleOf: RoleOf;
}

export function createGuards(deps: {
  tokens: AccessTokens;
  roleOf: RoleOf;
  writeRateLimit: number;
  /** Whether the token's account still exists and is enabled; absent where it cannot be read (see 007). */
  accounts?: AccountCheck;
}): Guards {
  /** The bearer's claims, set as the caller; a 401 (or the account check's refusal) otherwise. */
  const authenticate = async (req: Request, res: Response): Promise<AccessClaims> => {
    const token = bearerToken(req.headers.authorization);
    if (!token) throw unauthorized('Sign in to do this', 'no bearer token');
    const claims = deps.tokens.verify(token);
    if (!claims) {
      throw unauthorized(
        'Your session has expired or is invalid. Please sign in again.',
        'access token invalid or expired',
      );
    }
    if (deps.accounts) await deps.accounts.assertActive(claims.uid);
    res.locals.user = claims;
    return claims;
  };
  const assertVerified = (user: AccessClaims) => {
    if (!user.verified) throw forbidden(SPEC_TEXTS.emailNotVerified, 'email not verified');
  };
  const assertRole = async (user: AccessClaims, permission: Permission, res: Response) => {
    const role = await deps.roleOf(user);
    if (!can(role, permission)) {
      throw forbidden(
        roleNeededMessage(permission, role),
        `${role ?? 'no role'}: ${permission} needs ${PERMISSIONS[permission]}`,
      );
    }
    res.locals.role = role;
  };
  // Per user, not per address: staff behind one office NAT must not share a budget.
  const writes = writeLimit({ limit: deps.writeRateLimit, windowMs: 60_000 });
  const assertWithinWriteLimit = (user: AccessClaims, res: Response) => {
    if (writes.hit(user.uid, res).ok) return;
    throw new AppError(
      429,
      'rate_limited',
      'Too many changes in a minute. Please wait a moment and try again.',
      undefined,
      `write limit: ${deps.writeRateLimit} a minute per user`,
    );
  };
  // Each guard is one middleware running its checks in turn (not a Router of several, which Express would
  // dispatch layer by layer on every request). A check that throws is Express's error: nothing after it runs.
  const chains = new Map<string, RequestHandler>();
  return {
    async signedIn(req, res, next) {
      await authenticate(req, res);
      next();
    },
    async verified(req, res, next) {
      assertVerified(await authenticate(req, res));
      next();
    },
    permit(permission, write) {
      const key = `${permission}:${write}`;
      let chain = chains.get(key);
      if (!chain) {
        chain = async function permitted(req, res, next) {
          const user = await authenticate(req, res);
          assertVerified(user);
          await assertRole(user, permission, res);
          if (write) assertWithinWriteLimit(user, res);
          next();
        };
        chains.set(key, chain);
      }
      return chain;
    },
    roleOf: deps.roleOf,
  };
}

/** The caller set by the `signedIn` guard. */
export function currentUser(res: Response): AccessClaims {
  return res.locals.user as AccessClaims;
}

/** The caller's role, set by a permission guard (`permit`). */
export function currentRole(res: Response): Role {
  return res.locals.role as Role;
}

/** The caller as the ledger and the audit record them: who, why (when given) and in which request. */
export function currentAuthor(res: Response, reason?: string): Author {
  const { uid, email } = currentUser(res);
  const claim = claimOf(res);
  return { uid, email, ...(reason ? { reason } : {}), requestId: requestIdOf(res.req), ...(claim ? { claim } : {}) };
}
