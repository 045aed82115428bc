import http from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import express from 'express';
import { liveEvents, type LiveEvents } from '../src/events/live-events';
import { sendQueues } from '../src/events/send-queues';
import type { StoreChange } from '../src/store/store';

/**
 * Issue 30: a live stream whose client stops reading is ended, measured
 * where it costs: the bytes its client has not taken (the kernel's send
 * queue and the server's buffer), not only what Node holds back. A client
 * that reads keeps its stream through the same burst.
 */
let live: LiveEvents;
let server: http.Server;
let port: number;
let emit: (change: StoreChange) => void;
const sockets: Socket[] = [];

beforeEach(async () => {
  const feed = {
    subscribe(listener: (change: StoreChange) => void) {
      emit = listener;
      return () => undefined;
    },
  };
  live = liveEvents(feed, { perAddressMax: 10, checkMs: 100, heartbeatMs: 60_000 });
  const app = express();
  app.get('/events', (req, res) => void live.open(res, req.ip ?? '', undefined));
  server = http.createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  live.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A raw client of the stream: `reads` false reads its status line and then never again. */
function client(reads: boolean) {
  const socket = connect({ port, host: '127.0.0.1' });
  sockets.push(socket);
  let received = 0;
  let tail = '';
  let closed = false;
  const opened = new Promise<void>((resolve) => {
    socket.once('data', (first: Buffer) => {
      received += first.length;
      if (!reads) socket.pause();
      else
        socket.on('data', (chunk: Buffer) => {
          received += chunk.length;
          tail = (tail + chunk.toString('latin1')).slice(-512);
        });
      resolve();
    });
  });
  socket.on('error', () => undefined);
  socket.on('close', () => (closed = true));
  socket.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  return {
    opened,
    /** The client's port: the server's send queue to it is listed under it. */
    get port() {
      return socket.localPort ?? 0;
    },
    get closed() {
      return closed;
    },
    get received() {
      return received;
    },
    /** The end of what it read. */
    get tail() {
      return tail;
    },
  };
}

const change = (n: number): StoreChange => ({
  id: String(n),
  itemId: '0123456789abcdef01234567',
  cause: 'restock',
  quantity: n,
  minStock: 0,
  version: n,
  at: new Date().toISOString(),
});
const turn = () => new Promise((resolve) => setImmediate(resolve));

it('ends a stream that stopped reading once its unsent bytes pass the bound; one that reads stays', async () => {
  const stalled = client(false);
  const reading = client(true);
  await Promise.all([stalled.opened, reading.opened]);
  expect(live.size).toBe(2);
  // ~420 KB of events, 50 a turn, as a burst of writes sends them: the kernel takes them all (Node holds none back).
  for (let n = 1; n <= 3_000; n += 1) {
    emit(change(n));
    if (n % 50 === 0) await turn();
  }
  const deadline = Date.now() + 10_000;
  // Dropped, then let go of once its socket has closed (the close comes a turn or more after the drop).
  while ((live.dropped === 0 || live.size > 1) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(live.dropped).toBe(1);
  // What the stalled client was sent and never took is let go (its socket, paused, has not looked yet).
  expect(sendQueues(port)?.get(stalled.port) ?? 0).toBe(0);
  expect(reading.closed).toBe(false);
  expect(live.size).toBe(1);
  // The reader got every event, the last one too.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(reading.received).toBeGreaterThan(3_000 * 120);
  expect(reading.tail).toContain('id: 3000\n');
});

it('keeps a stalled stream that has not been sent more than the bound', async () => {
  const stalled = client(false);
  await stalled.opened;
  for (let n = 1; n <= 100; n += 1) emit(change(n));
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(live.dropped).toBe(0);
  expect(live.size).toBe(1);
});
