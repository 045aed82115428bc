import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import request from 'supertest';
import type { LiveEvent } from '@smart-zone/types/live';
import { createApp, liveEventsOf } from '../src/app';
import { recordAnswers } from './helpers/conformance';
import { openTestStore } from './helpers/test-store';
import { fakeVerifier, sampleItem, testConfig } from './helpers/test-app';
import { ImportRows } from '../src/store/import-rows';
import type { Store } from '../src/store/store';

/**
 * GET /api/events: every write path's change as an event, none for a refused
 * write, nothing personal, a reconnect's resume (or a reset past the window),
 * the per-address cap, and a clean end at shutdown.
 */
let store: Store;
let app: ReturnType<typeof createApp>;
let server: http.Server;
let base: string;
let token: string;

beforeEach(async () => {
  store = await openTestStore();
  app = recordAnswers(
    createApp({
      store,
      verifier: fakeVerifier,
      config: { ...testConfig, liveEvents: { perAddressMax: 3, resumeWindowMs: 60_000, heartbeatMs: 200 } },
    }),
  );
  server = http.createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const login = await request(app)
    .post('/api/login')
    .set('Authorization', 'Bearer id:staff@example.com:verified:password');
  token = (login.body as { accessToken: string }).accessToken;
});
afterEach(async () => {
  liveEventsOf(app).close();
  await new Promise((resolve) => server.close(resolve));
  await store.close();
});

/** The app again, its live events with these options (the store kept). */
async function restartWith(options: NonNullable<typeof testConfig.liveEvents>) {
  liveEventsOf(app).close();
  await new Promise((resolve) => server.close(resolve));
  app = createApp({ store, verifier: fakeVerifier, config: { ...testConfig, liveEvents: options } });
  server = http.createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Received {
  id?: string;
  event: string;
  data: LiveEvent;
}

/** A stream, read as an EventSource reads it (eventsource-parser): its events, its comments, its status. */
function listen(headers: Record<string, string> = {}) {
  const events: Received[] = [];
  const raw: string[] = [];
  let status = 0;
  let ended = false;
  const req = http.get(`${base}/api/events`, { headers: { 'Accept-Encoding': 'gzip, br', ...headers } });
  const opened = new Promise<http.IncomingMessage>((resolve) => {
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      const parser = createParser({
        onEvent: ({ id, event, data }) => {
          if (event) events.push({ id, event, data: JSON.parse(data) as LiveEvent });
        },
      });
      res.on('data', (chunk: string) => {
        raw.push(chunk);
        parser.feed(chunk);
      });
      res.on('end', () => (ended = true));
      resolve(res);
    });
  });
  return {
    events,
    raw,
    opened,
    status: () => status,
    ended: () => ended,
    close: () => req.destroy(),
  };
}

const until = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const auth = () => ({ Authorization: `Bearer ${token}` });

it('answers a stream: no compression, no buffering, a retry hint, heartbeats', async () => {
  const stream = listen();
  const res = await stream.opened;
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.headers['x-accel-buffering']).toBe('no');
  expect(res.headers['cache-control']).toBe('no-cache, no-transform');
  await until(() => stream.raw.join('').includes(': heartbeat'));
  expect(stream.raw.join('')).toMatch(/^retry: 3000\n\n/);
  stream.close();
});

