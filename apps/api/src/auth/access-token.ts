import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { accessClaimsSchema } from '@smart-zone/types/access-claims';
import type { AccessClaims } from '@smart-zone/types/auth';
import { boundedCache, OBJECT_BYTES, textBytes } from '../bounded-cache';

const ISSUER = 'smart-zone';
// Every accessToken we sign has an expiry: a token without one (signed with a leaked secret, or by
// an old build) is refused, never accepted for ever.
const verifiedClaimsSchema = accessClaimsSchema.extend({ exp: z.number() });
const AUDIENCE = 'smart-zone-api';

/**
 * Tokens verified lately, each with its claims and expiry: 10,000 of them and 8 MB at most (an entry is the
 * token, ~300 characters, and its claims). A signed-in user sends the same token with every request until it
 * expires; its signature and claims are the same each time, so only the first is checked in full and the others
 * only against the clock. Only a token that passed is kept.
 */
export const VERIFIED_TOKEN_BOUNDS = { max: 10_000, maxBytes: 8 * 1024 * 1024 };

interface Verified {
  claims: AccessClaims;
  /** Seconds since the epoch, as the token's `exp`. */
  exp: number;
}

export interface AccessTokens {
  sign(claims: AccessClaims): string;
  /** The claims of a valid, unexpired token of ours; null for anything else. */
  verify(token: string): AccessClaims | null;
}

/** Our own short-lived JWT: HS256 only (no `none`, no key confusion), with issuer and audience pinned. */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  // A KeyObject made once: given a string, jsonwebtoken first tries it as a
  // public key on every call (and throws), a quarter of a delivery's CPU.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const known = boundedCache<Verified>({
    ...VERIFIED_TOKEN_BOUNDS,
    bytesOf: ({ claims }) => 2 * OBJECT_BYTES + textBytes(claims.email) + textBytes(claims.uid),
  });
  return {
    sign: (claims) =>
      jwt.sign(claims, key, { algorithm: 'HS256', expiresIn: ttlSeconds, issuer: ISSUER, audience: AUDIENCE }),
    verify(token) {
      const seen = known.get(token);
      if (seen) {
        // jsonwebtoken's own rule: expired once the clock's whole second reaches `exp`.
        if (Math.floor(Date.now() / 1000) < seen.exp) return seen.claims;
        known.delete(token);
        return null;
      }
      try {
        const payload = jwt.verify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        const parsed = verifiedClaimsSchema.safeParse(payload);
        if (!parsed.success) return null;
        const { email, uid, verified, exp } = parsed.data;
        // Shared by every request that brings this token: nobody may change it.
        const claims: AccessClaims = Object.freeze({ email, uid, verified });
        known.set(token, { claims, exp });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
