import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { makeTestApp, type TestApp } from './helpers/test-app';

/** A bundle big enough to be worth compressing, as the build writes it: the file, its .br and its .gz. */
const BUNDLE = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `export const item${i} = { name: 'Phone ${i}', price: ${i * 7} };`).join('\n'),
);
const STYLES = Buffer.from(Array.from({ length: 200 }, (_, i) => `.c${i}{margin:${i}px}`).join('\n'));

let t: TestApp;
let dist: string;
beforeEach(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'smart-zone-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Smart Zone</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'index-def456.js'), BUNDLE);
  writeFileSync(path.join(dist, 'assets', 'index-def456.js.br'), brotliCompressSync(BUNDLE));
  writeFileSync(path.join(dist, 'assets', 'index-def456.js.gz'), gzipSync(BUNDLE));
  writeFileSync(path.join(dist, 'assets', 'index-def456.css'), STYLES);
  writeFileSync(path.join(dist, 'assets', 'index-def456.css.gz'), gzipSync(STYLES));
  t = await makeTestApp({ webDist: dist });
});

/** The raw answer, bytes as sent (supertest would unzip them). */
async function rawGet(url: string, acceptEncoding: string) {
  const server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: url, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        })
        .on('error', reject);
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
afterEach(() => t.close());

describe('the built web app at every non-/api path', () => {
  it.each(['/', '/inventory', '/inventory/aaaaaaaaaaaaaaaaaaaaaaaa', '/manageinventories', '/no/such/page'])(
    'serves index.html for %s (client routes, deep links, reloads)',
    async (url) => {
      const res = await request(t.app).get(url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.text).toContain('<div id="root">');
    },
  );

  it('serves hashed assets with a long cache', async () => {
    const res = await request(t.app).get('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the brotli copy of an asset to a browser that accepts it, and it unpacks to the file', async () => {
    const res = await rawGet('/assets/index-def456.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(BUNDLE.length / 4);
    expect(brotliDecompressSync(res.body).equals(BUNDLE)).toBe(true);
  });

  it('sends the gzip copy when that is all the browser accepts (or all the build made)', async () => {
    const js = await rawGet('/assets/index-def456.js', 'gzip, deflate');
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(js.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(js.body).equals(BUNDLE)).toBe(true);

    const css = await rawGet('/assets/index-def456.css', 'br, gzip');
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toContain('text/css');
    expect(gunzipSync(css.body).equals(STYLES)).toBe(true);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const res = await rawGet('/assets/index-def456.js', 'identity');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.body.equals(BUNDLE)).toBe(true);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('never caches index.html without asking', async () => {
    const res = await request(t.app).get('/inventory');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves no source map', async () => {
    const res = await request(t.app).get('/assets/index-def456.js.map');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).not.toContain('text/html');
  });

  it('answers 404, not HTML, for a missing file', async () => {
    const res = await request(t.app).get('/images/missing.svg');
    expect(res.status).toBe(404);
  });

  it('keeps /api/inventory as data while /inventory is the page', async () => {
    const res = await request(t.app).get('/api/inventory');
    expect(res.headers['content-type']).toContain('application/json');
  });
});
