import { ACCESS_TOKEN_STORAGE_KEY } from '@smart-zone/types/auth';
import type { LoginResult } from '@smart-zone/types/responses';
import type { ApiClient, TokenSource } from '../api-client';
import { accessFits } from './access-claims';
import type { AuthGateway, AuthUser } from './gateway';

const stored = {
  get: () => localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY),
  set: (token: string) => localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token),
  clear: () => localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY),
};

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
      if (!accessFits(stored.get(), user)) await renew();
    },
    clear: stored.clear,
  };
}
