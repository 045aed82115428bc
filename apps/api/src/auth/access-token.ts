import { createSecretKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { accessClaimsSchema } from '@smart-zone/types/access-claims';
import type { AccessClaims } from '@smart-zone/types/auth';

const ISSUER = 'smart-zone';
// Every accessToken we sign has an expiry: a token without one (signed with a leaked secret, or by
// an old build) is refused, never accepted for ever.
const verifiedClaimsSchema = accessClaimsSchema.extend({ exp: z.number() });
const AUDIENCE = 'smart-zone-api';

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
  return {
    sign: (claims) =>
      jwt.sign(claims, key, { algorithm: 'HS256', expiresIn: ttlSeconds, issuer: ISSUER, audience: AUDIENCE }),
    verify(token) {
      try {
        const payload = jwt.verify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        const claims = verifiedClaimsSchema.safeParse(payload);
        if (!claims.success) return null;
        const { email, uid, verified } = claims.data;
        return { email, uid, verified };
      } catch {
        return null;
      }
    },
  };
}
