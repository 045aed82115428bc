import compression from 'compression';
import express, { type Express } from 'express';
import request from 'supertest';
import {
  lastAnswer,
  openApiDocument,
  recordAnswers,
  answerCounts,
  takeViolations,
  templateOf,
} from './helpers/conformance';
import { makeTestApp, sampleItem, type TestApp } from './helpers/test-app';

/**
 * The conformance check (helpers/conformance.ts, run on every answer of the
 * suite by helpers/conformance-setup.ts) can fail: a planted drift, through
 * the same recorder, is caught and named. Each test takes the violations it
 * planted, so the setup file's afterEach finds none left.
 */

const item = {
  ...sampleItem,
  _id: '0123456789abcdef01234567',
  createdAt: '2025-01-02T03:04:05.000Z',
  updatedAt: '2025-01-02T03:04:05.000Z',
  version: 1,
  minStock: 0,
};

/** A stand-in API of one route, recorded as the real app is. */
function tinyApi(route: (app: Express) => void): Express {
  const app = express();
  // Headers are what each route sets, no more.
  app.set('etag', false);
  app.use(compression({ threshold: 0 }));
  route(app);
  return recordAnswers(app);
}

describe('a planted drift fails', () => {
  it('an extra field in an answer', async () => {
    const app = tinyApi((api) =>
      api.get('/api/health', (_req, res) => res.json({ ok: true, store: 'sqlite', uptime: 3 })),
    );
    expect((await request(app).get('/api/health')).status).toBe(200);
    expect(takeViolations()).toEqual([
      'GET /health → 200 (GET /api/health): body does not match the schema: (root) must NOT have additional properties "uptime"; body {"ok":true,"store":"sqlite","uptime":3}',
    ]);
  });

  it('a changed status', async () => {
    const app = tinyApi((api) =>
      api.get('/api/health', (_req, res) => res.status(418).json({ ok: true, store: 'sqlite' })),
    );
    expect((await request(app).get('/api/health')).status).toBe(418);
    expect(takeViolations()).toEqual([
      expect.stringMatching(
        /^GET \/health → 418 \(GET \/api\/health\): status 418 is not documented \(documented: 200, [\d, ]+\); body \{"ok":true,"store":"sqlite"\}$/,
      ),
    ]);
  });

  it('a documented header missing, or not as documented', async () => {
    const app = tinyApi((api) => {
      api.get('/api/inventory/:id', (_req, res) => res.json(item));
      api.get('/api/inventory', (_req, res) => res.set({ 'X-Total-Count': 'many', ETag: '"1"' }).json([item]));
    });
    await request(app).get(`/api/inventory/${item._id}`);
    await request(app).get('/api/inventory?limit=1');
    expect(takeViolations()).toEqual([
      `GET /inventory/{id} → 200 (GET /api/inventory/${item._id}): required header ETag is missing`,
      'GET /inventory → 200 (GET /api/inventory?limit=1): header X-Total-Count: "many" (root) must match pattern "^\\d+$"',
    ]);
  });

  it('a wrong Content-Type, and a body where none is documented', async () => {
    const app = tinyApi((api) => {
      api.get('/api/health', (_req, res) => res.type('text').send(JSON.stringify({ ok: true, store: 'sqlite' })));
      api.get('/api/inventory/:id', (_req, res) => res.status(304).set('ETag', '"1"').end());
      api.get('/api/inventory', (_req, res) => res.status(304).type('json').send('[]'));
    });
    await request(app).get('/api/health');
    await request(app).get(`/api/inventory/${item._id}`);
    expect(takeViolations()).toEqual([
      'GET /health → 200 (GET /api/health): Content-Type "text/plain; charset=utf-8", documented: application/json',
    ]);
    // Express drops a 304's body itself: nothing reaches the wire to be wrong.
    await request(app).get('/api/inventory');
    expect(takeViolations()).toEqual([]);
  });

  it('a drift inside a compressed answer written in many chunks', async () => {
    const app = tinyApi((api) =>
      api.get('/api/inventory', (_req, res) => {
        res.set({ 'X-Total-Count': '40', ETag: '"1"' }).type('json');
        res.write('[');
        for (let i = 0; i < 40; i++)
          res.write(`${i ? ',' : ''}${JSON.stringify(i === 39 ? { ...item, stock: 1 } : item)}`);
        res.end(']');
      }),
    );
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const res = await request(app).get('/api/inventory').set('Accept-Encoding', encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(takeViolations()).toEqual([
        expect.stringMatching(/^GET \/inventory → 200 .*: \/39 must NOT have additional properties "stock"/),
      ]);
    }
  });
});

describe('what is checked', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('turns a concrete path into the document’s template', () => {
    expect(templateOf(`/inventory/${item._id}/history`)).toBe('/inventory/{id}/history');
    expect(templateOf(`/inventory/${item._id}/`)).toBe('/inventory/{id}');
    expect(templateOf('/openapi.json')).toBe('/openapi.json');
    expect(templateOf('/nothing-here')).toBeUndefined();
  });

  it('checks the real app’s answers, compressed and streamed, HEAD and 304 included', async () => {
    for (let i = 0; i < 30; i++) await t.addItem({ name: `Phone ${i}` });
    const whole = await request(t.app).get('/api/inventory').set('Accept-Encoding', 'br');
    expect(whole.headers['content-encoding']).toBe('br');
    expect(lastAnswer()).toEqual({
      method: 'GET',
      url: '/api/inventory',
      status: 200,
      operation: 'GET /inventory',
      problems: [],
    });
    const again = await request(t.app)
      .get('/api/inventory')
      .set('If-None-Match', whole.headers.etag as string);
    expect(again.status).toBe(304);
    expect(lastAnswer()).toMatchObject({ operation: 'GET /inventory', status: 304, problems: [] });
    await request(t.app).head('/api/health');
    expect(lastAnswer()).toMatchObject({ method: 'HEAD', operation: 'HEAD /health', status: 200, problems: [] });
  });

  it('skips, and counts, answers under /api that no operation documents; pages are not API answers', async () => {
    const before = answerCounts().skipped.length;
    expect((await request(t.app).get('/api/nothing-here')).status).toBe(404);
    expect((await request(t.app).patch('/api/health')).status).toBe(404);
    expect(answerCounts().skipped.slice(before)).toEqual(['GET /api/nothing-here → 404', 'PATCH /api/health → 404']);
    const last = lastAnswer();
    await request(t.app).get('/inventory');
    expect(lastAnswer()).toBe(last);
  });

  it('the document’s response objects reject fields they do not list (additionalProperties: false)', () => {
    const open: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as { properties?: unknown; additionalProperties?: unknown };
      if (schema.properties && schema.additionalProperties !== false) open.push(at);
      for (const [key, child] of Object.entries(node)) walk(child, `${at}/${key}`);
    };
    const doc = openApiDocument();
    walk(doc.components?.schemas, '#/components/schemas');
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations))
        walk(operation.responses, `${method.toUpperCase()} ${path}`);
    }
    // The document describes itself loosely on purpose: its own schema is OpenAPI's, not ours.
    expect(open).toEqual(['GET /openapi.json/200/content/application/json/schema']);
  });
});