it('an event for every write path, none for a refused write, and nothing personal in any', async () => {
  const stream = listen();
  await stream.opened;
  const created = await request(app)
    .post('/api/inventory')
    .set(auth())
    .send({ ...sampleItem, quantity: 5, minStock: 2 });
  const id = (created.body as { insertedId: string }).insertedId;
  await request(app)
    .put(`/api/inventory/${id}`)
    .set(auth())
    .send({ ...sampleItem, price: 5, quantity: 5 })
    .expect(200);
  const restock = await request(app).post(`/api/inventory/${id}/stock`).set(auth()).send({ delta: 3 }).expect(200);
  await request(app).post(`/api/inventory/${id}/stock`).set(auth()).send({ delta: -100 }).expect(409);
  const delivered = await request(app)
    .post('/api/myitem')
    .set(auth())
    .send({ email: 'staff@example.com', inventoriesId: id, address: '1 Road', phone: '555 0100', quantity: 7 })
    .expect(201);
  await request(app)
    .delete(`/api/myitem/${(delivered.body as { insertedId: string }).insertedId}`)
    .set(auth())
    .expect(200);
  await request(app)
    .post(`/api/movements/${(restock.body as { movementId: string }).movementId}/undo`)
    .set(auth())
    .expect(200);
  await request(app)
    .post('/api/imports')
    .set(auth())
    .set('Content-Type', 'text/csv')
    .send(`id,name,supplier,price,quantity\r\n${id},Pixel 9,Google,5,1\r\n`)
    .expect(200);
  await request(app).delete(`/api/inventory/${id}`).set(auth()).expect(200);
  await until(() => stream.events.length >= 12);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(stream.events.map(({ event, data }) => [event, 'quantity' in data ? data.quantity : null])).toEqual([
    ['item', 5], // created
    ['item', 5], // PUT
    ['item', 8], // restock (the refused removal: nothing)
    ['item', 1], // delivery of 7
    ['alert', null], // ...which went low: its alert opens
    ['item', 8], // its cancel
    ['alert', null], // ...above the reorder point again: its alert resolves
    ['item', 5], // the restock undone
    ['item', 1], // the import
    ['alert', null], // ...low again: a new alert opens
    ['deleted', null],
    ['alert', null], // ...and resolves with its item
  ]);
  for (const { id: eventId, event, data } of stream.events) {
    expect(eventId).toMatch(/^\d+(\.1)?$/);
    expect(data.type).toBe(event);
    const keys = Object.keys(data).sort();
    expect(keys).toEqual(
      {
        item: ['at', 'itemId', 'quantity', 'type', 'version'],
        deleted: ['at', 'itemId', 'type'],
        alert: ['at', 'itemId', 'kind', 'type'],
      }[event],
    );
  }
  expect(stream.raw.join('')).not.toMatch(/staff@example\.com|uid-|Pixel|Google/);
  stream.close();
});

it('a reconnect with Last-Event-ID gets what it missed, and a reset when it cannot tell', async () => {
  const first = listen();
  await first.opened;
  const a = await store.items.create({ ...sampleItem, name: 'A' }, { uid: 'u', email: 'u@x' });
  await until(() => first.events.length === 1);
  first.close();
  await store.items.changeStock(a._id, { delta: 1 }, { uid: 'u', email: 'u@x' });
  await store.items.changeStock(a._id, { delta: 2 }, { uid: 'u', email: 'u@x' });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const again = listen({ 'Last-Event-ID': first.events[0]!.id! });
  await again.opened;
  await until(() => again.events.length === 2);
  expect(again.events.map((event) => 'quantity' in event.data && event.data.quantity)).toEqual([11, 13]);
  again.close();
  // An id from before what this process kept (it restarted since), or one it never makes: reset.
  for (const unknown of ['0', 'nonsense']) {
    const stranger = listen({ 'Last-Event-ID': unknown });
    await stranger.opened;
    await until(() => stranger.events.length === 1);
    expect(stranger.events[0]).toMatchObject({ event: 'reset', data: { type: 'reset' } });
    stranger.close();
  }
});

it('a reconnect after the resume window gets a reset', async () => {
  await restartWith({ resumeWindowMs: 30 });
  const first = listen();
  await first.opened;
  const a = await store.items.create({ ...sampleItem, name: 'A' }, { uid: 'u', email: 'u@x' });
  await until(() => first.events.length === 1);
  first.close();
  await new Promise((resolve) => setTimeout(resolve, 60));
  await store.items.changeStock(a._id, { delta: 1 }, { uid: 'u', email: 'u@x' });
  await store.items.changeStock(a._id, { delta: 1 }, { uid: 'u', email: 'u@x' });
  await new Promise((resolve) => setTimeout(resolve, 60));
  await store.items.changeStock(a._id, { delta: 1 }, { uid: 'u', email: 'u@x' });
  const late = listen({ 'Last-Event-ID': first.events[0]!.id! });
  await late.opened;
  await until(() => late.events.length === 1);
  expect(late.events[0]!.event).toBe('reset');
  late.close();
});

it('keeps the newest events up to a bound in bytes: a reconnect from before them gets a reset, one after them its events', async () => {
  // About three events' worth.
  await restartWith({ resumeBytesMax: 900 });
  const first = listen();
  await first.opened;
  const a = await store.items.create({ ...sampleItem, name: 'A' }, { uid: 'u', email: 'u@x' });
  for (let n = 0; n < 6; n += 1) await store.items.changeStock(a._id, { delta: 1 }, { uid: 'u', email: 'u@x' });
  await until(() => first.events.length === 7);
  first.close();
  const early = listen({ 'Last-Event-ID': first.events[0]!.id! });
  await early.opened;
  await until(() => early.events.length === 1);
  expect(early.events[0]!.event).toBe('reset');
  early.close();
  const recent = listen({ 'Last-Event-ID': first.events[5]!.id! });
  await recent.opened;
  await until(() => recent.events.length === 1);
  expect(recent.events.map((event) => event.id)).toEqual([first.events[6]!.id]);
  recent.close();
});

