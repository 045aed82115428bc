import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createHttpServer, DEFAULT_TIMEOUTS } from '../src/http/http-server';
import { makeTestApp, type TestApp } from './helpers/test-app';

/** Slow clients (slowloris, a body that never comes, an idle socket) are cut off, on real sockets. */
let t: TestApp;
let port: number;
let server: ReturnType<typeof createHttpServer>;

beforeAll(async () => {
  t = await makeTestApp();
  server = createHttpServer(t.app, { headersMs: 300, requestMs: 600, idleMs: 900, keepAliveMs: 200 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** Opens a socket, writes `text`, and resolves with how long the server kept it and what it answered. */
function hold(text: string): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ ms: Date.now() - started, answer }));
    setTimeout(() => reject(new Error('the server kept a slow client for 10 s')), 10_000).unref();
  });
}

it('the defaults are minutes shorter than Node’s', () => {
  expect(DEFAULT_TIMEOUTS.headersMs).toBeLessThanOrEqual(10_000);
  expect(DEFAULT_TIMEOUTS.requestMs).toBeLessThanOrEqual(30_000);
  expect(DEFAULT_TIMEOUTS.idleMs).toBeLessThanOrEqual(60_000);
});

it('drops a client that never finishes its headers', async () => {
  const { ms, answer } = await hold('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
  expect(ms).toBeLessThan(3000);
  expect(answer).not.toContain('200 OK');
});

it('drops a client whose body never comes', async () => {
  const { ms, answer } = await hold(
    'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"a":',
  );
  expect(ms).toBeLessThan(4000);
  expect(answer).not.toContain('200 OK');
});

it('answers a prompt client, then closes its idle keep-alive connection', async () => {
  const { ms, answer } = await hold('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
  expect(answer).toContain('HTTP/1.1 200 OK');
  expect(ms).toBeLessThan(3000);
});

it('answers what the HTTP parser refuses (headers too large, garbage) in the error shape', async () => {
  const big = await hold(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  expect(big.answer).toMatch(/^HTTP\/1\.1 431 /);
  const body = JSON.parse(big.answer.slice(big.answer.indexOf('\r\n\r\n') + 4)) as { error: Record<string, string> };
  expect(body.error).toMatchObject({ code: 'bad_request', message: 'Request headers are too large' });
  expect(big.answer).toContain(`X-Request-Id: ${body.error.requestId}`);
  // To a HEAD, the same answer without its body (a client would read the body as the next answer).
  const head = await hold(`HEAD /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  expect(head.answer).toMatch(/^HTTP\/1\.1 431 /);
  expect(head.answer.endsWith('\r\n\r\n')).toBe(true);
  const garbage = await hold('NOT HTTP AT ALL\r\n\r\n');
  expect(garbage.answer).toMatch(/^HTTP\/1\.1 400 /);
  expect(garbage.answer).toContain('"code":"bad_request"');
});
