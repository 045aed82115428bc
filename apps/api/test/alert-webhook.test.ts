import type { Alert } from '@smart-zone/types/alert';
import pino from 'pino';
import { startAlertDispatcher, type AlertDispatcher } from '../src/alerts/alert-dispatcher';
import { DEFAULT_RETRY_POLICY } from '../src/alerts/retry-policy';
import { webhookSender } from '../src/alerts/webhook-sender';
import type { Store } from '../src/store/store';
import { openTestStore } from './helpers/test-store';
import { raiseAlerts } from './support/raise-alerts';
import { type Receiver, signatureVerifies, startReceiver } from './support/webhook-receiver-process';

/** Alerts by webhook, to a receiver in another process: signed, each delivery id at least once, retried on 5xx only. */
const SECRET = 'a-webhook-secret-of-32-characters';
const quiet = pino({ level: process.env.DEBUG_ALERTS ? 'info' : 'silent' });
const HOUR = 3_600_000;

let store: Store;
let receiver: Receiver;
let dispatcher: AlertDispatcher;
afterEach(async () => {
  await dispatcher.stop();
  await receiver.stop();
  await store.close();
});

const deliveries = (receiver: Receiver, status = 204) =>
  new Set(receiver.calls.filter((call) => call.status === status).map((call) => call.delivery));

