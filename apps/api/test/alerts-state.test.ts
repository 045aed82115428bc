import request from 'supertest';
import type { Alert } from '@smart-zone/types/alert';
import { statsSchema } from '@smart-zone/types/api-schemas';
import { SYSTEM_ACTOR, TOTAL_COUNT_HEADER } from '@smart-zone/types/item';
import { errorOf } from './support/bodies';
import { makeTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 32: low stock is a state. The scenarios of the issue over HTTP: an item born low, one imported low, the
 * undo that makes an item low again (no duplicate), a restock and a delete that resolve, an edit of the reorder
 * point that opens and resolves; after each, the bell (open alerts), the dashboard's `low` and `?stock=low` agree.
 */
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let t: TestApp;
let owner: string;
let clerk: string;

beforeEach(async () => {
  t = await makeTestApp({ ownerEmails: ['owner@shop.example'] });
  await t.store.team.ensureOwners(['owner@shop.example']);
  await t.store.team.add({ email: 'clerk@shop.example', role: 'clerk' }, SYSTEM_ACTOR);
  owner = await t.tokenFor('owner@shop.example');
  clerk = await t.tokenFor('clerk@shop.example');
});
afterEach(() => t.close());

const item = { name: 'USB-C Cable', supplier: 'Anker', price: 9, description: '', img: '' };

async function alerts(state?: string): Promise<{ alerts: Alert[]; total: number }> {
  const res = await request(t.app)
    .get(`/api/alerts${state ? `?state=${state}` : ''}`)
    .set(auth(clerk))
    .expect(200);
  return { alerts: res.body as Alert[], total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]) };
}

/** The bell's count (GET /alerts?state=open&limit=1, X-Total-Count), the dashboard's low, ?stock=low: one number. */
async function lowEverywhere(): Promise<number> {
  const bell = await request(t.app).get('/api/alerts?state=open&limit=1').set(auth(clerk)).expect(200);
  const stats = statsSchema.parse((await request(t.app).get('/api/stats').set(auth(clerk)).expect(200)).body);
  const list = await request(t.app).get('/api/inventory?stock=low&limit=1').set(auth(clerk)).expect(200);
  const counts = [bell, list].map((res) => Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]));
  expect(counts).toEqual([stats.low, stats.low]);
  return stats.low;
}

async function create(quantity: number, minStock: number): Promise<string> {
  const res = await request(t.app)
    .post('/api/inventory')
    .set(auth(owner))
    .send({ ...item, quantity, minStock })
    .expect(201);
  return (res.body as { insertedId: string }).insertedId;
}

const stock = async (id: string, delta: number) =>
  (
    (await request(t.app).post(`/api/inventory/${id}/stock`).set(auth(owner)).send({ delta }).expect(200)).body as {
      movementId: string;
    }
  ).movementId;

it('an item born low (4 in stock, reorder point 5) has its open alert at once, counted by the bell', async () => {
  const id = await create(4, 5);
  const { alerts: open, total } = await alerts();
  expect(total).toBe(1);
  expect(open).toEqual([
    expect.objectContaining({
      itemId: id,
      itemName: 'USB-C Cable',
      kind: 'low',
      quantity: 4,
      minStock: 5,
      state: 'open',
    }),
  ]);
  expect(open[0]!.resolvedAt).toBeUndefined();
  expect(await lowEverywhere()).toBe(1);
});

it('an item imported low (2, reorder point 2) has its open alert', async () => {
  await request(t.app)
    .post('/api/imports')
    .set(auth(owner))
    .set('Content-Type', 'text/csv')
    .send('name,supplier,price,quantity,minStock\r\nHDMI Cable,Anker,5,2,2\r\nCharger,Anker,5,9,2\r\n')
    .expect(200);
  const { alerts: open } = await alerts('open');
  expect(open.map((alert) => [alert.itemName, alert.kind, alert.quantity, alert.state])).toEqual([
    ['HDMI Cable', 'low', 2, 'open'],
  ]);
  expect(await lowEverywhere()).toBe(1);
});

it('a restock resolves the alert (resolvedAt, the restock); its undo opens one again; a further move updates it, no duplicate', async () => {
  const id = await create(65, 70);
  const [opened] = (await alerts()).alerts;
  const restock = await stock(id, 50);
  expect((await alerts('open')).total).toBe(0);
  expect(await lowEverywhere()).toBe(0);
  const [resolved] = (await alerts('resolved')).alerts;
  expect(resolved).toMatchObject({ _id: opened!._id, state: 'resolved', resolvedBy: restock, quantity: 65 });
  expect(Date.parse(resolved!.resolvedAt!)).toBeGreaterThanOrEqual(Date.parse(resolved!.at));

  await request(t.app).post(`/api/movements/${restock}/undo`).set(auth(owner)).expect(200);
  const removal = await stock(id, -1);
  await request(t.app).post(`/api/movements/${removal}/undo`).set(auth(owner)).expect(200);
  const { alerts: open } = await alerts('open');
  expect(open).toHaveLength(1);
  expect(open[0]).toMatchObject({ itemId: id, kind: 'low', quantity: 65, minStock: 70, state: 'open' });
  expect(open[0]!._id).not.toBe(opened!._id);
  expect((await alerts('all')).total).toBe(2);
  expect(await lowEverywhere()).toBe(1);

  // On to 0: the same alert, now `out`.
  await stock(id, -65);
  expect((await alerts()).alerts).toEqual([expect.objectContaining({ _id: open[0]!._id, kind: 'out', quantity: 0 })]);
});

it('deleting a low item resolves its alert', async () => {
  const id = await create(1, 3);
  await request(t.app).delete(`/api/inventory/${id}`).set(auth(owner)).expect(200);
  expect((await alerts()).total).toBe(0);
  const [resolved] = (await alerts('resolved')).alerts;
  expect(resolved).toMatchObject({ itemId: id, state: 'resolved' });
  expect(resolved!.resolvedAt).toBeDefined();
  expect(await lowEverywhere()).toBe(0);
});

it('an edit of the reorder point opens the alert, and resolves it', async () => {
  const id = await create(10, 0);
  const put = (minStock: number) =>
    request(t.app)
      .put(`/api/inventory/${id}`)
      .set(auth(owner))
      .send({ ...item, quantity: 10, minStock })
      .expect(200);
  await put(10);
  expect((await alerts()).alerts).toEqual([expect.objectContaining({ itemId: id, kind: 'low', minStock: 10 })]);
  expect(await lowEverywhere()).toBe(1);
  await put(12);
  expect((await alerts()).alerts).toEqual([expect.objectContaining({ itemId: id, minStock: 12 })]);
  await put(9);
  expect((await alerts()).total).toBe(0);
  const [resolved] = (await alerts('resolved')).alerts;
  expect(resolved).toMatchObject({ itemId: id, state: 'resolved', minStock: 12 });
  // No movement lifted it: an edit of the reorder point did.
  expect(resolved!.resolvedBy).toBeUndefined();
  expect(await lowEverywhere()).toBe(0);
});

it('refuses a state it does not know (400, nothing listed) and a visitor (401)', async () => {
  const bad = await request(t.app).get('/api/alerts?state=closed').set(auth(clerk));
  expect(bad.status).toBe(400);
  expect(errorOf(bad).message).toMatch(/state must be open, resolved or all/);
  expect((await request(t.app).get('/api/alerts?state=all')).status).toBe(401);
});
