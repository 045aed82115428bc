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
/** The Scan screen's decoder (WebAssembly): its magic number, then bytes that compress. */
const WASM = Buffer.concat([Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]), BUNDLE]);
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
  writeFileSync(path.join(dist, 'assets', 'zxing_reader-0a1b2c.wasm'), WASM);
  writeFileSync(path.join(dist, 'assets', 'zxing_reader-0a1b2c.wasm.br'), brotliCompressSync(WASM));
  writeFileSync(path.join(dist, 'assets', 'zxing_reader-0a1b2c.wasm.gz'), gzipSync(WASM));
  writeFileSync(path.join(dist, 'assets', 'index-def456.css'), STYLES);
  writeFileSync(path.join(dist, 'assets', 'index-def456.css.gz'), gzipSync(STYLES));
  // Files outside assets/ keep their names across builds: an hour's cache, compressed or not.
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'manifest.js'), BUNDLE);
  writeFileSync(path.join(dist, 'manifest.js.br'), brotliCompressSync(BUNDLE));
  // The service worker and the web app manifest (vite-plugin-pwa): asked again every time.
  writeFileSync(path.join(dist, 'sw.js'), BUNDLE);
  writeFileSync(path.join(dist, 'sw.js.br'), brotliCompressSync(BUNDLE));
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Smart Zone","start_url":"/"}');
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
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the other files with an hour of cache, their compressed copies too', async () => {
    const icon = await request(t.app).get('/favicon.svg');
    expect([icon.status, icon.headers['cache-control']]).toEqual([200, 'public, max-age=3600']);
    const manifest = await rawGet('/manifest.js', 'br');
    expect([manifest.headers['content-encoding'], manifest.headers['cache-control']]).toEqual([
      'br',
      'public, max-age=3600',
    ]);
    expect(brotliDecompressSync(manifest.body).equals(BUNDLE)).toBe(true);
  });

  it('serves the service worker and the manifest uncached (a new build reaches the next start), with their types', async () => {
    const worker = await rawGet('/sw.js', 'br');
    expect([worker.status, worker.headers['content-encoding'], worker.headers['cache-control']]).toEqual([
      200,
      'br',
      'no-cache',
    ]);
    expect(worker.headers['content-type']).toContain('javascript');
    const plain = await request(t.app).get('/sw.js').set('Accept-Encoding', 'identity');
    expect([plain.status, plain.headers['cache-control']]).toEqual([200, 'no-cache']);
    const manifest = await request(t.app).get('/manifest.webmanifest');
    expect([manifest.status, manifest.headers['cache-control']]).toEqual([200, 'no-cache']);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
  });

  it('answers HEAD like GET, without the body; other methods get no file', async () => {
    const head = await request(t.app).head('/assets/index-def456.js').set('Accept-Encoding', 'br');
    expect([head.status, head.headers['content-encoding'], head.headers['cache-control']]).toEqual([
      200,
      'br',
      'public, max-age=31536000, immutable',
    ]);
    const post = await request(t.app).post('/assets/index-def456.js').set('Accept-Encoding', 'br');
    expect(post.status).toBe(404);
    expect(post.headers['content-encoding']).toBeUndefined();
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

  it('serves the scanner’s wasm from our own server as application/wasm (streaming compile), compressed, for a year', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await rawGet('/assets/zxing_reader-0a1b2c.wasm', encoding);
      expect([encoding, res.status, res.headers['content-type'], res.headers['cache-control']]).toEqual([
        encoding,
        200,
        'application/wasm',
        'public, max-age=31536000, immutable',
      ]);
      const body =
        encoding === 'br' ? brotliDecompressSync(res.body) : encoding === 'gzip' ? gunzipSync(res.body) : res.body;
      expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(body.equals(WASM)).toBe(true);
    }
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const res = await rawGet('/assets/index-def456.js', 'identity');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.body.equals(BUNDLE)).toBe(true);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('never caches index.html without asking, at / or at a client route', async () => {
    for (const url of ['/', '/inventory']) {
      const res = await request(t.app).get(url);
      expect([url, res.status, res.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
    }
  });

  it('serves no source map', async () => {
    const res = await request(t.app).get('/assets/index-def456.js.map');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).not.toContain('text/html');
  });

  it('answers 404, not HTML, for a missing file', async () => {
    const res = await request(t.app).get('/images/missing.svg');
    expect([res.status, res.headers['content-type'], res.text]).toEqual([
      404,
      'text/plain; charset=utf-8',
      'Not found',
    ]);
  });

  it('says how to build the web app when there is none yet', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'smart-zone-no-dist-'));
    const unbuilt = await makeTestApp({ webDist: empty });
    try {
      const res = await request(unbuilt.app).get('/inventory');
      expect([res.status, res.headers['content-type'], res.text]).toEqual([
        503,
        'text/plain; charset=utf-8',
        'The web app is not built yet. Run `npx -y pnpm@10 build` (or `pnpm start`, which builds it).',
      ]);
    } finally {
      await unbuilt.close();
    }
  });

  it('keeps /api/inventory as data while /inventory is the page', async () => {
    const res = await request(t.app).get('/api/inventory');
    expect(res.headers['content-type']).toContain('application/json');
  });
});
