import type { LoginResult } from '@smart-zone/types/responses';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { accessToken, apiRequest, setAccessTokenRenewer } from '../api-client';
import { readAccessClaims } from './access-claims';
import { AuthContext, type AuthSession } from './auth-context';
import { type AuthGateway, type AuthUser, isVerified } from './gateway';

/** Renew a little before the 1-hour accessToken runs out. */
const EXPIRY_MARGIN_MS = 60_000;

/** Does the stored accessToken belong to this user, as they are now (verified or not), and is it fresh? */
function accessFits(user: AuthUser): boolean {
  const claims = readAccessClaims(accessToken.get());
  if (!claims || claims.uid !== user.uid || claims.verified !== isVerified(user)) return false;
  return claims.exp === undefined || claims.exp * 1000 > Date.now() + EXPIRY_MARGIN_MS;
}

/**
 * The signed-in session: the provider's user, and our API's accessToken
 * (POST /login with the Firebase ID token, kept in localStorage under
 * `accessToken`). The app sees a user only once their accessToken fits them,
 * so a page never asks the API with a token minted before the email was
 * verified. A 401 from the API renews the accessToken once.
 */
export function AuthProvider({ gateway, children }: { gateway: AuthGateway; children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | null>(null);
  const [loading, setLoading] = useState(true);
  const inFlight = useRef<Promise<string | null> | null>(null);
  const latestChange = useRef(0);

  /** One /login exchange at a time; callers arriving meanwhile share it. */
  const exchange = useCallback(() => {
    inFlight.current ??= (async () => {
      const idToken = await gateway.idToken(true);
      if (!idToken) return null;
      const { accessToken: token } = await apiRequest<LoginResult>('/login', {
        method: 'POST',
        bearer: idToken,
        body: {},
      });
      accessToken.set(token);
      return token;
    })().finally(() => {
      inFlight.current = null;
    });
    return inFlight.current;
  }, [gateway]);

  const ensureAccess = useCallback(
    async (next: AuthUser) => {
      if (!accessFits(next)) await exchange();
    },
    [exchange],
  );

  useEffect(
    () =>
      gateway.onUserChanged((next) => {
        const change = ++latestChange.current;
        void (async () => {
          if (next) await ensureAccess(next).catch(() => undefined);
          else accessToken.clear();
          if (change !== latestChange.current) return; // a newer change has won
          setUser(next);
          setLoading(false);
        })();
      }),
    [gateway, ensureAccess],
  );

  useEffect(() => {
    setAccessTokenRenewer(exchange);
    return () => setAccessTokenRenewer(null);
  }, [exchange]);

  const session = useMemo<AuthSession>(() => {
    // The listener usually gets there first; ensureAccess makes the second caller a no-op.
    const thenAccess = (signedIn: AuthUser) => ensureAccess(signedIn);
    return {
      user,
      loading,
      signIn: async (email, password) => {
        await thenAccess(await gateway.signIn(email, password));
      },
      signUp: async (email, password, name) => {
        await thenAccess(await gateway.signUp(email, password, name));
      },
      googleNeedsAccount: gateway.googleNeedsAccount,
      signInWithGoogle: async (account) => {
        await thenAccess(await gateway.signInWithGoogle(account));
      },
      signOut: async () => {
        accessToken.clear();
        await gateway.signOut();
      },
      sendVerification: () => gateway.sendVerification(),
      resetPassword: (email) => gateway.resetPassword(email),
      refreshUser: () => gateway.reload(),
    };
  }, [user, loading, gateway, ensureAccess]);

  return <AuthContext.Provider value={session}>{children}</AuthContext.Provider>;
}
