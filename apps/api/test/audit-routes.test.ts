import request from 'supertest';
import type { AuditEntry } from '@smart-zone/types/audit';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import { errorOf } from './support/bodies';
import { makeTestApp, type TestApp } from './helpers/test-app';

/** GET /api/audit and /api/deliveries over HTTP, and the reasons a clerk must give. */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const OWNER = 'owner@shop.example';
let t: TestApp;
let clerk: string;
let manager: string;

beforeEach(async () => {
  t = await makeTestApp({ ownerEmails: [OWNER] });
  await t.store.team.ensureOwners([OWNER]);
  await t.store.team.add({ email: 'clerk@shop.example', role: 'clerk' }, SYSTEM_ACTOR);
  await t.store.team.add({ email: 'manager@shop.example', role: 'manager' }, SYSTEM_ACTOR);
  clerk = await t.tokenFor('clerk@shop.example');
  manager = await t.tokenFor('manager@shop.example');
});
afterEach(() => t.close());

const deliver = (token: string, email: string, itemId: string, quantity = 1) =>
  request(t.app)
    .post('/api/myitem')
    .set(auth(token))
    .send({ email, inventoriesId: itemId, address: '1 Road', phone: '555 0100', quantity });

describe('a clerk must say why', () => {
  it('removing stock without a note is 400 naming the field, and changes nothing; with one it is audited', async () => {
    const itemId = await t.addItem({ quantity: 10 });
    const refused = await request(t.app).post(`/api/inventory/${itemId}/stock`).set(auth(clerk)).send({ delta: -2 });
    expect(refused.status).toBe(400);
    expect(errorOf(refused)).toEqual({
      code: 'validation_failed',
      message: 'Say why you are removing stock',
      fields: { note: 'A clerk must give a reason to remove stock' },
    });
    expect((await t.store.items.get(itemId))?.quantity).toBe(10);
    // A restock needs no reason; a manager's removal needs none either.
    await request(t.app).post(`/api/inventory/${itemId}/stock`).set(auth(clerk)).send({ delta: 1 }).expect(200);
    await request(t.app).post(`/api/inventory/${itemId}/stock`).set(auth(manager)).send({ delta: -1 }).expect(200);
    const removed = await request(t.app)
      .post(`/api/inventory/${itemId}/stock`)
      .set(auth(clerk))
      .send({ delta: -2, note: 'dropped two' });
    expect(removed.status).toBe(200);
    const [entry] = (await request(t.app).get('/api/audit?limit=1').set(auth(manager))).body as AuditEntry[];
    expect(entry).toMatchObject({
      action: 'stock.remove',
      actor: { email: 'clerk@shop.example' },
      reason: 'dropped two',
      changes: { quantity: [10, 8] },
      requestId: removed.headers['x-request-id'],
    });
  });

  it("cancelling one's own delivery without a reason is 400 and changes nothing; a manager cancels anyone's", async () => {
    const itemId = await t.addItem({ quantity: 10 });
    const made = await deliver(clerk, 'clerk@shop.example', itemId, 3);
    const id = (made.body as { insertedId: string }).insertedId;
    const refused = await request(t.app).delete(`/api/myitem/${id}`).set(auth(clerk));
    expect([refused.status, errorOf(refused).fields?.reason]).toEqual([
      400,
      'A clerk must give a reason to cancel a delivery',
    ]);
    expect((await t.store.items.get(itemId))?.quantity).toBe(7);
    await request(t.app).delete(`/api/myitem/${id}?reason=wrong%20item`).set(auth(clerk)).expect(200);
    expect((await t.store.items.get(itemId))?.quantity).toBe(10);

    const again = (await deliver(clerk, 'clerk@shop.example', itemId, 2)).body as { insertedId: string };
    // My Item is the clerk's own: a manager cancels it from the Deliveries page.
    expect((await request(t.app).delete(`/api/myitem/${again.insertedId}`).set(auth(manager))).status).toBe(404);
    await request(t.app).delete(`/api/deliveries/${again.insertedId}`).set(auth(manager)).expect(200);
    const [entry] = (await request(t.app).get('/api/audit?action=delivery.cancel&limit=1').set(auth(manager)))
      .body as AuditEntry[];
    expect(entry).toMatchObject({ actor: { email: 'manager@shop.example' }, target: { kind: 'delivery', itemId } });
  });
});

