import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { liveEvents, type LiveEvents } from '../src/events/live-events';
import type { ChangeFeed, StoreChange } from '../src/store/store';

/**
 * The live streams' fan-out, on a real HTTP server with a change feed the test
 * drives (the port's whole contract: subscribe, and hear each change once):
 * the changes of one turn go to each stream in one write.
 */
function drivenFeed() {
  const listeners = new Set<(change: StoreChange) => void>();
  let seq = 0;
  const feed: ChangeFeed = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (count: number) => {
    for (let index = 0; index < count; index += 1) {
      seq += 1;
      const change: StoreChange = {
        id: String(seq),
        itemId: seq.toString(16).padStart(24, '0'),
        cause: 'delivery',
        quantity: 5,
        minStock: 0,
        version: seq + 1,
        at: new Date().toISOString(),
      };
      for (const listener of listeners) listener(change);
    }
  };
  return { feed, emit };
}

let server: http.Server;
let live: LiveEvents;
let url: string;
const driven = drivenFeed();

beforeEach(async () => {
  live = liveEvents(driven.feed, { heartbeatMs: 60_000 });
  const app = express();
  app.get('/events', (req, res) => {
    live.open(res, req.ip ?? '', undefined);
  });
  server = http.createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
});
afterEach(async () => {
  live.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  jest.restoreAllMocks();
});

/** A stream whose events are counted as they arrive; `pause` stops reading it. */
async function open() {
  let events = 0;
  let closed = false;
  const response = await new Promise<http.IncomingMessage>((resolve) => http.get(url, resolve));
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => (events += chunk.split('event: item\n').length - 1));
  // The socket's: a paused response does not say it ended until it is read.
  response.socket.on('close', () => (closed = true));
  return { response, events: () => events, closed: () => closed };
}

const until = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

it('sends the changes of one turn (a group commit) to each stream in one write', async () => {
  const streams = [await open(), await open()];
  await until(() => live.size === 2);
  const write = jest.spyOn(http.ServerResponse.prototype, 'write');
  driven.emit(200);
  await until(() => streams.every((stream) => stream.events() === 200));
  const eventWrites = write.mock.calls.filter(([chunk]) => String(chunk).includes('event: item'));
  expect(eventWrites).toHaveLength(2);
  // The next turn's changes are the next write.
  driven.emit(3);
  await until(() => streams.every((stream) => stream.events() === 203));
  expect(write.mock.calls.filter(([chunk]) => String(chunk).includes('event: item'))).toHaveLength(4);
});
