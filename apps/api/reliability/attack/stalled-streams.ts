/**
 * Live streams (`GET /api/events`) that read their status line and then never
 * read again: raw sockets, paused, spread over several loopback addresses so
 * the per-address cap lets them all in. Holds them until the orchestrator
 * says stop (or disconnects). StalledStreamsSpec as argv[2]; a
 * StalledStreamsResult once every stream has its status, and again after the
 * stop.
 */
import { connect, type Socket } from 'node:net';
import type { StalledStreamsResult, StalledStreamsSpec } from './protocol';

/** How long the streams may take to get their status lines. */
const OPEN_MS = 15_000;

async function main() {
  const spec = JSON.parse(process.argv[2] ?? '') as StalledStreamsSpec;
  const result: StalledStreamsResult = { opened: 0, statuses: {}, closesSeen: 0 };
  const sockets: Socket[] = [];
  let answered = 0;
  let allAnswered!: () => void;
  const opening = new Promise<void>((resolve) => (allAnswered = resolve));
  let stopping = false;

  for (let i = 0; i < spec.streams; i += 1) {
    const socket = connect({
      host: '127.0.0.1',
      port: spec.port,
      localAddress: spec.addresses[i % spec.addresses.length],
    });
    sockets.push(socket);
    socket.on('connect', () => {
      result.opened += 1;
      socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${spec.port}\r\nAccept: text/event-stream\r\n\r\n`);
    });
    // The first chunk holds the status line; after it, nothing is read: the kernel's buffers fill, then the server's.
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 'other';
      result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      answered += 1;
      if (answered === spec.streams) allAnswered();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (!stopping) result.closesSeen += 1;
    });
  }

  await Promise.race([opening, new Promise((resolve) => setTimeout(resolve, OPEN_MS))]);
  process.send?.(result);
  await new Promise<void>((resolve) => {
    process.once('message', () => resolve());
    process.once('disconnect', () => resolve());
  });
  stopping = true;
  for (const socket of sockets) socket.destroy();
  if (process.connected) process.send?.(result, () => process.disconnect());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
