import { type DecodedAccessClaims, countsAsVerified } from '@smart-zone/types/access-claims';
import type { AuthUser } from './gateway';

/** Renew a little before the accessToken runs out: a minute before, or a quarter of its life when it is short. */
const EXPIRY_MARGIN_MS = 60_000;

const isText = (value: unknown) => typeof value === 'string' && value.length > 0;
const isTime = (value: unknown) => value === undefined || typeof value === 'number';

/**
 * decodedAccessClaimsSchema's rules, written out: this runs before a
 * signed-in page can show, and the schema would bring zod (25 kB) into that
 * first download. A test holds the two to the same answers.
 */
function isDecodedAccessClaims(json: unknown): json is DecodedAccessClaims {
  if (typeof json !== 'object' || json === null) return false;
  const claims = json as Record<string, unknown>;
  return (
    isText(claims.email) &&
    isText(claims.uid) &&
    typeof claims.verified === 'boolean' &&
    isTime(claims.iat) &&
    isTime(claims.exp)
  );
}

/**
 * What our stored accessToken says about its holder. Read to decide whether
 * to ask /login for a new one, and whom a returning visitor's page may be
 * drawn for before the auth SDK has loaded; the server checks the signature.
 */
export function readAccessClaims(token: string | null): DecodedAccessClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (!isDecodedAccessClaims(json)) return null;
    const { email, uid, verified, iat, exp } = json;
    return { email, uid, verified, ...(iat === undefined ? {} : { iat }), ...(exp === undefined ? {} : { exp }) };
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
