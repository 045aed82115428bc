/** The signed-in person as the app needs them (from the authentication provider). */
export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  emailVerified: boolean;
  /** providerData[0].providerId: 'password', 'google.com', ... */
  providerId: string;
}

/**
 * What the app asks of the authentication provider. The Firebase SDK
 * implements it (firebase-gateway.ts); component tests hand in their own.
 */
export interface AuthGateway {
  /** Calls back with the current user now and on every change; returns the unsubscribe. */
  onUserChanged(listener: (user: AuthUser | null) => void): () => void;
  signIn(email: string, password: string): Promise<AuthUser>;
  /** Creates the account, sets the display name when given, and sends the verification email. */
  signUp(email: string, password: string, name?: string): Promise<AuthUser>;
  /**
   * True when Google sign-in runs against the Auth emulator: the person types
   * the Google account to use (see firebase-gateway.ts for why there is no popup then).
   */
  googleNeedsAccount: boolean;
  /**
   * True on the local Auth emulator: it sends no email; `pnpm start` prints each verification and
   * password-reset link in the terminal running Smart Zone instead.
   */
  linksInStartLog: boolean;
  /** Google's popup, or with the emulator the account typed in `account`. */
  signInWithGoogle(account?: GoogleAccount): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** Loads the provider's SDK (if it is loaded on demand); resolves once it is there. */
  ready?(): Promise<void>;
  /** Sends the verification email again; fails with 'No user is logged in' without a user. */
  sendVerification(): Promise<void>;
  resetPassword(email: string): Promise<void>;
  /** The signed-in user's Firebase ID token (refreshed when asked), or null. */
  idToken(forceRefresh?: boolean): Promise<string | null>;
  /** Re-reads the user from the provider (e.g. after the email link was clicked). */
  reload(): Promise<AuthUser | null>;
}

/** The Google account to sign in with on the Auth emulator. */
export interface GoogleAccount {
  email: string;
  name?: string;
}
