import pino from 'pino';
import { startAlertDispatch } from '../src/alerts/alert-dispatch';
import { startAlertDispatcher, type AlertDispatcher } from '../src/alerts/alert-dispatcher';
import { emailSender } from '../src/alerts/email-sender';
import { loadConfig } from '../src/config';
import type { Store } from '../src/store/store';
import { openTestStore } from './helpers/test-store';
import { raiseAlerts } from './support/raise-alerts';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink';

/** Alerts by email, through a real SMTP server on loopback: one message per alert, retried while the relay says "later". */
const PUBLIC_URL = 'https://warehouse.example.com';
const TO = ['orders@example.com', 'boss@example.com'];
const quiet = pino({ level: 'silent' });
const fast = { baseMs: 20, capMs: 200, giveUpMs: 24 * 3_600_000 };

let store: Store;
let sink: SmtpSink;
let dispatcher: AlertDispatcher;

function start(smtpUrl: string) {
  const sender = emailSender({ smtpUrl, to: TO, from: 'Smart Zone <alerts@example.com>', publicUrl: PUBLIC_URL });
  dispatcher = startAlertDispatcher(store, sender, quiet, { pollMs: 50, policy: fast });
}

async function until(done: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('alerts by email (SMTP_URL, ALERT_EMAIL_TO)', () => {
  afterEach(async () => {
    await dispatcher.stop();
    await sink.close();
    await store.close();
  });

  it('sends exactly one message per alert: the kind and the item in the subject, the numbers and the link in the body', async () => {
    store = await openTestStore();
    sink = await startSmtpSink();
    start(sink.url);
    const alerts = await raiseAlerts(store, 4, 'Pixel');
    expect(alerts.map((alert) => `${alert.kind} ${alert.itemName}`)).toEqual([
      'low Pixel 1',
      'out Pixel 2',
      'low Pixel 3',
      'out Pixel 4',
    ]);
    await until(() => sink.messages.length >= alerts.length);
    // Nothing more comes: the outbox knows each was sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages).toHaveLength(alerts.length);

    for (const alert of alerts) {
      const matching = sink.messages.filter((m) => m.headers.get('x-smart-zone-alert') === alert._id);
      expect(matching).toHaveLength(1);
      const message = matching[0]!;
      expect(message.subject).toBe(
        alert.kind === 'low'
          ? `Low stock: ${alert.itemName} (4 left, reorder point 5)`
          : `Out of stock: ${alert.itemName}`,
      );
      expect(message.text).toContain(`Quantity: ${alert.quantity}`);
      expect(message.text).toContain('Reorder point: 5');
      expect(message.text).toContain(`${PUBLIC_URL}/inventory/${alert.itemId}`);
      const to = Array.isArray(message.to) ? message.to : [message.to];
      expect(to.flatMap((address) => address?.value.map((v) => v.address))).toEqual(TO);
      expect(message.from?.value[0]?.address).toBe('alerts@example.com');
    }
    expect(await store.alerts.failedCount()).toBe(0);
  });

  it('retries while the relay answers "try later" (451), then sends once', async () => {
    store = await openTestStore();
    sink = await startSmtpSink((attempt) => (attempt <= 3 ? 451 : undefined));
    start(sink.url);
    const alerts = await raiseAlerts(store, 1, 'Retried');
    expect(alerts).toHaveLength(1);
    await until(() => sink.messages.length === 1);
    expect(sink.attempts).toBe(4);
    expect(sink.messages[0]!.subject).toBe('Low stock: Retried 1 (4 left, reorder point 5)');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages).toHaveLength(1);
    expect(await store.alerts.failedCount()).toBe(0);
  });

  it('gives up at once on a refusal for good (550) and on a wrong password, and shows the alert failed', async () => {
    store = await openTestStore();
    sink = await startSmtpSink(() => 550);
    start(sink.url);
    const [refused] = await raiseAlerts(store, 1, 'Refused');
    await until(async () => (await store.alerts.failedCount()) === 1);
    expect(sink.attempts).toBe(1);
    await dispatcher.stop();

    start(sink.url.replace('relay-password', 'wrong-password'));
    await raiseAlerts(store, 1, 'Unauthorised');
    await until(async () => (await store.alerts.failedCount()) === 2);
    expect(sink.attempts).toBe(1);
    expect(sink.messages).toHaveLength(0);
    const { alerts } = await store.alerts.list({ limit: 10, skip: 0 });
    expect(alerts.map((alert) => alert.failed)).toEqual([['email'], ['email']]);
    expect(alerts[1]!._id).toBe(refused!._id);
  });
});