describe('alerts by webhook (ALERT_WEBHOOK_URL, ALERT_WEBHOOK_SECRET)', () => {
  it('delivers every alert through 500s, signed, as the Alert JSON, each X-Smart-Zone-Delivery once accepted', async () => {
    store = await openTestStore();
    receiver = await startReceiver({ failFirst: 3 });
    dispatcher = startAlertDispatcher(store, webhookSender({ url: receiver.url, secret: SECRET }), quiet, {
      pollMs: 50,
      policy: { ...DEFAULT_RETRY_POLICY, baseMs: 20, capMs: 200 },
    });
    const alerts = await raiseAlerts(store, 6);
    expect(alerts).toHaveLength(6);
    const ids = new Set(alerts.map((alert) => alert._id));
    await receiver.until(
      (calls) => ids.size === new Set(calls.filter((c) => c.status === 204).map((c) => c.delivery)).size,
      10_000,
    );

    expect(receiver.calls.slice(0, 3).map((call) => call.status)).toEqual([500, 500, 500]);
    expect(deliveries(receiver)).toEqual(ids);
    for (const call of receiver.calls) {
      expect(call).toMatchObject({ method: 'POST', contentType: 'application/json' });
      expect(signatureVerifies(call, SECRET)).toBe(true);
      expect(signatureVerifies(call, `${SECRET}x`)).toBe(false);
      const body = JSON.parse(call.body) as Alert;
      const raised = alerts.find((alert) => alert._id === call.delivery)!;
      expect(body).toEqual({ ...raised, event: 'opened', state: undefined, readAt: undefined, failed: undefined });
    }
    // The retried three came again; nothing accepted was sent twice.
    expect(receiver.calls).toHaveLength(alerts.length + 3);
    expect(await store.alerts.failedCount()).toBe(0);
  });

  it('gives up at once on a 4xx other than 429: one call per alert, shown failed and counted', async () => {
    store = await openTestStore();
    receiver = await startReceiver({ failFirst: 1000, failStatus: 410 });
    dispatcher = startAlertDispatcher(store, webhookSender({ url: receiver.url, secret: SECRET }), quiet, {
      pollMs: 50,
      policy: { ...DEFAULT_RETRY_POLICY, baseMs: 20, capMs: 200 },
    });
    const alerts = await raiseAlerts(store, 2);
    await receiver.until((calls) => calls.length === alerts.length, 5000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.calls).toHaveLength(alerts.length);
    expect(await store.alerts.failedCount()).toBe(alerts.length);
    const { alerts: listed } = await store.alerts.list({ limit: 10, skip: 0 });
    expect(listed.every((alert) => alert.failed?.join() === 'webhook')).toBe(true);
  });

  it('keeps retrying a receiver that answers 500 until 24 h after the alert, then marks it failed', async () => {
    store = await openTestStore();
    receiver = await startReceiver({ failFirst: 1_000_000 });
    let clock = Date.now();
    dispatcher = startAlertDispatcher(store, webhookSender({ url: receiver.url, secret: SECRET }), quiet, {
      pollMs: 50,
      now: () => clock,
      // The full jitter's ceiling each time, so the retry times are known.
      random: () => 1,
    });
    const [alert] = await raiseAlerts(store, 1);
    const raisedAt = Date.parse(alert!.at);
    // The receiver reports a call before the dispatcher hears its answer: give it time to record the retry.
    const received = async (count: number) => {
      await receiver.until((calls) => calls.length === count, 5000);
      await new Promise((resolve) => setTimeout(resolve, 150));
    };
    await received(1);

    // Each retry waits its ceiling: 5 s, 10 s, 20 s, … 15 min at most; still retrying at 23 h 59 min.
    for (const wait of [5000, 10_000, 20_000]) {
      const seen = receiver.calls.length;
      clock += wait - 1;
      dispatcher.wake();
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(receiver.calls).toHaveLength(seen);
      clock += 1;
      dispatcher.wake();
      await received(seen + 1);
    }
    clock = raisedAt + 24 * HOUR - 60_000;
    dispatcher.wake();
    await received(5);
    expect(await store.alerts.failedCount()).toBe(0);

    // The last retry is at the deadline, not past it; its failure gives up.
    clock = raisedAt + 24 * HOUR;
    dispatcher.wake();
    await received(6);
    expect(await store.alerts.failedCount()).toBe(1);
    clock += 48 * HOUR;
    dispatcher.wake();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.calls).toHaveLength(6);
    const { alerts } = await store.alerts.list({ limit: 1, skip: 0 });
    expect(alerts[0]!.failed).toEqual(['webhook']);
  });

  it('tells of an opening once, of an update never, and of a resolution once only when the owner asks for it', async () => {
    for (const resolved of [false, true]) {
      store = await openTestStore();
      receiver = await startReceiver({});
      dispatcher = startAlertDispatcher(store, webhookSender({ url: receiver.url, secret: SECRET }), quiet, {
        pollMs: 50,
        resolved,
      });
      const clerk = { uid: 'uid-clerk', email: 'clerk@example.com' };
      const item = await store.items.create(
        { name: 'Cable', supplier: 'Acme', price: 1, quantity: 4, minStock: 5, description: '', img: '' },
        clerk,
      );
      await receiver.until((calls) => calls.length === 1, 5000);
      // Lower while low: the open alert is updated, nothing is sent. Then restocked above: it resolves.
      await store.items.changeStock(item._id, { delta: -2 }, clerk);
      const restock = await store.items.changeStock(item._id, { delta: 10 }, clerk);
      if (!restock.ok) throw new Error('the restock was refused');
      if (resolved) await receiver.until((calls) => calls.length === 2, 5000);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const bodies = receiver.calls.map((call) => JSON.parse(call.body) as Record<string, unknown>);
      const [alert] = (await store.alerts.list({ limit: 5, skip: 0 })).alerts;
      expect(alert).toMatchObject({ state: 'resolved', quantity: 2 });
      expect(bodies.map((body) => [body.event, body._id, body.quantity])).toEqual([
        ['opened', alert!._id, 4],
        ...(resolved ? [['resolved', alert!._id, 2]] : []),
      ]);
      if (resolved) {
        expect(bodies[1]).toMatchObject({ resolvedAt: alert!.resolvedAt, resolvedBy: restock.movementId });
        expect(receiver.calls[1]!.delivery).toBe(`${alert!._id}.resolved`);
      }
      await dispatcher.stop();
      await receiver.stop();
      await store.close();
    }
    // afterEach stops them again: harmless.
    store = await openTestStore();
    receiver = await startReceiver({});
    dispatcher = startAlertDispatcher(store, webhookSender({ url: receiver.url, secret: SECRET }), quiet);
  });
});
