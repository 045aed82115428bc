import request from 'supertest';
import type { HealthResult } from '@smart-zone/types/responses';
import { HEALTH_TIMEOUT_MS, storeAnswers } from '../src/service/service.routes';
import type { Store } from '../src/store/store';
import { makeTestApp, type TestApp } from './helpers/test-app';
import { TEST_STORE } from './helpers/test-store';

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
    expect(res.body as HealthResult).toEqual({ ok: true, store: TEST_STORE, alertSendsFailed: 0 });
  });

  it(`answers 503 within ${HEALTH_TIMEOUT_MS} ms once the store is down (closed)`, async () => {
    await t.store.close();
    const started = Date.now();
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body as HealthResult).toEqual({ ok: false, store: TEST_STORE });
    expect(Date.now() - started).toBeLessThan(HEALTH_TIMEOUT_MS + 500);
  });
});

describe('storeAnswers', () => {
  const storeWith = (health: () => Promise<boolean>): Store => ({ ...t.store, health });

  it('is false when the check throws or has not answered in time, and leaves no timer behind', async () => {
    jest.useFakeTimers();
    try {
      const hanging = storeAnswers(
        storeWith(() => new Promise<boolean>(() => {})),
        50,
      );
      await jest.advanceTimersByTimeAsync(50);
      await expect(hanging).resolves.toBe(false);
      await expect(
        storeAnswers(
          storeWith(() => Promise.reject(new Error('down'))),
          50,
        ),
      ).resolves.toBe(false);
      await expect(
        storeAnswers(
          storeWith(() => Promise.resolve(true)),
          50,
        ),
      ).resolves.toBe(true);
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
