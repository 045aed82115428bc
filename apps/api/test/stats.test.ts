import request from 'supertest';
import { statsSchema } from '@smart-zone/types/api-schemas';
import { SYSTEM_ACTOR, type StockMovement } from '@smart-zone/types/item';
import { demoItems } from '../src/store/demo-items';
import { errorOf } from './support/bodies';
import { makeTestApp, sampleItem, type TestApp } from './helpers/test-app';

/** GET /api/stats over HTTP: the team reads it, nobody else; a write is in the next answer, never a cached one. */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let t: TestApp;
let viewer: string;
let clerk: string;

beforeEach(async () => {
  t = await makeTestApp({ ownerEmails: ['owner@shop.example'] });
  await t.store.team.ensureOwners(['owner@shop.example']);
  await t.store.team.add({ email: 'viewer@shop.example', role: 'viewer' }, SYSTEM_ACTOR);
  await t.store.team.add({ email: 'clerk@shop.example', role: 'clerk' }, SYSTEM_ACTOR);
  viewer = await t.tokenFor('viewer@shop.example');
  clerk = await t.tokenFor('clerk@shop.example');
});
afterEach(() => t.close());

it('refuses a visitor (401) and a signed-in outsider (403), with nothing of the figures', async () => {
  const visitor = await request(t.app).get('/api/stats');
  expect(visitor.status).toBe(401);
  expect(visitor.body).not.toHaveProperty('stockValue');
  const outsider = await request(t.app)
    .get('/api/stats')
    .set(auth(await t.tokenFor('eve@gmail.com')));
  expect(outsider.status).toBe(403);
  expect(errorOf(outsider).code).toBe('forbidden');
  expect(outsider.body).not.toHaveProperty('stockValue');
});

it('answers a viewer the figures, and a delivery is in the next answer', async () => {
  const itemId = await t.addItem({ name: 'Counted', price: 12.5, quantity: 10 });
  const first = await request(t.app).get('/api/stats').set(auth(viewer)).expect(200);
  expect(first.headers['cache-control']).toBe('private, no-store');
  const stats = statsSchema.parse(first.body);
  expect(stats).toMatchObject({ items: 1, units: 10, stockValue: 125, low: 0, out: 0, topMovers: [] });

  await request(t.app)
    .post('/api/myitem')
    .set(auth(clerk))
    .send({ email: 'clerk@shop.example', inventoriesId: itemId, address: '1 Road', phone: '555 0100', quantity: 4 })
    .expect(201);
  const next = statsSchema.parse((await request(t.app).get('/api/stats').set(auth(viewer)).expect(200)).body);
  expect(next).toMatchObject({ units: 6, stockValue: 75, topMovers: [{ itemId, name: 'Counted', out: 4 }] });
  expect(next.movementsByDay.at(-1)!.out - stats.movementsByDay.at(-1)!.out).toBe(4);
});

/**
 * Issue 32, as a new shop tried it: the dashboard counts what happened, by the movement kinds table. A
 * +50 restock and its undo change no bucket; a delivery of 3 and its cancel leave `out` as it was; a
 * deleted demo item's units count as deletions, not out; opening stock is not `in`; the top movers do not
 * list the undone restock.
 */