describe('GET /api/deliveries', () => {
  it('pages every delivery newest first with X-Total-Count, filtered by email and item', async () => {
    const [a, b] = [await t.addItem({ quantity: 50 }), await t.addItem({ quantity: 50 })];
    await deliver(clerk, 'clerk@shop.example', a);
    await deliver(manager, 'manager@shop.example', a);
    await deliver(clerk, 'clerk@shop.example', b);
    const all = await request(t.app).get('/api/deliveries?limit=2').set(auth(clerk));
    expect(all.headers['x-total-count']).toBe('3');
    expect((all.body as DeliveredItem[]).map((d) => [d.email, d.inventoriesId])).toEqual([
      ['clerk@shop.example', b],
      ['manager@shop.example', a],
    ]);
    const byEmail = await request(t.app).get('/api/deliveries?email=CLERK@shop.example').set(auth(manager));
    expect(byEmail.headers['x-total-count']).toBe('2');
    const byItem = await request(t.app).get(`/api/deliveries?itemId=${a}&email=clerk@shop.example`).set(auth(manager));
    expect((byItem.body as DeliveredItem[]).map((d) => d.inventoriesId)).toEqual([a]);
    const future = await request(t.app).get('/api/deliveries?from=2999-01-01').set(auth(manager));
    expect([future.headers['x-total-count'], future.body]).toEqual(['0', []]);
  });

  it('refuses bad filters with 400 naming them', async () => {
    for (const [query, field] of [
      ['email=nobody', 'email'],
      ['itemId=xyz', 'itemId'],
      ['from=yesterday', 'from'],
      ['limit=201', 'limit'],
    ]) {
      const res = await request(t.app).get(`/api/deliveries?${query}`).set(auth(manager));
      expect([query, res.status, Object.keys(errorOf(res).fields ?? {})]).toEqual([query, 400, [field]]);
    }
  });
});

describe('GET /api/audit', () => {
  it('filters by actor, action, item and time, newest first, with X-Total-Count', async () => {
    const itemId = await t.addItem({ quantity: 5 });
    await request(t.app).post(`/api/inventory/${itemId}/stock`).set(auth(clerk)).send({ delta: 4 });
    await request(t.app)
      .put(`/api/inventory/${itemId}`)
      .set(auth(manager))
      .send({ name: 'Pixel 9a', supplier: 'Google', price: 499, quantity: 9, minStock: 2, reason: 'new model' });
    const mine = await request(t.app).get(`/api/audit?itemId=${itemId}`).set(auth(manager));
    expect(mine.headers['x-total-count']).toBe('3');
    const entries = mine.body as AuditEntry[];
    expect(entries.map((e) => e.action)).toEqual(['item.update', 'stock.restock', 'item.create']);
    expect(entries[0]).toMatchObject({
      reason: 'new model',
      changes: { name: ['Pixel 9', 'Pixel 9a'], price: [799, 499], minStock: [0, 2] },
    });
    const byActor = await request(t.app)
      .get('/api/audit?actor=clerk@shop.example&action=stock.restock')
      .set(auth(manager));
    expect(byActor.headers['x-total-count']).toBe('1');
    const today = new Date().toISOString().slice(0, 10);
    const inDay = await request(t.app).get(`/api/audit?from=${today}&to=${today}&itemId=${itemId}`).set(auth(manager));
    expect(inDay.headers['x-total-count']).toBe('3');
    const bad = await request(t.app).get('/api/audit?action=item.explode').set(auth(manager));
    expect(bad.status).toBe(400);
  });

  it("a clerk reads only their own entries and may not ask for another's (403)", async () => {
    const itemId = await t.addItem({ quantity: 5 });
    await request(t.app).post(`/api/inventory/${itemId}/stock`).set(auth(clerk)).send({ delta: 4 });
    const own = await request(t.app).get('/api/audit').set(auth(clerk));
    expect((own.body as AuditEntry[]).map((e) => [e.actor.email, e.action])).toEqual([
      ['clerk@shop.example', 'stock.restock'],
    ]);
    expect((await request(t.app).get('/api/audit?actor=manager@shop.example').set(auth(clerk))).status).toBe(403);
  });
});
