import type { z } from 'zod';
import type { meSchema } from './api-schemas';

/** What our accessToken (a short-lived JWT minted by POST /login) carries. */
export interface AccessClaims {
  email: string;
  uid: string;
  /** Password users must have verified their email; Google users count as verified. */
  verified: boolean;
}

export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';

/** GET /api/me: who the caller is and whether this warehouse counts them as staff (who may write). */
export type Me = z.output<typeof meSchema>;
