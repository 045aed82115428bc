/**
 * What an operator reads: one JSON line per request (DESIGN.md, Logs), the
 * request id that ties a line to an answer, refusals with their reason, and
 * nothing a log must never hold (tokens, bodies, other people's emails).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { type AppConfig, createApp } from '../src/app';
import { parseStaffList } from '../src/auth/staff';
import type { Store } from '../src/store/store';
import { recordAnswers } from './helpers/conformance';
import { captureLog, LEVEL, type LogLine } from './helpers/log-capture';
import { fakeVerifier, sampleItem, TEST_ACTOR, testConfig, UNKNOWN_ID } from './helpers/test-app';
import { openTestStore } from './helpers/test-store';
import { errorOf, loginOf } from './support/bodies';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let store: Store;
let webDist: string;
beforeEach(async () => {
  store = await openTestStore();
  webDist = mkdtempSync(path.join(tmpdir(), 'smart-zone-logging-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Smart Zone</title>');
});
afterEach(async () => {
  await store.close();
  rmSync(webDist, { recursive: true, force: true });
});

function appWithLog(config: Partial<AppConfig> = {}) {
  const log = captureLog();
  const app = recordAnswers(
    createApp({
      store,
      verifier: fakeVerifier,
      config: { ...testConfig, webDist, ...config },
      logger: log.logger,
    }),
  );
  /** The request lines once the answers' `finish` events have run. */
  const requests = async (): Promise<LogLine[]> => {
    await new Promise((resolve) => setImmediate(resolve));
    return log.requests();
  };
  return { app, log, requests };
}

const idToken = (email: string) => `id:${email}:verified:password`;

describe('the request line', () => {
  it('is one JSON line per request: id, method, route pattern, status, duration and the uid when signed in', async () => {
    const { app, requests } = appWithLog();
    const id = (await store.items.create(sampleItem, TEST_ACTOR))._id;
    const login = await request(app)
      .post('/api/login')
      .set('Authorization', `Bearer ${idToken('ann@x.com')}`);
    const item = await request(app).get(`/api/inventory/${id}?fields=all`);
    const me = await request(app)
      .get('/api/me')
      .set('Authorization', `Bearer ${loginOf(login).accessToken}`);
    const missing = await request(app).get(`/api/inventory/${UNKNOWN_ID}`);

    const lines = await requests();
    expect(lines).toHaveLength(4);
    expect(lines.map((line) => [line.method, line.route, line.status, line.level])).toEqual([
      ['POST', '/api/login', 200, LEVEL.info],
      ['GET', '/api/inventory/:id', 200, LEVEL.info],
      ['GET', '/api/me', 200, LEVEL.info],
      // Thrown inside the inventory router and answered by the app's error handler: still the route's pattern.
      ['GET', '/api/inventory/:id', 404, LEVEL.info],
    ]);
    expect(lines.map((line) => line.reqId)).toEqual(
      [login, item, me, missing].map((res) => res.headers['x-request-id'] as string),
    );
    for (const line of lines) {
      expect(line.reqId).toMatch(UUID);
      expect(line.durationMs).toEqual(expect.any(Number));
    }
    expect(lines.map((line) => line.uid)).toEqual([undefined, undefined, 'uid-ann@x.com', undefined]);
    expect(lines[3]).toMatchObject({ code: 'not_found' });
  });

  it('names a path no route claims without its query string, and answers with the same id in the error body', async () => {
    const { app, requests } = appWithLog();
    const res = await request(app).get('/api/nothing/here?email=someone@else.example');
    expect(res.status).toBe(404);
    expect(errorOf(res).code).toBe('not_found');
    const [line] = await requests();
    expect(line).toMatchObject({
      method: 'GET',
      route: '/api/nothing/here',
      status: 404,
      reqId: res.headers['x-request-id'],
    });
  });

  it('never holds a token, a password, a body, a query string or another person’s email', async () => {
    const { app, log, requests } = appWithLog();
    const itemId = (await store.items.create(sampleItem, TEST_ACTOR))._id;
    const login = await request(app)
      .post('/api/login')
      .set('Authorization', `Bearer ${idToken('ann@x.com')}`);
    const { accessToken } = loginOf(login);
    const auth = { Authorization: `Bearer ${accessToken}` };
    await request(app).get('/api/myitem?email=bob.other@x.com').set(auth);
    await request(app)
      .post('/api/myitem')
      .set(auth)
      .send({ email: 'ann@x.com', inventoriesId: itemId, address: '12 Secret Lane', phone: '+15550001111' });
    await request(app)
      .post('/api/login')
      .send({ email: 'ann@x.com', password: 'hunter2-password' })
      .set('Cookie', 'session=cookie-value');
    await request(app).get('/api/me').set('Authorization', 'Bearer not.a.valid-token');

    const written = log.raw();
    expect(await requests()).toHaveLength(5);
    for (const secret of [
      idToken('ann@x.com'),
      accessToken,
      'not.a.valid-token',
      'bob.other@x.com',
      '12 Secret Lane',
      '+15550001111',
      'hunter2-password',
      'cookie-value',
      'authorization',
      'Bearer',
      'email=',
    ]) {
      expect([secret, written.includes(secret)]).toEqual([secret, false]);
    }
  });
});

