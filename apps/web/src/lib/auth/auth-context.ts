import { createContext, useContext } from 'react';
import type { AuthUser, GoogleAccount } from './gateway';

export interface AuthSession {
  user: AuthUser | null;
  /** True until the provider has told us who (if anyone) is signed in. */
  loading: boolean;
  /**
   * True while loading when a verified user's accessToken is stored: someone who comes back, whose page is drawn
   * for them before the provider has said (the header keeps their search's room, so nothing moves when it comes).
   */
  returning: boolean;
  signIn: (email: string, password: string) => Promise<void>;
  signUp: (email: string, password: string, name?: string) => Promise<void>;
  /** See AuthGateway.googleNeedsAccount (known once the SDK is loaded, hence a promise). */
  googleNeedsAccount: () => Promise<boolean>;
  /** See AuthGateway.linksInStartLog (known once the SDK is loaded, hence a promise). */
  linksInStartLog: () => Promise<boolean>;
  signInWithGoogle: (account?: GoogleAccount) => Promise<void>;
  signOut: () => Promise<void>;
  /** Starts loading the sign-in machinery (a sign-in form calls it once the person starts on it). */
  preload: () => void;
  sendVerification: () => Promise<void>;
  resetPassword: (email: string) => Promise<void>;
  /** Re-reads the user (has the email been verified since?) and renews the accessToken if so. */
  refreshUser: () => Promise<AuthUser | null>;
}

export const AuthContext = createContext<AuthSession | null>(null);

export function useAuth(): AuthSession {
  const session = useContext(AuthContext);
  if (!session) throw new Error('useAuth must be used inside <AuthProvider>');
  return session;
}
