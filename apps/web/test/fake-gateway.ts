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

  signIn = jest.fn((email: string, _password: string) => Promise.resolve(this.become(passwordUser(email, true))));
  signUp = jest.fn((email: string, _password: string, name?: string) =>
    Promise.resolve(this.become({ ...passwordUser(email, false), displayName: name ?? null })),
  );
  googleNeedsAccount = false;
  linksInStartLog = false;
  signInWithGoogle = jest.fn((_account?: GoogleAccount) => Promise.resolve(this.become(googleUser('g@example.com'))));
  signOut = jest.fn(() => {
    this.setUser(null);
    return Promise.resolve();
  });
  sendVerification = jest.fn(() => Promise.resolve());
  resetPassword = jest.fn((_email: string) => Promise.resolve());
  idToken = jest.fn(() => Promise.resolve(this.user ? `id-token-of-${this.user.email}` : null));
  reload = jest.fn(() => Promise.resolve(this.user));
}

export function passwordUser(email: string, verified: boolean): AuthUser {
  return { uid: `uid-${email}`, email, displayName: null, emailVerified: verified, providerId: 'password' };
}

export function googleUser(email: string): AuthUser {
  // Google accounts are trusted as verified even when the flag says otherwise.
  return { uid: `uid-${email}`, email, displayName: 'G User', emailVerified: false, providerId: 'google.com' };
}
