/**
 * The ceiling: a bare node:http server answering the real API's bytes,
 * serialized once. Nothing written in Node answers these calls faster.
 * argv[2]: a JSON file { [path and query]: body } fetched from the API.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Listening } from './protocol';

const bodies = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as Record<string, unknown>).map(
    ([url, body]) => [url, Buffer.from(JSON.stringify(body))],
  ),
);

const server = createServer((req, res) => {
  const body = bodies.get(req.url ?? '');
  if (!body) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port } satisfies Listening);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