it('keeps the newest events of thousands within the bound: the last ones resume, the first ones reset', async () => {
  // About 300 events' worth of 3,000.
  await restartWith({ resumeBytesMax: 90_000 });
  const first = listen();
  await first.opened;
  const rows = Array.from({ length: 3000 }, (_, at) => ({
    row: at + 2,
    fields: { name: `Bulk ${at}`, supplier: 'Acme', price: 1, quantity: 5 },
  }));
  await store.items.importRows(ImportRows.of(rows), { by: { uid: 'u', email: 'u@x' }, apply: true });
  await until(() => first.events.length === 3000);
  first.close();
  const early = listen({ 'Last-Event-ID': first.events[100]!.id! });
  await early.opened;
  await until(() => early.events.length === 1);
  expect(early.events[0]!.event).toBe('reset');
  early.close();
  const recent = listen({ 'Last-Event-ID': first.events[2989]!.id! });
  await recent.opened;
  await until(() => recent.events.length === 10);
  expect(recent.events.map((event) => event.id)).toEqual(first.events.slice(2990).map((event) => event.id));
  recent.close();
});

it('caps streams per client address with a clear 429', async () => {
  const streams = [listen(), listen(), listen()];
  await Promise.all(streams.map((stream) => stream.opened));
  const fourth = await fetch(`${base}/api/events`);
  expect(fourth.status).toBe(429);
  expect(((await fourth.json()) as { error: { code: string; message: string } }).error).toMatchObject({
    code: 'rate_limited',
    message: expect.stringMatching(/at most 3/) as unknown,
  });
  streams[0]!.close();
  await until(() => liveEventsOf(app).size === 2);
  const next = listen();
  expect((await next.opened).statusCode).toBe(200);
  for (const stream of [...streams, next]) stream.close();
});

it('ends every stream at shutdown, so that the server closes', async () => {
  const streams = [listen(), listen()];
  await Promise.all(streams.map((stream) => stream.opened));
  liveEventsOf(app).close();
  await until(() => streams.every((stream) => stream.ended()));
  await new Promise((resolve) => server.close(resolve));
  server = http.createServer().listen(0);
});

it("a count's recordings send no event; its apply sends its items' events, none with anything of the count (issue 35)", async () => {
  const made = await request(app)
    .post('/api/inventory')
    .set(auth())
    .send({ ...sampleItem, quantity: 10 })
    .expect(201);
  const id = (made.body as { insertedId: string }).insertedId;
  const stream = listen();
  await stream.opened;
  const count = await request(app)
    .post('/api/counts')
    .set(auth())
    .send({ name: 'Blind shelf', blind: true, scope: { itemIds: [id] } })
    .expect(201);
  const countId = (count.body as { _id: string })._id;
  await request(app).put(`/api/counts/${countId}/lines/${id}`).set(auth()).send({ counted: 7 }).expect(200);
  await request(app).post(`/api/counts/${countId}/lines/${id}/add`).set(auth()).send({ units: 1 }).expect(200);
  // A write after the recordings: its event is the first the stream gets.
  await request(app).post(`/api/inventory/${id}/stock`).set(auth()).send({ delta: 1 }).expect(200);
  await until(() => stream.events.length >= 1);
  expect(stream.events.map((event) => [event.event, (event.data as { quantity?: number }).quantity])).toEqual([
    ['item', 11],
  ]);
  await request(app).post(`/api/counts/${countId}/apply`).set(auth()).send({}).expect(200);
  // Counted 8 of the 10 the ledger had when counted; the restock of 1 after it stays: 9.
  await until(() => stream.events.length >= 2);
  expect(stream.events[1]).toMatchObject({ event: 'item', data: { itemId: id, quantity: 9 } });
  const text = stream.raw.join('');
  for (const hidden of ['expected', 'variance', 'counted', 'countedBy', 'Blind shelf', countId]) {
    expect([hidden, text.includes(hidden)]).toEqual([hidden, false]);
  }
  stream.close();
});
