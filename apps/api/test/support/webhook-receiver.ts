import { createServer } from 'node:http';

/**
 * A webhook receiver in its own process, for the alert tests:
 * `node --import tsx webhook-receiver.ts`. It answers FAIL_STATUS (default
 * 500) to its first FAIL_FIRST calls and 204 after that, and prints one JSON
 * line per call ({ type: 'call', n, status, delivery, signature, contentType,
 * body, receivedAt }) after a first { type: 'listening', port }. receivedAt is
 * epoch milliseconds with a fraction, comparable across processes.
 */
const failFirst = Number(process.env.FAIL_FIRST ?? 0);
const failStatus = Number(process.env.FAIL_STATUS ?? 500);
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
let calls = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const receivedAt = performance.timeOrigin + performance.now();
    calls += 1;
    const status = calls <= failFirst ? failStatus : 204;
    say({
      type: 'call',
      n: calls,
      status,
      method: req.method,
      delivery: req.headers['x-smart-zone-delivery'],
      signature: req.headers['x-smart-zone-signature'],
      contentType: req.headers['content-type'],
      body: Buffer.concat(chunks).toString('utf8'),
      receivedAt,
    });
    res.writeHead(status).end();
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  say({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
