/**
 * Readers that ask for the whole list and then hang: half read 16 bytes a
 * second, half never read at all. Each holds its connection until the time
 * is up or the server closes it. SlowSpec as argv[2], SlowResult over IPC.
 */
import { connect, type Socket } from 'node:net';
import type { SlowResult, SlowSpec } from './protocol';

async function main() {
  const spec = JSON.parse(process.argv[2] ?? '') as SlowSpec;
  const result: SlowResult = { opened: 0, closedByServer: 0, statuses: {}, bytesRead: 0 };
  const sockets: Socket[] = [];
  let done = false;

  for (let i = 0; i < spec.readers; i += 1) {
    const socket = connect({ host: '127.0.0.1', port: spec.port });
    sockets.push(socket);
    socket.pause();
    socket.on('connect', () => {
      result.opened += 1;
      // No Accept-Encoding: the plain answer, the largest there is.
      socket.write(`GET /api/inventory HTTP/1.1\r\nHost: 127.0.0.1:${spec.port}\r\nConnection: keep-alive\r\n\r\n`);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (!done) result.closedByServer += 1;
    });
    let first = true;
    const readSome = () => {
      const chunk = socket.read(16) as Buffer | null;
      if (!chunk) return;
      result.bytesRead += chunk.length;
      if (first) {
        first = false;
        const status = /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 'other';
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      }
    };
    // The readers that read at all read 16 bytes a second, the status line first.
    if (i % 2 === 0) setInterval(readSome, 1000).unref();
  }

  await new Promise((resolve) => setTimeout(resolve, spec.seconds * 1000));
  done = true;
  for (const socket of sockets) socket.destroy();
  process.send?.(result);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
