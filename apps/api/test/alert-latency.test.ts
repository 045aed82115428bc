import type { Actor } from '@smart-zone/types/item';
import pino from 'pino';
import { startAlertDispatcher, type AlertDispatcher } from '../src/alerts/alert-dispatcher';
import { webhookSender } from '../src/alerts/webhook-sender';
import type { Store } from '../src/store/store';
import { openTestStore } from './helpers/test-store';
import { type Receiver, startReceiver } from './support/webhook-receiver-process';

/**
 * Commit → webhook received, 200 crossings to a receiver in another process,
 * with the dispatcher's own 1 s poll: the change feed wakes it, so the median
 * is milliseconds, not half the poll. Prints p50/p99 paced (one crossing every
 * 10 ms) and in a burst (200 back to back: the queue behind one send at a time).
 */
const CROSSINGS = 200;
const clerk: Actor = { uid: 'uid-clerk', email: 'clerk@example.com' };
const now = () => performance.timeOrigin + performance.now();

let store: Store;
let receiver: Receiver;
let dispatcher: AlertDispatcher;
beforeAll(async () => {
  store = await openTestStore();
  receiver = await startReceiver();
  dispatcher = startAlertDispatcher(
    store,
    webhookSender({ url: receiver.url, secret: 'latency-test-secret-0123456789' }),
    pino({ level: 'silent' }),
  );
});
afterAll(async () => {
  await dispatcher.stop();
  await receiver.stop();
  await store.close();
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Delivers the last units of CROSSINGS fresh items (each an `out` alert). Answers, in ms, received − acknowledged
 * (the delivery's promise resolved) and received − the alert's `at` (stamped inside the transaction, whole ms).
 */
async function cross(label: string, gapMs: number): Promise<{ fromAck: number[]; fromAt: number[] }> {
  const committedAt = new Map<string, number>();
  const items = [];
  for (let i = 0; i < CROSSINGS; i += 1) {
    items.push(
      await store.items.create(
        // A reorder point, above it: the delivery of both units opens the alert (without one, 0 is not low).
        { name: `${label} ${i}`, supplier: 'Acme', price: 1, quantity: 2, minStock: 1, description: '', img: '' },
        clerk,
      ),
    );
  }
  const before = receiver.calls.length;
  for (const item of items) {
    const outcome = await store.deliveries.create({
      owner: clerk,
      name: 'Ann',
      inventoriesId: item._id,
      address: '1 Main Street',
      phone: '+1 555 0100',
      quantity: 2,
    });
    committedAt.set(item._id, now());
    expect(outcome.ok).toBe(true);
    if (gapMs) await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  await receiver.until((calls) => calls.length === before + CROSSINGS, 30_000);
  const { alerts } = await store.alerts.list({ limit: CROSSINGS, skip: 0 });
  const byId = new Map(alerts.map((alert) => [alert._id, alert]));
  const calls = receiver.calls.slice(before);
  const sorted = (ms: number[]) => ms.sort((a, b) => a - b);
  return {
    fromAck: sorted(calls.map((call) => call.receivedAt - committedAt.get(byId.get(call.delivery!)!.itemId)!)),
    fromAt: sorted(calls.map((call) => call.receivedAt - Date.parse(byId.get(call.delivery!)!.at))),
  };
}

it(`commit → webhook received, ${CROSSINGS} crossings`, async () => {
  const paced = await cross('Paced', 10);
  const burst = await cross('Burst', 0);
  const figures = (ms: number[]) =>
    `p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, max ${ms.at(-1)!.toFixed(1)} ms`;
  const line = (name: string, run: { fromAck: number[]; fromAt: number[] }) =>
    `${name}: from the acknowledgement ${figures(run.fromAck)}; from the alert's at ${figures(run.fromAt)}`;
  console.log(
    `commit → webhook received (${store.kind}, ${CROSSINGS} crossings, receiver in another process)\n` +
      `${line('one every 10 ms', paced)}\n${line('back to back', burst)}`,
  );
  expect(paced.fromAt.every((ms) => ms >= 0)).toBe(true);
  // Woken by the feed, not the 1 s poll (which alone would make the median about 500 ms).
  expect(percentile(paced.fromAt, 50)).toBeLessThan(100);
});
