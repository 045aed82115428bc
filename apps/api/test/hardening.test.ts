import request from 'supertest';
import { clientConfigOf, errorOf, healthOf } from './support/bodies';
import { BODY_LIMIT } from '../src/http/route';
import { recordAnswers } from './helpers/conformance';
import { captureLog } from './helpers/log-capture';
import { makeTestApp, sampleItem, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

describe('hardening', () => {
  it('sends helmet security headers and no x-powered-by', async () => {
    const res = await request(t.app).get('/api/inventory');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-powered-by']).toBeUndefined();
    // Google sign-in's popup is on another origin: the page must still see it close.
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('allows CORS only for configured origins', async () => {
    const allowed = await request(t.app).get('/api/inventory').set('Origin', 'http://allowed.example');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://allowed.example');
    // A page on that origin may read the list's count, an item's version, when to retry, the request id, and
    // whether a write's answer is a replay (its Idempotency-Key's).
    expect(allowed.headers['access-control-expose-headers']).toBe(
      'X-Total-Count,ETag,Retry-After,X-Request-Id,Idempotent-Replayed',
    );
    const other = await request(t.app).get('/api/inventory').set('Origin', 'http://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it(`answers 413 in the error shape for a body over ${BODY_LIMIT}, and adds nothing`, async () => {
    const token = await t.tokenFor('a@x.com');
    const res = await request(t.app)
      .post('/api/inventory')
      .set('Authorization', `Bearer ${token}`)
      .send({ ...sampleItem, description: 'x'.repeat(200_000) });
    expect(res.status).toBe(413);
    expect(errorOf(res).code).toBe('payload_too_large');
    expect(await t.store.items.count()).toBe(0);
  });

  it('answers 400 for malformed JSON', async () => {
    const token = await t.tokenFor('a@x.com');
    const res = await request(t.app)
      .post('/api/inventory')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/json')
      .send('{"name": ');
    expect(res.status).toBe(400);
    expect(errorOf(res)).toEqual({ code: 'bad_request', message: 'Request body is not valid JSON' });
  });

  it('answers 400 for a form-encoded body rather than guessing', async () => {
    const token = await t.tokenFor('a@x.com');
    const res = await request(t.app)
      .post('/api/inventory')
      .set('Authorization', `Bearer ${token}`)
      .type('form')
      .send('name=x');
    expect(res.status).toBe(400);
  });

  it("keeps an operator-looking query key literal: it never matches someone else's deliveries", async () => {
    const itemId = await t.addItem({ quantity: 5 });
    const bob = await t.tokenFor('b@x.com');
    const placed = await request(t.app)
      .post('/api/myitem')
      .set('Authorization', `Bearer ${bob}`)
      .send({ email: 'b@x.com', name: 'Bob', inventoriesId: itemId, address: '1 Road', phone: '0123', quantity: 1 });
    expect(placed.status).toBe(201);
    const token = await t.tokenFor('a@x.com');
    // The simple query parser keeps "email[$ne]" as a literal key: no operator reaches the store.
    const res = await request(t.app).get('/api/myitem?email[$ne]=x').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('answers 400 for a repeated query parameter', async () => {
    const token = await t.tokenFor('a@x.com');
    const twice = await request(t.app)
      .get('/api/myitem?email=a@x.com&email=b@x.com')
      .set('Authorization', `Bearer ${token}`);
    expect(twice.status).toBe(400);
  });

  it('answers 400 for operator objects in a JSON body, and stores nothing', async () => {
    const token = await t.tokenFor('a@x.com');
    const item = await request(t.app)
      .post('/api/inventory')
      .set('Authorization', `Bearer ${token}`)
      .send({ ...sampleItem, name: { $ne: null } });
    expect(item.status).toBe(400);
    expect(await t.store.items.count()).toBe(0);
    const itemId = await t.addItem({ quantity: 5 });
    const delivery = await request(t.app)
      .post('/api/myitem')
      .set('Authorization', `Bearer ${token}`)
      .send({ email: 'a@x.com', name: 'A', inventoriesId: { $gt: '' }, address: '1 Road', phone: '0123', quantity: 1 });
    expect(delivery.status).toBe(400);
    expect((await t.store.items.get(itemId))?.quantity).toBe(5);
  });

  it('answers 404 in the error shape for an unknown API path', async () => {
    const res = await request(t.app).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(errorOf(res)).toEqual({ code: 'not_found', message: 'No API route for GET /api/nothing-here' });
  });

  it('reports the store in GET /api/health', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, store: t.store.kind, alertSendsFailed: 0 });
  });

  it('answers 503 from /api/health when the store does not answer', async () => {
    jest.spyOn(t.store, 'health').mockResolvedValue(false);
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(503);
    expect(healthOf(res).ok).toBe(false);
  });

  it('answers an unexpected failure with 500 and no internals', async () => {
    const log = captureLog();
    const { createApp } = await import('../src/app');
    const { testConfig, fakeVerifier } = await import('./helpers/test-app');
    jest.spyOn(t.store.items, 'revision').mockRejectedValue(new Error('disk on fire at /var/secret'));
    const app = recordAnswers(
      createApp({ store: t.store, verifier: fakeVerifier, config: testConfig, logger: log.logger }),
    );
    const res = await request(app).get('/api/inventory');
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('disk on fire');
    expect(errorOf(res).code).toBe('internal');
    expect(log.lines().filter((line) => JSON.stringify(line).includes('disk on fire'))).toHaveLength(1);
  });
});

describe('GET /api/config', () => {
  it('gives the web app its Firebase settings and no emulator in production mode', async () => {
    const res = await request(t.app).get('/api/config');
    expect(res.body).toEqual({
      firebase: { projectId: 'demo-smart-zone', apiKey: 'demo-api-key', authDomain: 'demo-smart-zone.firebaseapp.com' },
      authEmulatorUrl: null,
      currency: 'USD',
    });
  });

  it("names the shop's currency (the CURRENCY setting)", async () => {
    const euros = await makeTestApp({ currency: 'EUR' });
    try {
      expect(clientConfigOf(await request(euros.app).get('/api/config')).currency).toBe('EUR');
    } finally {
      await euros.close();
    }
  });

  it('names the emulator the API trusts', async () => {
    const local = await makeTestApp({ authEmulatorHost: '127.0.0.1:9099' });
    try {
      expect(clientConfigOf(await request(local.app).get('/api/config')).authEmulatorUrl).toBe('http://127.0.0.1:9099');
    } finally {
      await local.close();
    }
  });
});
