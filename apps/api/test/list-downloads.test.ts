import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { isErrorBody } from '@smart-zone/types/errors';
import { makeTestApp, sampleItem, TEST_ACTOR, type TestApp } from './helpers/test-app';

/**
 * The whole list (GET /api/inventory without limit) is the one answer that
 * takes long to write: it is bounded per client address and in all, a reader
 * that stops reading is dropped, and other requests are answered while it runs.
 */
let t: TestApp;
let server: http.Server;
let base: string;
const ITEMS = 20_000; // ~6 MB of JSON: more than loopback's socket buffers hold

beforeAll(async () => {
  t = await makeTestApp({ listDownloads: { perClient: 1, total: 2, stalledReaderMs: 1500 } });
  const filler = 'x'.repeat(200);
  await t.store.items.createMany(
    Array.from({ length: ITEMS }, (_, i) => ({ ...sampleItem, name: `Item ${i}`, description: filler })),
    TEST_ACTOR,
  );
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** When each download's response closed: watched from the start, as a reset can close it while paused. */
const closed = new WeakMap<http.IncomingMessage, Promise<void>>();

/** Starts a whole-list download (the JSON list, or the CSV export) and reads nothing past its headers. */
function stalledDownload(path = '/api/inventory'): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: { 'Accept-Encoding': 'identity' } }, (res) => {
      res.pause();
      res.on('error', () => undefined);
      closed.set(res, new Promise((done) => res.once('close', () => done())));
      resolve(res);
    });
    req.on('error', reject);
  });
}

/** Reads what is left of an answer (nothing, if it was reset); complete when it ended with the closing `]`. */
async function drain(res: http.IncomingMessage): Promise<{ complete: boolean; text: string }> {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.resume();
  await closed.get(res);
  return { complete: res.complete, text };
}

it('a reader that stops reading is dropped after the stall timeout, and its slot comes back', async () => {
  const first = await stalledDownload();
  expect(first.statusCode).toBe(200);
  // Its slot is taken: the same address gets a 429 in the error shape, with Retry-After.
  const refused = await request(t.app).get('/api/inventory').set('Accept-Encoding', 'identity');
  expect(refused.status).toBe(429);
  expect(isErrorBody(refused.body)).toBe(true);
  expect(refused.body).toMatchObject({ error: { code: 'rate_limited' } });
  expect(refused.headers['retry-after']).toBe('5');
  expect(refused.headers.etag).not.toBe(first.headers.etag);
  // The server drops it on its own (1.5 s here, 30 s by default): what was sent never ends the array…
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const cut = await drain(first);
  expect(cut.complete).toBe(false);
  expect(cut.text.endsWith(']')).toBe(false);
  // …and the slot is free again: a reader that reads gets the whole list.
  const whole = await request(t.app).get('/api/inventory').set('Accept-Encoding', 'identity');
  expect(whole.status).toBe(200);
  expect(whole.body).toHaveLength(ITEMS);
});

it('the CSV export takes a slot as the whole list does: refused while it is held, dropped when stalled', async () => {
  const held = await stalledDownload('/api/inventory.csv');
  expect(held.statusCode).toBe(200);
  expect(held.headers['content-type']).toBe('text/csv; charset=utf-8');
  for (const path of ['/api/inventory', '/api/inventory.csv']) {
    const refused = await request(t.app).get(path).set('Accept-Encoding', 'identity');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'rate_limited' } });
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const cut = await drain(held);
  expect(cut.complete).toBe(false);
  const whole = await request(t.app).get('/api/inventory.csv').set('Accept-Encoding', 'identity');
  expect(whole.status).toBe(200);
  // The header, a line per item, and the last line's CRLF.
  expect(whole.text.split('\r\n')).toHaveLength(ITEMS + 2);
});

it('a client that hangs up gives its slot back at once (well before the stall timeout)', async () => {
  const download = await stalledDownload();
  download.destroy();
  const started = Date.now();
  for (;;) {
    const again = await stalledDownload();
    const status = again.statusCode;
    again.destroy();
    if (status === 200) break;
    expect(status).toBe(429);
    expect(Date.now() - started).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
});

it('a 304 takes no slot: revalidating the whole list is never refused', async () => {
  const held = await stalledDownload();
  const etag = held.headers.etag!;
  for (let i = 0; i < 5; i++) {
    const res = await request(t.app).get('/api/inventory').set('If-None-Match', etag);
    expect(res.status).toBe(304);
  }
  held.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
});

it('other requests are answered while whole lists are written', async () => {
  const downloads = [0, 1].map(
    () =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${base}/api/inventory`, { headers: { 'Accept-Encoding': 'identity' } }, (res) => {
            res.resume();
            res.on('end', () => resolve(Date.now()));
          })
          .on('error', reject);
      }),
  );
  // Past the per-address limit: the same client's third is refused, not queued.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const page = await request(t.app).get('/api/inventory?limit=6');
  const pageAt = Date.now();
  expect(page.status).toBe(200);
  const ends = await Promise.all(downloads);
  expect(pageAt).toBeLessThan(Math.max(...ends));
});
