import type { AuthGateway, AuthUser, GoogleAccount } from '../src/lib/auth/gateway';

/**
 * The authentication provider as the components see it, driven by the test:
 * the real Firebase SDK and emulator are exercised by the e2e suite.
 */
export class FakeGateway implements AuthGateway {
  private listeners = new Set<(user: AuthUser | null) => void>();

  constructor(public user: AuthUser | null = null) {}

  setUser(user: AuthUser | null) {
    this.user = user;
    this.listeners.forEach((listener) => listener(user));
  }

  onUserChanged(listener: (user: AuthUser | null) => void) {
    this.listeners.add(listener);
    queueMicrotask(() => listener(this.user));
    return () => {
      this.listeners.delete(listener);
    };
  }

  private become(user: AuthUser) {
    this.setUser(user);
    return user;
  }

  signIn = jest.fn(async (email: string, _password: string) => this.become(passwordUser(email, true)));
  signUp = jest.fn(async (email: string, _password: string, name?: string) =>
    this.become({ ...passwordUser(email, false), displayName: name ?? null }),
  );
  googleNeedsAccount = false;
  signInWithGoogle = jest.fn(async (_account?: GoogleAccount) => this.become(googleUser('g@example.com')));
  signOut = jest.fn(async () => {
    this.setUser(null);
  });
  sendVerification = jest.fn(async () => undefined);
  resetPassword = jest.fn(async (_email: string) => undefined);
  idToken = jest.fn(async () => (this.user ? `id-token-of-${this.user.email}` : null));
  reload = jest.fn(async () => this.user);
}

export function passwordUser(email: string, verified: boolean): AuthUser {
  return { uid: `uid-${email}`, email, displayName: null, emailVerified: verified, providerId: 'password' };
}

export function googleUser(email: string): AuthUser {
  // Google accounts are trusted as verified even when the flag says otherwise.
  return { uid: `uid-${email}`, email, displayName: 'G User', emailVerified: false, providerId: 'google.com' };
}
