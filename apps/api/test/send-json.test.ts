import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { sendJson } from '../src/http/prepared-json';

/** sendJson answers the bytes and the headers, in their order, that `res.status(…).json(…)` does. */
let server: http.Server;
let port: number;
const value = { acknowledged: true, insertedId: '65f0c0ffee0000000000beef', name: 'Tōkyō “quotes”' };
beforeAll(async () => {
  const app = express();
  app.disable('x-powered-by');
  const before: express.RequestHandler = (_req, res, next) => {
    res.setHeader('X-Request-Id', 'id-1');
    next();
  };
  app.all('/ours', before, (req, res) => sendJson(req, res, 201, value));
  app.all('/theirs', before, (_req, res) => void res.status(201).json(value));
  server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function call(path: string, method: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: string[]; body: string }>((resolve, reject) => {
    const req = http.request({ port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          // Every header but the clock's, in the order sent.
          headers: res.rawHeaders.flatMap((name, i, all) =>
            i % 2 === 0 && name !== 'Date' ? [name, all[i + 1]!] : [],
          ),
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

it.each(['POST', 'PUT', 'DELETE', 'GET', 'HEAD'])('answers a %s as res.json does', async (method) => {
  const ours = await call('/ours', method);
  expect(ours).toEqual(await call('/theirs', method));
  expect(ours.status).toBe(201);
  expect(ours.headers).toEqual(expect.arrayContaining(['ETag', 'Content-Length', 'Content-Type']));
});

it('answers a GET that names its ETag with a 304, as res.json does', async () => {
  const etag = (await call('/theirs', 'GET')).headers;
  const named = { 'if-none-match': etag[etag.indexOf('ETag') + 1]! };
  const ours = await call('/ours', 'GET', named);
  expect(ours.status).toBe(304);
  expect(ours).toEqual(await call('/theirs', 'GET', named));
});
