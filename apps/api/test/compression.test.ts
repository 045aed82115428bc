import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { makeTestApp, sampleItem, TEST_ACTOR, type TestApp } from './helpers/test-app';

/**
 * JSON answers over 1 KB leave compressed, the whole list too (flushed batch
 * by batch), and ETag/304 still work. Read over a real socket with node:http,
 * which (unlike supertest) hands back the bytes exactly as they were sent.
 */
let t: TestApp;
let server: http.Server;
let base: string;

beforeAll(async () => {
  t = await makeTestApp();
  for (let start = 0; start < 2500; start += 500) {
    await t.store.items.createMany(
      Array.from({ length: 500 }, (_, i) => ({ ...sampleItem, name: `Phone ${start + i}` })),
      TEST_ACTOR,
    );
  }
  server = t.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await t.close();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

it('a JSON list over 1 KB comes back gzipped with Vary: Accept-Encoding, and parses', async () => {
  const res = await get('/api/inventory?limit=50', { 'accept-encoding': 'gzip' });
  expect(res.status).toBe(200);
  expect(res.headers['content-encoding']).toBe('gzip');
  expect(res.headers.vary).toMatch(/accept-encoding/i);
  expect(res.headers['x-total-count']).toBe('2500');
  const items = JSON.parse(zlib.gunzipSync(res.bytes).toString('utf8')) as { name: string }[];
  expect(items).toHaveLength(50);
  expect(items[49]!.name).toBe('Phone 49');
  // Repetitive JSON: far fewer bytes on the wire.
  expect(res.bytes.length).toBeLessThan(zlib.gunzipSync(res.bytes).length / 4);
});

it('brotli when the client prefers it', async () => {
  const res = await get('/api/inventory?limit=50', { 'accept-encoding': 'br' });
  expect(res.headers['content-encoding']).toBe('br');
  expect(JSON.parse(zlib.brotliDecompressSync(res.bytes).toString('utf8'))).toHaveLength(50);
});

it('an answer under 1 KB goes as it is, even when gzip is accepted', async () => {
  const [first] = JSON.parse((await get('/api/inventory?limit=1')).bytes.toString('utf8')) as { _id: string }[];
  const res = await get(`/api/inventory/${first!._id}`, { 'accept-encoding': 'gzip, br' });
  expect(res.status).toBe(200);
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.bytes.length).toBeLessThan(1024);
  expect((JSON.parse(res.bytes.toString('utf8')) as { name: string }).name).toBe('Phone 0');
});

it('a client that accepts no encoding gets identity', async () => {
  const res = await get('/api/inventory?limit=50');
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(JSON.parse(res.bytes.toString('utf8'))).toHaveLength(50);
});

it('the streamed whole list comes back gzipped, whole, flushed once per batch', async () => {
  const res = await get('/api/inventory', { 'accept-encoding': 'gzip' });
  expect(res.status).toBe(200);
  expect(res.headers['content-encoding']).toBe('gzip');
  const items = JSON.parse(zlib.gunzipSync(res.bytes).toString('utf8')) as { name: string }[];
  expect(items).toHaveLength(2500);
  expect(items[2499]!.name).toBe('Phone 2499');
  // Each res.flush() is a zlib sync flush, which ends with the empty stored
  // block 00 00 ff ff: 2,500 items are 3 batches of up to 1,000.
  let flushes = 0;
  for (let at = res.bytes.indexOf(SYNC_MARK); at >= 0; at = res.bytes.indexOf(SYNC_MARK, at + 1)) flushes += 1;
  expect(flushes).toBeGreaterThanOrEqual(3);
});

const SYNC_MARK = Buffer.from([0x00, 0x00, 0xff, 0xff]);

it('ETag and 304 still work on compressed answers', async () => {
  const first = await get('/api/inventory?limit=50', { 'accept-encoding': 'gzip' });
  const etag = first.headers.etag!;
  expect(etag).toBeTruthy();
  const again = await get('/api/inventory?limit=50', { 'accept-encoding': 'gzip', 'if-none-match': etag });
  expect(again.status).toBe(304);
  expect(again.bytes.length).toBe(0);
  const all = await get('/api/inventory', { 'accept-encoding': 'gzip' });
  const allAgain = await get('/api/inventory', { 'accept-encoding': 'gzip', 'if-none-match': all.headers.etag! });
  expect(allAgain.status).toBe(304);
});
