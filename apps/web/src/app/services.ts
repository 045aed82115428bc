import { env } from '../config/env';
import { createApiClient } from '../lib/api-client';
import { createAccessSession } from '../lib/auth/access-session';
import type { AuthGateway } from '../lib/auth/gateway';
import { createQueryClient } from '../lib/query-client';

/**
 * The app's long-lived parts, made once per auth gateway: the API client
 * with its token source (the access session, which renews the accessToken on
 * a 401), and the query client with the one error handler.
 */
export function createServices(gateway: AuthGateway, { retry = true }: { retry?: boolean } = {}) {
  const access = createAccessSession(gateway, createApiClient({ baseUrl: env.apiBase }));
  const api = createApiClient({ baseUrl: env.apiBase, tokens: access });
  const queryClient = createQueryClient({
    retry,
    signOut: async () => {
      access.clear();
      await gateway.signOut();
    },
  });
  return { access, api, queryClient };
}