describe('the day buckets (issue 32)', () => {
  let owner: string;
  const today = async () => {
    const stats = statsSchema.parse((await request(t.app).get('/api/stats').set(auth(viewer)).expect(200)).body);
    return { day: stats.movementsByDay.at(-1)!, topMovers: stats.topMovers };
  };
  beforeEach(async () => {
    owner = await t.tokenFor('owner@shop.example');
  });

  it('opening stock is not `in`, and a restock of 50 and its undo change no bucket nor the top movers', async () => {
    const cable = await t.addItem({ name: 'USB-C Cable', quantity: 70 });
    const opened = await today();
    expect(opened.day).toMatchObject({ opening: 70, received: 0, in: 0, out: 0 });

    const restock = await request(t.app)
      .post(`/api/inventory/${cable}/stock`)
      .set(auth(clerk))
      .send({ delta: 50 })
      .expect(200);
    expect((await today()).day).toMatchObject({ received: 50, in: 50, out: 0 });
    await request(t.app)
      .post(`/api/movements/${(restock.body as { movementId: string }).movementId}/undo`)
      .set(auth(clerk))
      .expect(200);
    const after = await today();
    expect(after.day).toEqual(opened.day);
    expect(after.topMovers).toEqual([]);
  });

  it('a delivery of 3 and its cancel leave `out` (and the top movers) as they were', async () => {
    const cable = await t.addItem({ name: 'USB-C Cable', quantity: 70 });
    const before = await today();
    const sent = await request(t.app)
      .post('/api/myitem')
      .set(auth(clerk))
      .send({ email: 'clerk@shop.example', inventoriesId: cable, address: '1 Road', phone: '555 0100', quantity: 3 })
      .expect(201);
    const delivered = await today();
    expect(delivered.day).toMatchObject({ delivered: 3, out: 3 });
    expect(delivered.topMovers).toEqual([{ itemId: cable, name: 'USB-C Cable', out: 3 }]);
    await request(t.app)
      .delete(`/api/deliveries/${(sent.body as { insertedId: string }).insertedId}`)
      .query({ reason: 'Customer changed their mind' })
      .set(auth(owner))
      .expect(200);
    const after = await today();
    expect(after.day).toEqual(before.day);
    expect(after.topMovers).toEqual([]);
  });

  /**
   * An owner's edit of the quantity (PUT) is a correction, its own reason (`edit`), each way: not `removed`,
   * which stays the stock form's; an undo of an edit takes it back out of corrections.
   */
  it('an edit of the quantity is a correction each way, a removal still removed, an undo of an edit taken back', async () => {
    const cable = await t.addItem({ name: 'USB-C Cable', quantity: 10 });
    const before = (await today()).day;
    const edit = (quantity: number) =>
      request(t.app)
        .put(`/api/inventory/${cable}`)
        .set(auth(owner))
        .send({ ...sampleItem, name: 'USB-C Cable', quantity })
        .expect(200);
    const newest = async () => {
      const res = await request(t.app).get(`/api/inventory/${cable}/history`).set(auth(owner)).expect(200);
      return (res.body as StockMovement[])[0]!;
    };
    const undo = (movementId: string) =>
      request(t.app).post(`/api/movements/${movementId}/undo`).set(auth(owner)).expect(200);

    await edit(7);
    const lowered = await newest();
    expect(lowered).toMatchObject({ reason: 'edit', delta: -3, quantityAfter: 7 });
    expect((await today()).day).toEqual({ ...before, corrections: -3, removed: 0, out: 0 });

    await edit(12);
    const raised = await newest();
    expect(raised).toMatchObject({ reason: 'edit', delta: 5, quantityAfter: 12 });
    expect((await today()).day).toEqual({ ...before, corrections: -3 + 5, removed: 0, in: 0, out: 0 });

    await request(t.app)
      .post(`/api/inventory/${cable}/stock`)
      .set(auth(clerk))
      .send({ delta: -2, note: 'Broken' })
      .expect(200);
    expect(await newest()).toMatchObject({ reason: 'adjust', delta: -2, quantityAfter: 10 });
    const removed = { ...before, corrections: 2, removed: 2, out: 2 };
    expect((await today()).day).toEqual(removed);

    // Each undo takes its edit back out of corrections; the removal stays removed.
    await undo(raised._id);
    expect((await today()).day).toEqual({ ...removed, corrections: -3 });
    await undo(lowered._id);
    const after = await today();
    expect(after.day).toEqual({ ...removed, corrections: 0 });
    expect(after.topMovers).toEqual([]);
    expect(await t.store.items.get(cable)).toMatchObject({ quantity: 8 });
  });

  it('a deleted demo item’s units count as deletions, not out', async () => {
    expect(await t.store.seedOnce(demoItems)).toBe(true);
    const [demo] = await t.store.items.list({ limit: 1 });
    if (!demo) throw new Error('no demo item');
    expect(demo.quantity).toBeGreaterThan(0);
    const before = await today();
    expect(before.day).toMatchObject({
      in: 0,
      out: 0,
      opening: demoItems.reduce((sum, item) => sum + item.quantity, 0),
    });
    await request(t.app).delete(`/api/inventory/${demo._id}`).set(auth(owner)).expect(200);
    const after = await today();
    expect(after.day).toEqual({ ...before.day, deletions: demo.quantity });
    expect(after.day.out).toBe(0);
  });
});
