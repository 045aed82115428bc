import { ACCESS_TOKEN_STORAGE_KEY } from '@smart-zone/types/auth';
import type { ClientConfig } from '@smart-zone/types/client-config';
import type { ApiClient } from '../api-client';
import { clientConfigSource } from '../client-config';
import { accessFits } from './access-claims';
import type { AuthGateway, AuthUser } from './gateway';

/**
 * Set while the provider says someone is signed in here, to that user: the
 * next visit loads the SDK at once, and may start from them (see remembered).
 */
const SIGNED_IN_HINT_KEY = 'smart-zone:signed-in';

const hintSaysSignedIn = () =>
  localStorage.getItem(SIGNED_IN_HINT_KEY) !== null || localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY) !== null;

/**
 * The user signed in here last time, when the stored accessToken (ours, which
 * the API checks on every call) still fits them: the app starts from them
 * while the SDK restores its session, which then confirms or replaces them.
 */
function remembered(): AuthUser | null {
  try {
    const user = JSON.parse(localStorage.getItem(SIGNED_IN_HINT_KEY) ?? 'null') as AuthUser | null;
    if (typeof user?.uid !== 'string' || typeof user.emailVerified !== 'boolean') return null;
    return accessFits(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY), user) ? user : null;
  } catch {
    return null;
  }
}

/**
 * The Firebase gateway, loaded only when it is needed, so a visitor's pages
 * never wait on (or download) the auth SDK: at once when this browser was
 * signed in last time; otherwise when a sign-in form asks for it (ready) or
 * an auth action runs. Until then a visitor is nobody, as the SDK would say.
 * The settings come from the API (GET /api/config) with the SDK, so one
 * build works against the local emulator and a real project alike; `config`
 * is the page's one ask for them, when it has one (main.tsx).
 */
export function createLazyGateway(
  api: ApiClient,
  config: () => Promise<ClientConfig> = clientConfigSource(api),
): AuthGateway {
  let loaded: AuthGateway | null = null;
  let loading: Promise<AuthGateway> | null = null;
  const listeners = new Set<(user: AuthUser | null) => void>();
  const subscriptions = new Map<(user: AuthUser | null) => void, () => void>();

  const subscribe = (gateway: AuthGateway, listener: (user: AuthUser | null) => void) => {
    subscriptions.set(
      listener,
      gateway.onUserChanged((user) => {
        if (user) localStorage.setItem(SIGNED_IN_HINT_KEY, JSON.stringify(user));
        else localStorage.removeItem(SIGNED_IN_HINT_KEY);
        listener(user);
      }),
    );
  };

  const load = () => {
    loading ??= Promise.all([config(), import('./firebase-gateway')])
      .then(([config, { createFirebaseGateway }]) => {
        loaded = createFirebaseGateway(config);
        listeners.forEach((listener) => subscribe(loaded!, listener));
        return loaded;
      })
      .catch((error: unknown) => {
        loading = null; // the next action tries again
        throw error;
      });
    return loading;
  };

  const whenLoaded = async () => loaded ?? (loading ? await loading.catch(() => null) : null);

  return {
    onUserChanged(listener) {
      listeners.add(listener);
      if (loaded) subscribe(loaded, listener);
      else if (hintSaysSignedIn()) {
        const user = remembered();
        if (user) queueMicrotask(() => listener(user));
        void load().catch(() => listener(null));
      } else queueMicrotask(() => listener(null));
      return () => {
        listeners.delete(listener);
        subscriptions.get(listener)?.();
        subscriptions.delete(listener);
      };
    },
    ready: async () => {
      await load();
    },
    get googleNeedsAccount() {
      return loaded?.googleNeedsAccount ?? false;
    },
    get linksInStartLog() {
      return loaded?.linksInStartLog ?? false;
    },
    signIn: async (email, password) => (await load()).signIn(email, password),
    signUp: async (email, password, name) => (await load()).signUp(email, password, name),
    signInWithGoogle: async (account) => (await load()).signInWithGoogle(account),
    // Nobody can be signed in through an SDK that was never loaded.
    signOut: async () => {
      localStorage.removeItem(SIGNED_IN_HINT_KEY);
      if (loaded || loading) await (await load()).signOut();
    },
    sendVerification: async () => (await load()).sendVerification(),
    resetPassword: async (email) => (await load()).resetPassword(email),
    // While the SDK loads (a remembered user's page may already ask), they wait for it.
    idToken: async (forceRefresh) => (await whenLoaded())?.idToken(forceRefresh) ?? null,
    reload: async () => (await whenLoaded())?.reload() ?? null,
  };
}
