import { clientConfigSchema, healthResultSchema } from '@smart-zone/types/api-schemas';
import type { ClientConfig } from '@smart-zone/types/client-config';
import type { HealthResult } from '@smart-zone/types/responses';
import { type Config, DEFAULT_CURRENCY } from '../config';
import { json } from '../http/route-docs';
import { route } from '../http/route';
import type { Store } from '../store/store';

/** A store that has not answered by then counts as down: well inside the image's 5 s HEALTHCHECK. */
export const HEALTH_TIMEOUT_MS = 2000;

/** The store's own check, or false when it throws or has not answered within `ms`. */
export async function storeAnswers(store: Store, ms = HEALTH_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([store.health().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the service says of itself: whether it is up (for load balancers) and the web app's settings. */
export function serviceRoutes(deps: {
  store: Store;
  config: Pick<Config, 'firebase' | 'authEmulatorHost'> & Partial<Pick<Config, 'currency'>>;
}) {
  // The web app's Firebase settings and the shop's currency at run time, so one build serves local, e2e and production.
  const clientConfig: ClientConfig = {
    firebase: deps.config.firebase,
    authEmulatorUrl: deps.config.authEmulatorHost ? `http://${deps.config.authEmulatorHost}` : null,
    currency: deps.config.currency ?? DEFAULT_CURRENCY,
  };
  return [
    route({
      method: 'get',
      path: '/health',
      operationId: 'getHealth',
      tag: 'service',
      summary: 'Whether the store answers (for load balancers and the container healthcheck)',
      description: 'A store that has not answered within 2 s counts as down.',
      access: 'public',
      responses: {
        '200': { description: 'The store answers', content: json(healthResultSchema) },
        '503': { description: 'The store has not answered within 2 s', content: json(healthResultSchema) },
      },
      async handle(_input, _req, res) {
        const ok = await storeAnswers(deps.store);
        const alertSendsFailed = ok ? await deps.store.alerts.failedCount().catch(() => undefined) : undefined;
        res.status(ok ? 200 : 503).json({
          ok,
          store: deps.store.kind,
          ...(alertSendsFailed === undefined ? {} : { alertSendsFailed }),
        } satisfies HealthResult);
      },
    }),

    route({
      method: 'get',
      path: '/config',
      operationId: 'getClientConfig',
      tag: 'service',
      summary: "The web app's Firebase settings and the shop's currency at run time",
      description: 'So that one build of the web app serves local, e2e and production.',
      access: 'public',
      responses: { '200': { description: 'Settings', content: json(clientConfigSchema) } },
      handle(_input, _req, res) {
        res.json(clientConfig);
      },
    }),
  ];
}