/**
 * Issue 32: an alert resolves when its item rises above its reorder point; the owner who sets
 * ALERT_SEND_RESOLVED=true is told of it by email too, once, and without it only the opening goes out. Set as
 * the app sets it: from the environment (loadConfig), through the dispatch the server starts.
 */
describe('a resolution by email, only when ALERT_SEND_RESOLVED is true', () => {
  const clerk = { uid: 'uid-clerk', email: 'clerk@example.com' };
  let resolvedStore: Store | undefined;
  let resolvedSink: SmtpSink | undefined;
  let dispatch: { stop(): Promise<void> } | undefined;
  afterEach(async () => {
    await dispatch?.stop();
    await resolvedSink?.close();
    await resolvedStore?.close();
    [dispatch, resolvedSink, resolvedStore] = [undefined, undefined, undefined];
  });

  it.each([
    ['true', true],
    ['false', false],
  ])('ALERT_SEND_RESOLVED=%s', async (setting, sent) => {
    resolvedStore = await openTestStore();
    resolvedSink = await startSmtpSink();
    const config = loadConfig({
      SMTP_URL: resolvedSink.url,
      ALERT_EMAIL_TO: TO.join(','),
      ALERT_EMAIL_FROM: 'Smart Zone <alerts@example.com>',
      PUBLIC_URL,
      ALERT_SEND_RESOLVED: setting,
    });
    dispatch = startAlertDispatch(resolvedStore, config.alerts, quiet);
    const messages = resolvedSink.messages;
    const item = await resolvedStore.items.create(
      { name: 'Cable', supplier: 'Acme', price: 1, quantity: 4, minStock: 5, description: '', img: '' },
      clerk,
    );
    await until(() => messages.length === 1);
    expect(messages[0]!.subject).toBe('Low stock: Cable (4 left, reorder point 5)');
    expect(messages[0]!.headers.get('x-smart-zone-alert-event')).toBe('opened');

    // Back above its reorder point: the alert resolves, by the restock.
    const restock = await resolvedStore.items.changeStock(item._id, { delta: 10 }, clerk);
    if (!restock.ok) throw new Error('the restock was refused');
    const [alert] = (await resolvedStore.alerts.list({ limit: 5, skip: 0 })).alerts;
    expect(alert).toMatchObject({ itemId: item._id, state: 'resolved', resolvedBy: restock.movementId });
    if (sent) await until(() => messages.length === 2);
    // Longer than the outbox's poll (1 s): nothing more comes.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(messages).toHaveLength(sent ? 2 : 1);
    expect(messages.every((message) => message.headers.get('x-smart-zone-alert') === alert!._id)).toBe(true);
    if (sent) {
      const resolution = messages[1]!;
      expect(resolution.subject).toBe('Resolved: Cable is back above its reorder point');
      expect(resolution.headers.get('x-smart-zone-alert-event')).toBe('resolved');
      expect(resolution.text).toContain(`Resolved: ${alert!.resolvedAt}`);
      expect(resolution.text).toContain(`${PUBLIC_URL}/inventory/${item._id}`);
      const to = Array.isArray(resolution.to) ? resolution.to : [resolution.to];
      expect(to.flatMap((address) => address?.value.map((v) => v.address))).toEqual(TO);
    }
    expect(await resolvedStore.alerts.failedCount()).toBe(0);
  });
});
