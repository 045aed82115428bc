import { Router } from 'express';
import type { HealthResult } from '@smart-zone/types/responses';
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

/** For load balancers and the container healthcheck: 503 when the store does not answer within 2 s. */
export function healthRoutes(store: Store) {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const ok = await storeAnswers(store);
    res.status(ok ? 200 : 503).json({ ok, store: store.kind } satisfies HealthResult);
  });
  return router;
}
