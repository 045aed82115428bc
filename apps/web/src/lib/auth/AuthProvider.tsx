import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { readAccessClaims } from './access-claims';
import type { AccessSession } from './access-session';
import { AuthContext, type AuthSession } from './auth-context';
import type { AuthGateway, AuthUser } from './gateway';

const sameUser = (a: AuthUser | null, b: AuthUser | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.uid === b.uid &&
    a.email === b.email &&
    a.displayName === b.displayName &&
    a.emailVerified === b.emailVerified &&
    a.providerId === b.providerId);

/**
 * The signed-in session: the provider's user and our API's accessToken. The
 * app sees a user only once their accessToken fits them, so a page never asks
 * the API with a token minted before the email was verified.
 */
export function AuthProvider({
  gateway,
  access,
  children,
}: {
  gateway: AuthGateway;
  access: AccessSession;
  children: ReactNode;
}) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [loading, setLoading] = useState(true);
  const latestChange = useRef(0);

  // Before the first paint: a visitor's gateway answers "nobody" at once (a microtask), so their first page is
  // painted already knowing it, not with the room kept for a signed-in person's tools, then again without it.
  useLayoutEffect(
    () =>
      gateway.onUserChanged((next) => {
        const change = ++latestChange.current;
        void (async () => {
          if (next) await access.ensureFor(next).catch(() => undefined);
          else access.clear();
          if (change !== latestChange.current) return; // a newer change has won
          // The SDK confirming the user the app started from (lazy-gateway.ts remembered) is no change: the
          // whole app under this provider is not drawn again for it.
          setUser((current) => (sameUser(current, next) ? current : next));
          setLoading(false);
        })();
      }),
    [gateway, access],
  );

  const session = useMemo<AuthSession>(() => {
    // The listener usually gets there first; ensureFor makes the second caller a no-op.
    const thenAccess = (signedIn: AuthUser) => access.ensureFor(signedIn);
    return {
      user,
      loading,
      returning: loading && readAccessClaims(access.current())?.verified === true,
      signIn: async (email, password) => {
        await thenAccess(await gateway.signIn(email, password));
      },
      signUp: async (email, password, name) => {
        await thenAccess(await gateway.signUp(email, password, name));
      },
      googleNeedsAccount: async () => {
        await gateway.ready?.();
        return gateway.googleNeedsAccount;
      },
      linksInStartLog: async () => {
        await gateway.ready?.();
        return gateway.linksInStartLog;
      },
      signInWithGoogle: async (account) => {
        await thenAccess(await gateway.signInWithGoogle(account));
      },
      signOut: async () => {
        access.clear();
        await gateway.signOut();
      },
      preload: () => void gateway.ready?.().catch(() => undefined),
      sendVerification: () => gateway.sendVerification(),
      resetPassword: (email) => gateway.resetPassword(email),
      refreshUser: () => gateway.reload(),
    };
  }, [user, loading, gateway, access]);

  return <AuthContext.Provider value={session}>{children}</AuthContext.Provider>;
}
