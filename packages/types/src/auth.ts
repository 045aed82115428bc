/** What our accessToken (a short-lived JWT minted by POST /login) carries. */
export interface AccessClaims {
  email: string;
  uid: string;
  /** Password users must have verified their email; Google users count as verified. */
  verified: boolean;
}

export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken';
