import request from 'supertest';
import type { AuditEntry } from '@smart-zone/types/audit';
import { SYSTEM_ACTOR, type StockMovement } from '@smart-zone/types/item';
import { REMOVAL_REASONS } from '@smart-zone/types/removal-reasons';
import { errorOf } from './support/bodies';
import { makeTestApp, type TestApp } from './helpers/test-app';

/** Issue 33: a removal's reason from the short list (`why`), kept with its movement and in the audit. */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const OWNER = 'owner@shop.example';
let t: TestApp;
let clerk: string;
let manager: string;
let viewer: string;

beforeEach(async () => {
  t = await makeTestApp({ ownerEmails: [OWNER] });
  await t.store.team.ensureOwners([OWNER]);
  await t.store.team.add({ email: 'clerk@shop.example', role: 'clerk' }, SYSTEM_ACTOR);
  await t.store.team.add({ email: 'manager@shop.example', role: 'manager' }, SYSTEM_ACTOR);
  await t.store.team.add({ email: 'viewer@shop.example', role: 'viewer' }, SYSTEM_ACTOR);
  clerk = await t.tokenFor('clerk@shop.example');
  manager = await t.tokenFor('manager@shop.example');
  viewer = await t.tokenFor('viewer@shop.example');
});
afterEach(() => t.close());

const move = (token: string, itemId: string, body: unknown) =>
  request(t.app)
    .post(`/api/inventory/${itemId}/stock`)
    .set(auth(token))
    .send(body as object);
const historyOf = async (itemId: string) =>
  (await request(t.app).get(`/api/inventory/${itemId}/history?limit=200`).set(auth(manager)).expect(200))
    .body as StockMovement[];

describe('POST /api/inventory/:id/stock with why', () => {
  it('keeps the reason and the note with the adjust movement; the audit says both', async () => {
    const itemId = await t.addItem({ quantity: 10 });
    const res = await move(clerk, itemId, { delta: -2, why: 'damaged', note: 'Dropped in the van' });
    expect(res.status).toBe(200);
    const [latest] = await historyOf(itemId);
    expect(latest).toMatchObject({
      _id: (res.body as { movementId: string }).movementId,
      reason: 'adjust',
      delta: -2,
      quantityAfter: 8,
      why: 'damaged',
      note: 'Dropped in the van',
      actor: { email: 'clerk@shop.example' },
    });
    const [entry] = (await request(t.app).get('/api/audit?limit=1').set(auth(manager))).body as AuditEntry[];
    expect(entry).toMatchObject({ action: 'stock.remove', reason: 'Damaged: Dropped in the van' });
  });

  it('a clerk who picks a reason needs no note; each reason of the list is kept', async () => {
    const itemId = await t.addItem({ quantity: 10 });
    for (const why of REMOVAL_REASONS) await move(clerk, itemId, { delta: -1, why }).expect(200);
    const removals = (await historyOf(itemId)).filter((movement) => movement.reason === 'adjust');
    expect(removals.map((movement) => [movement.why, movement.note])).toEqual(
      [...REMOVAL_REASONS].reverse().map((why) => [why, undefined]),
    );
    const [entry] = (await request(t.app).get('/api/audit?limit=1').set(auth(manager))).body as AuditEntry[];
    expect(entry).toMatchObject({ reason: 'Count correction' });
  });

  it.each([
    ['a reason not on the list', { delta: -2, why: 'stolen' }, 'why'],
    ['a reason on a restock', { delta: 2, why: 'returned' }, 'why'],
    ['a reason that is not text', { delta: -2, why: 7 }, 'why'],
  ])('%s is 400 naming the field, and changes nothing', async (_, body, field) => {
    const itemId = await t.addItem({ quantity: 10 });
    const res = await move(manager, itemId, body);
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('validation_failed');
    expect(Object.keys(errorOf(res).fields ?? {})).toEqual([field]);
    expect((await t.store.items.get(itemId))?.quantity).toBe(10);
    expect(await historyOf(itemId)).toHaveLength(1);
  });

  it('a viewer and a visitor are refused (403, 401) and nothing changes', async () => {
    const itemId = await t.addItem({ quantity: 10 });
    expect((await move(viewer, itemId, { delta: -2, why: 'lost' })).status).toBe(403);
    expect((await request(t.app).post(`/api/inventory/${itemId}/stock`).send({ delta: -2, why: 'lost' })).status).toBe(
      401,
    );
    expect((await t.store.items.get(itemId))?.quantity).toBe(10);
    expect(await historyOf(itemId)).toHaveLength(1);
  });

  it('an undo of a removal with a reason puts the stock back; the removal keeps its reason', async () => {
    const itemId = await t.addItem({ quantity: 10 });
    const removed = (await move(clerk, itemId, { delta: -3, why: 'used' }).expect(200)).body as { movementId: string };
    await request(t.app).post(`/api/movements/${removed.movementId}/undo`).set(auth(clerk)).expect(200);
    const [undo, removal] = await historyOf(itemId);
    expect(undo).toMatchObject({ reason: 'undo', delta: 3, quantityAfter: 10, undoOf: removed.movementId });
    expect(undo?.why).toBeUndefined();
    expect(removal).toMatchObject({ why: 'used', undoneBy: undo?._id });
  });
});
