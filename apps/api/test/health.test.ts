import request from 'supertest';
import type { HealthResult } from '@smart-zone/types/responses';
import { HEALTH_TIMEOUT_MS } from '../src/health/health.routes';
import { makeTestApp, type TestApp } from './helpers/test-app';

/** GET /api/health on a real store of this project's kind (runs in both jest projects). */
let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 with the store kind while the store answers', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body as HealthResult).toEqual({ ok: true, store: t.store.kind });
  });

  it(`answers 503 within ${HEALTH_TIMEOUT_MS} ms once the store is down (closed)`, async () => {
    await t.store.close();
    const started = Date.now();
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body as HealthResult).toEqual({ ok: false, store: t.store.kind });
    expect(Date.now() - started).toBeLessThan(HEALTH_TIMEOUT_MS + 500);
  });
});
