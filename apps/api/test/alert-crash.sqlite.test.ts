import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BENCH_USER } from '../bench/api-server';
import { type ApiProcess, startApiProcess } from './support/api-process';
import { type Receiver, signatureVerifies, startReceiver } from './support/webhook-receiver-process';

/**
 * The must-show: a real server process, a receiver in another that
 * answers 500 to its first 3 calls, kill -9 of the server right after
 * acknowledged deliveries that crossed reorder points; after the restart
 * every alert reaches the receiver, signed.
 */
jest.setTimeout(60_000);

const SECRET = 'crash-test-webhook-secret-0123456789';
const ITEMS = 8;

let dir: string;
let receiver: Receiver;
let server: ApiProcess | undefined;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'smart-zone-alert-crash-'));
  receiver = await startReceiver({ failFirst: 3 });
});
afterAll(async () => {
  await server?.kill();
  await receiver.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function post(
  base: string,
  token: string,
  route: string,
  body: object,
): Promise<{ status: number; id?: string }> {
  const response = await fetch(`${base}/api${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { insertedId?: string };
  return { status: response.status, id: answer.insertedId };
}

it('after kill -9 right after acknowledged crossings, the restarted server delivers every alert, signed', async () => {
  const logFile = path.join(dir, 'server.log');
  const env = { ALERT_WEBHOOK_URL: receiver.url, ALERT_WEBHOOK_SECRET: SECRET };
  server = await startApiProcess(dir, logFile, env);
  const { base, token } = server;

  const items: string[] = [];
  for (let i = 1; i <= ITEMS; i += 1) {
    const created = await post(base, token, '/inventory', {
      name: `Crash phone ${i}`,
      supplier: 'Acme',
      price: 1,
      quantity: 10,
      minStock: 5,
      description: '',
      img: '',
    });
    expect(created.status).toBe(201);
    items.push(created.id!);
  }
  const deliver = (itemId: string, quantity: number) =>
    post(base, token, '/myitem', {
      email: BENCH_USER.email,
      inventory: 'Crash phone',
      inventoriesId: itemId,
      address: '1 Crash Street',
      phone: '+1 555 0100',
      quantity,
    });
  // Every item across its reorder point (6 of 10: low), every other one on to 0 (out), all at once.
  const answers = await Promise.all(
    items.map(async (itemId, i) => [await deliver(itemId, 6), ...(i % 2 ? [await deliver(itemId, 4)] : [])]),
  );
  await server.kill();
  const acceptedBeforeKill = receiver.calls.filter((call) => call.status === 204).length;
  expect(answers.flat().map((answer) => answer.status)).toEqual(Array(ITEMS + ITEMS / 2).fill(201));

  const db = new Database(path.join(dir, 'smart-zone.db'));
  const raised = db.prepare<[], { id: string; kind: string }>('SELECT id, kind FROM alerts').all();
  db.close();
  // One alert per item: going on to 0 updates the open one (kind `out`), it raises no second.
  expect(raised).toHaveLength(ITEMS);
  expect(raised.filter((alert) => alert.kind === 'out')).toHaveLength(ITEMS / 2);
  const ids = new Set(raised.map((alert) => alert.id));

  server = await startApiProcess(dir, logFile, env);
  const delivered = () => new Set(receiver.calls.filter((call) => call.status === 204).map((call) => call.delivery));
  try {
    await receiver.until(() => [...ids].every((id) => delivered().has(id)), 25_000);
  } finally {
    console.log(
      `alert crash: ${ids.size} alerts, ${acceptedBeforeKill} accepted before kill -9, ` +
        `${receiver.calls.length} calls in all (${receiver.calls.filter((c) => c.status === 500).length} answered 500)`,
    );
  }
  expect(delivered()).toEqual(ids);
  expect(receiver.calls.slice(0, 3).map((call) => call.status)).toEqual([500, 500, 500]);
  expect(receiver.calls.every((call) => signatureVerifies(call, SECRET))).toBe(true);
  expect(receiver.calls.every((call) => ids.has(call.delivery!))).toBe(true);

  const health = (await (await fetch(`${server.base}/api/health`)).json()) as { alertSendsFailed?: number };
  expect(health.alertSendsFailed).toBe(0);
  await server.stop();
  server = undefined;
  expect(readFileSync(logFile, 'utf8')).toContain('Sending low-stock alerts by webhook.');
});
