import { createApiClient } from '../lib/api-client';
import {
  discardAll,
  discardEntry,
  flushOutbox,
  outboxOf,
  retryEntry,
  sendOrQueue,
  type OutboxEntry,
} from '../lib/offline/outbox';
import { QUEUED } from '../lib/offline/queued';
import { fakeApi } from '../../test/fake-api';

/**
 * Issue 37's outbox, on a real IndexedDB (fake-indexeddb, test/setup.ts) and the fake network: what waits, in
 * which order it goes, with which keys, and what a refusal, a 5xx or another person's entries do.
 */

let online = true;
beforeAll(() => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online }));
beforeEach(() => {
  online = true;
});

const api = createApiClient({ baseUrl: '/api', tokens: { current: () => 'tok', renew: () => Promise.resolve(null) } });

const receipt = (delta: number, uid = 'u1') => ({
  uid,
  kind: 'stock' as const,
  method: 'POST' as const,
  path: '/inventory/i1/stock',
  body: { delta },
  what: `${delta < 0 ? 'Remove' : 'Receive'} ${Math.abs(delta)} of Bolt`,
  itemId: 'i1',
  amountField: 'delta',
});

const keyOf = (headers: Record<string, string>) => headers['Idempotency-Key'];
const sentBodies = (calls: { body: unknown }[]) => calls.map((call) => call.body);

test('offline, changes wait with their keys; back online they are sent in order, each with its own key, once', async () => {
  const { calls } = fakeApi({ 'POST /inventory/i1/stock': () => ({ body: { quantity: 1, movementId: 'm' } }) });
  online = false;
  for (const delta of [1, 2, 3]) await expect(sendOrQueue(api, receipt(delta))).resolves.toBe(QUEUED);
  expect(calls).toEqual([]);
  const waiting = await outboxOf('u1');
  expect(waiting.map((entry) => [entry.what, entry.refused])).toEqual([
    ['Receive 1 of Bolt', undefined],
    ['Receive 2 of Bolt', undefined],
    ['Receive 3 of Bolt', undefined],
  ]);
  expect(new Set(waiting.map((entry) => entry.key)).size).toBe(3);

  online = true;
  await expect(flushOutbox(api, 'u1')).resolves.toBe(3);
  expect(sentBodies(calls)).toEqual([{ delta: 1 }, { delta: 2 }, { delta: 3 }]);
  expect(calls.map((call) => keyOf(call.headers))).toEqual(waiting.map((entry) => entry.key));
  expect(await outboxOf('u1')).toEqual([]);
  // Nothing left: a second run sends nothing.
  await expect(flushOutbox(api, 'u1')).resolves.toBe(0);
  expect(calls).toHaveLength(3);
});

test('a request lost on the network waits with the key it was sent with (the resend is a replay); later ones queue behind', async () => {
  let reachable = false;
  const { calls } = fakeApi({
    'POST /inventory/i1/stock': () => {
      if (!reachable) throw new Error('connection reset');
      return { body: { quantity: 1, movementId: 'm' } };
    },
  });
  await expect(sendOrQueue(api, receipt(5))).resolves.toBe(QUEUED);
  const [lost] = await outboxOf('u1');
  expect(keyOf(calls[0]!.headers)).toBe(lost!.key);

  // Online, but one still waits: the next goes behind it, not before.
  reachable = true;
  await expect(sendOrQueue(api, receipt(7))).resolves.toBe(QUEUED);
  expect(calls).toHaveLength(1);
  await flushOutbox(api, 'u1');
  expect(sentBodies(calls.slice(1))).toEqual([{ delta: 5 }, { delta: 7 }]);
  expect(keyOf(calls[1]!.headers)).toBe(lost!.key);
});

test('sent when it can be: online with nothing waiting, the answer comes back and nothing is kept', async () => {
  fakeApi({ 'POST /inventory/i1/stock': () => ({ body: { quantity: 9, movementId: 'm1' } }) });
  await expect(sendOrQueue(api, receipt(2))).resolves.toEqual({ quantity: 9, movementId: 'm1' });
  expect(await outboxOf('u1')).toEqual([]);
});

test('a refusal becomes a card and the rest go on; sent again with another amount (a removal stays negative) and a new key', async () => {
  let stock = 1;
  const { calls } = fakeApi({
    'POST /inventory/i1/stock': (call) => {
      const { delta } = call.body as { delta: number };
      if (stock + delta < 0)
        return { status: 409, body: { error: { code: 'out_of_stock', message: `Only ${stock} left in stock` } } };
      stock += delta;
      return { body: { quantity: stock, movementId: 'm' } };
    },
  });
  online = false;
  await sendOrQueue(api, receipt(-3));
  await sendOrQueue(api, receipt(4));
  online = true;
  await expect(flushOutbox(api, 'u1')).resolves.toBe(1);
  const [refused] = (await outboxOf('u1')) as [OutboxEntry];
  expect(refused.refused).toEqual({ status: 409, code: 'out_of_stock', message: 'Only 1 left in stock' });
  expect(stock).toBe(5);

  // Not sent again by itself.
  await flushOutbox(api, 'u1');
  expect(calls).toHaveLength(2);

  await retryEntry(refused, 2);
  const [retried] = (await outboxOf('u1')) as [OutboxEntry];
  expect([retried.body, retried.refused, retried.key === refused.key]).toEqual([{ delta: -2 }, undefined, false]);
  await expect(flushOutbox(api, 'u1')).resolves.toBe(1);
  expect(stock).toBe(3);
  expect(await outboxOf('u1')).toEqual([]);
});

test('a 5xx or a missing sign-in stops the run: that change and those after it wait for the next', async () => {
  let status = 503;
  const { calls } = fakeApi({
    'POST /inventory/i1/stock': () =>
      status === 200
        ? { body: { quantity: 1, movementId: 'm' } }
        : { status, body: { error: { code: 'unavailable', message: 'Busy' } } },
  });
  online = false;
  await sendOrQueue(api, receipt(1));
  await sendOrQueue(api, receipt(2));
  online = true;
  await expect(flushOutbox(api, 'u1')).resolves.toBe(0);
  status = 401;
  await expect(flushOutbox(api, 'u1')).resolves.toBe(0);
  expect(calls).toHaveLength(2);
  expect((await outboxOf('u1')).map((entry) => entry.refused)).toEqual([undefined, undefined]);
  status = 200;
  await expect(flushOutbox(api, 'u1')).resolves.toBe(2);
});

test("each person sends only their own; a discarded card and a sign-out's discard drop theirs only", async () => {
  const { calls } = fakeApi({ 'POST /inventory/i1/stock': () => ({ body: { quantity: 1, movementId: 'm' } }) });
  online = false;
  await sendOrQueue(api, receipt(1, 'u1'));
  await sendOrQueue(api, receipt(2, 'u2'));
  await sendOrQueue(api, receipt(3, 'u2'));
  online = true;
  await flushOutbox(api, 'u1');
  expect(sentBodies(calls)).toEqual([{ delta: 1 }]);

  const [first] = await outboxOf('u2');
  await discardEntry(first!.id);
  expect((await outboxOf('u2')).map((entry) => entry.body)).toEqual([{ delta: 3 }]);
  online = false;
  await sendOrQueue(api, receipt(4, 'u1'));
  await discardAll('u2');
  expect(await outboxOf('u2')).toEqual([]);
  expect((await outboxOf('u1')).map((entry) => entry.body)).toEqual([{ delta: 4 }]);
});
