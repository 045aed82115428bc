import { ACCESS_TOKEN_STORAGE_KEY } from '@smart-zone/types/auth';
import { countsAsVerified } from '@smart-zone/types/access-claims';
import type { LoginResult } from '@smart-zone/types/responses';
import type { ApiClient, TokenSource } from '../api-client';
import { readAccessClaims } from './access-claims';
import type { AuthGateway, AuthUser } from './gateway';

/** Renew a little before the 1-hour accessToken runs out. */
const EXPIRY_MARGIN_MS = 60_000;

const stored = {
  get: () => localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY),
  set: (token: string) => localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token),
  clear: () => localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY),
};

/** Does the stored accessToken belong to this user, as they are now (verified or not), and is it fresh? */
function accessFits(user: AuthUser): boolean {
  const claims = readAccessClaims(stored.get());
  if (!claims || claims.uid !== user.uid || claims.verified !== countsAsVerified(user)) return false;
  return claims.exp === undefined || claims.exp * 1000 > Date.now() + EXPIRY_MARGIN_MS;
}

export interface AccessSession extends TokenSource {
  /** Makes sure the stored accessToken fits this user, exchanging a fresh ID token at /login if not. */
  ensureFor(user: AuthUser): Promise<void>;
  clear(): void;
}

/**
 * Our API's accessToken: POST /login with the provider's ID token, kept in
 * localStorage under `accessToken`. One exchange at a time; callers arriving
 * meanwhile share it. `login` is a client without a token source (the
 * exchange sends the ID token itself).
 */
export function createAccessSession(gateway: AuthGateway, login: ApiClient): AccessSession {
  let inFlight: Promise<string | null> | null = null;

  const renew = () => {
    inFlight ??= (async () => {
      const idToken = await gateway.idToken(true);
      if (!idToken) return null;
      const { accessToken } = await login.request<LoginResult>('/login', { method: 'POST', bearer: idToken, body: {} });
      stored.set(accessToken);
      return accessToken;
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  return {
    current: stored.get,
    renew,
    ensureFor: async (user) => {
      if (!accessFits(user)) await renew();
    },
    clear: stored.clear,
  };
}
