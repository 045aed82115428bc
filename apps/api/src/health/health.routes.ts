import { Router } from 'express';
import type { HealthResult } from '@smart-zone/types/responses';
import type { Store } from '../store/store';

/** For load balancers and the container healthcheck: 503 when the store does not answer. */
export function healthRoutes(store: Store) {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const ok = await store.health().catch(() => false);
    res.status(ok ? 200 : 503).json({ ok, store: store.kind } satisfies HealthResult);
  });
  return router;
}
