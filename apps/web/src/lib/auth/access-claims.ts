import { type DecodedAccessClaims, countsAsVerified, decodedAccessClaimsSchema } from '@smart-zone/types/access-claims';
import type { AuthUser } from './gateway';

/** Renew a little before the accessToken runs out: a minute before, or a quarter of its life when it is short. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * What our stored accessToken says about its holder. Only read to decide
 * whether to ask /login for a new one (the server checks the signature).
 */
export function readAccessClaims(token: string | null): DecodedAccessClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const claims = decodedAccessClaimsSchema.safeParse(json);
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}

/** Does this accessToken belong to this user, as they are now (verified or not), and is it fresh? */
export function accessFits(token: string | null, user: AuthUser): boolean {
  const claims = readAccessClaims(token);
  if (!claims || claims.uid !== user.uid || claims.verified !== countsAsVerified(user)) return false;
  if (claims.exp === undefined) return true;
  // Without a service account the API hands out 30-second tokens (docs/decisions/007): a fixed minute's
  // margin would call every one of them stale, and each renewal would start the next.
  const lifetimeMs = claims.iat === undefined ? Infinity : (claims.exp - claims.iat) * 1000;
  return claims.exp * 1000 > Date.now() + Math.min(EXPIRY_MARGIN_MS, lifetimeMs / 4);
}
