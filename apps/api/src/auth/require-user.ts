import { type RequestHandler, type Response, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { AccessClaims } from '@smart-zone/types/auth';
import type { Actor } from '@smart-zone/types/item';
import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { AppError, forbidden, unauthorized } from '../errors/app-error';
import type { AccountCheck } from './account-check';
import type { AccessTokens } from './access-token';
import { bearerToken } from './bearer';
import { isStaff, type StaffList } from './staff';

/** Who may do what: any valid accessToken, a verified user, or staff (who may write). */
export interface Guards {
  signedIn: RequestHandler;
  verified: RequestHandler;
  /** Verified, on the staff list, and within the per-user write rate: for writes. */
  staff: RequestHandler;
  /** Verified and on the staff list, for staff-only reads: reading never spends the write budget. */
  staffRead: RequestHandler;
  isStaff: (user: AccessClaims) => boolean;
}

export const NOT_STAFF_MESSAGE = (email: string) =>
  `Your account is not on this warehouse's staff list. Ask an admin to add ${email}.`;

export function createGuards(deps: {
  tokens: AccessTokens;
  staff: StaffList;
  writeRateLimit: number;
  /** Whether the token's account still exists and is enabled; absent where it cannot be read (see 007). */
  accounts?: AccountCheck;
}): Guards {
  const signedIn: RequestHandler = async (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) throw unauthorized('Sign in to do this', 'no bearer token');
    const claims = deps.tokens.verify(token);
    if (!claims) {
      throw unauthorized(
        'Your session has expired or is invalid. Please sign in again.',
        'access token invalid or expired',
      );
    }
    await deps.accounts?.assertActive(claims.uid);
    res.locals.user = claims;
    next();
  };
  const verified: RequestHandler = (_req, res, next) => {
    if (!currentUser(res).verified) throw forbidden(SPEC_TEXTS.emailNotVerified, 'email not verified');
    next();
  };
  const onStaff: RequestHandler = (_req, res, next) => {
    const user = currentUser(res);
    if (!isStaff(deps.staff, user)) throw forbidden(NOT_STAFF_MESSAGE(user.email), 'not on the staff list');
    next();
  };
  // Per user, not per address: staff behind one office NAT must not share a budget.
  const writeLimiter = rateLimit({
    windowMs: 60_000,
    limit: deps.writeRateLimit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (_req, res) => currentUser(res).uid,
    handler: (_req, _res, next) =>
      next(
        new AppError(
          429,
          'rate_limited',
          'Too many changes in a minute. Please wait a moment and try again.',
          undefined,
          `write limit: ${deps.writeRateLimit} a minute per user`,
        ),
      ),
  });
  return {
    signedIn,
    // A Router is one middleware that runs its chain, then hands on to the route.
    verified: Router().use(signedIn, verified),
    staff: Router().use(signedIn, verified, onStaff, writeLimiter),
    staffRead: Router().use(signedIn, verified, onStaff),
    isStaff: (user) => isStaff(deps.staff, user),
  };
}

/** The caller set by the `signedIn` guard. */
export function currentUser(res: Response): AccessClaims {
  return res.locals.user as AccessClaims;
}

/** The caller as the ledger records them. */
export function currentActor(res: Response): Actor {
  const { uid, email } = currentUser(res);
  return { uid, email };
}