describe('refusals', () => {
  it('a 401 and a failed sign-in are warnings with their reason', async () => {
    const { app, requests } = appWithLog();
    await request(app).get('/api/me');
    await request(app).get('/api/me').set('Authorization', 'Bearer not.a.valid-token');
    await request(app).post('/api/login');

    expect(
      (await requests()).map(({ level, route, status, code, reason }) => ({ level, route, status, code, reason })),
    ).toEqual([
      { level: LEVEL.warn, route: '/api/me', status: 401, code: 'unauthorized', reason: 'no bearer token' },
      {
        level: LEVEL.warn,
        route: '/api/me',
        status: 401,
        code: 'unauthorized',
        reason: 'access token invalid or expired',
      },
      { level: LEVEL.warn, route: '/api/login', status: 401, code: 'unauthorized', reason: 'no ID token' },
    ]);
  });

  it('a 403 names the caller’s uid and why; a 429 says which limit', async () => {
    const { app, requests } = appWithLog({ staff: parseStaffList('boss@x.com'), loginRateLimit: 1 });
    const login = await request(app)
      .post('/api/login')
      .set('Authorization', `Bearer ${idToken('ann@x.com')}`);
    await request(app)
      .post('/api/inventory')
      .set('Authorization', `Bearer ${loginOf(login).accessToken}`)
      .send(sampleItem);
    const limited = await request(app)
      .post('/api/login')
      .set('Authorization', `Bearer ${idToken('ann@x.com')}`);
    expect(limited.status).toBe(429);

    const [, forbidden, tooMany] = await requests();
    expect(forbidden).toMatchObject({
      level: LEVEL.warn,
      route: '/api/inventory',
      status: 403,
      uid: 'uid-ann@x.com',
      code: 'forbidden',
      reason: 'no role: manageItems needs manager',
    });
    expect(tooMany).toMatchObject({
      level: LEVEL.warn,
      route: '/api/login',
      status: 429,
      code: 'rate_limited',
      reason: 'sign-in limit: 1 a minute per address',
    });
  });
});

describe('an unexpected error', () => {
  it('is logged once, at error level, with its stack, and nothing goes to the console', async () => {
    const { app, log, requests } = appWithLog();
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(store.items, 'revision').mockRejectedValue(new Error('disk on fire'));
    try {
      const res = await request(app).get('/api/inventory');
      expect([res.status, errorOf(res).code]).toEqual([500, 'internal']);
      const lines = await requests();
      expect(log.lines()).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: LEVEL.error, route: '/api/inventory', status: 500, code: 'internal' });
      const err = lines[0]?.err as { type: string; message: string; stack: string };
      expect(err).toMatchObject({ type: 'Error', message: 'disk on fire' });
      expect(err.stack).toMatch(/^Error: disk on fire\n\s+at /);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });
});

describe('X-Request-Id', () => {
  it('is on every answer, API and web app, and is the error body’s requestId', async () => {
    const { app, requests } = appWithLog();
    const answers = [
      await request(app).get('/api/inventory'),
      await request(app).get(`/api/inventory/${UNKNOWN_ID}`),
      await request(app).get('/inventory'),
      await request(app).get('/missing.js'),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 404, 200, 404]);
    const ids = answers.map((res) => res.headers['x-request-id'] as string);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(4);
    // errorOf checks requestId against the header.
    expect(errorOf(answers[1] as request.Response).code).toBe('not_found');
    expect((await requests()).map((line) => [line.route, line.reqId])).toEqual([
      ['/api/inventory', ids[0]],
      ['/api/inventory/:id', ids[1]],
      ['/inventory', ids[2]],
      ['/missing.js', ids[3]],
    ]);
  });

  it('takes the incoming id only from a trusted proxy, and only when it is a sane token', async () => {
    const sent = (app: ReturnType<typeof createApp>, id: string) =>
      request(app).get(`/api/inventory/${UNKNOWN_ID}`).set('X-Request-Id', id);
    const proxied = appWithLog({ trustProxy: ['loopback'] }).app;
    const honoured = await sent(proxied, 'edge-7f3a.1:42');
    expect(honoured.headers['x-request-id']).toBe('edge-7f3a.1:42');
    expect(errorOf(honoured).code).toBe('not_found');
    for (const insane of ['two words', 'a'.repeat(129), 'x"y', 'line\tbreak']) {
      expect((await sent(proxied, insane)).headers['x-request-id']).toMatch(UUID);
    }
    expect((await sent(proxied, 'a'.repeat(128))).headers['x-request-id']).toBe('a'.repeat(128));

    // No proxy configured, or a request that did not come through the configured one: our own id.
    for (const trustProxy of [false, ['10.1.2.3']] as const) {
      const res = await sent(appWithLog({ trustProxy: trustProxy === false ? false : [...trustProxy] }).app, 'edge-1');
      expect([trustProxy, res.headers['x-request-id']]).toEqual([trustProxy, expect.stringMatching(UUID)]);
    }
  });
});
