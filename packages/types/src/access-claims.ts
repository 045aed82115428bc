import { z } from 'zod';

/**
 * Providers that vouch for their users' email addresses. A password user must
 * verify theirs first; a Google user counts as verified (the product's rule).
 */
const VERIFIED_PROVIDERS: ReadonlySet<string> = new Set(['google.com']);

/** Does this person's email count as verified, whatever the provider says of the flag? */
export function countsAsVerified(user: { emailVerified: boolean; providerId: string }): boolean {
  return user.emailVerified || VERIFIED_PROVIDERS.has(user.providerId);
}

/**
 * What our accessToken (a short-lived JWT minted by POST /login) carries. The
 * API checks it after verifying the signature; the web app reads it only to
 * decide whether the stored token still fits the signed-in user.
 */
export const accessClaimsSchema = z.object({
  email: z.string().min(1),
  uid: z.string().min(1),
  verified: z.boolean(),
});

/** The claims as a decoded token holds them, with the JWT's issue and expiry times (seconds since 1970). */
export const decodedAccessClaimsSchema = accessClaimsSchema.extend({
  iat: z.number().optional(),
  exp: z.number().optional(),
});
export type DecodedAccessClaims = z.output<typeof decodedAccessClaimsSchema>;
