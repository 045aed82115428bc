import request from 'supertest';
import { UNDO_WINDOW_MS } from '@smart-zone/types/imports';
import type { StockResult } from '@smart-zone/types/item';
import { makeTestApp, type TestApp, UNKNOWN_ID } from './helpers/test-app';
import { errorOf, movementsOf } from './support/bodies';

/** POST /api/movements/:id/undo over HTTP: one's own for 10 minutes, a manager's any time, and the refusals. */
let t: TestApp;
let clerk: string;
let otherClerk: string;
let manager: string;
beforeEach(async () => {
  t = await makeTestApp({ ownerEmails: ['owner@example.com'], staff: ['clerk@example.com', 'other@example.com'] });
  const owner = await t.tokenFor('owner@example.com');
  await request(t.app)
    .post('/api/team')
    .set({ Authorization: `Bearer ${owner}` })
    .send({ email: 'manager@example.com', role: 'manager' })
    .expect(201);
  clerk = await t.tokenFor('clerk@example.com');
  otherClerk = await t.tokenFor('other@example.com');
  manager = await t.tokenFor('manager@example.com');
});
afterEach(() => {
  jest.restoreAllMocks();
  return t.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const restock = async (itemId: string, token: string, delta = 5) => {
  const res = await request(t.app)
    .post(`/api/inventory/${itemId}/stock`)
    .set(auth(token))
    .send({ delta, note: 'count' });
  expect(res.status).toBe(200);
  return res.body as StockResult;
};
const undo = (movementId: string, token: string) =>
  request(t.app).post(`/api/movements/${movementId}/undo`).set(auth(token));

it('a clerk undoes their own restock: the quantity comes back, the history links both', async () => {
  const id = await t.addItem({ quantity: 10 });
  const { movementId } = await restock(id, clerk);
  const res = await undo(movementId, clerk);
  expect(res.status).toBe(200);
  const answer = res.body as StockResult;
  expect(answer.quantity).toBe(10);
  const history = movementsOf(await request(t.app).get(`/api/inventory/${id}/history`).set(auth(clerk)));
  expect(history.slice(0, 2)).toMatchObject([
    { _id: answer.movementId, reason: 'undo', delta: -5, undoOf: movementId, actor: { email: 'clerk@example.com' } },
    { _id: movementId, reason: 'restock', undoneBy: answer.movementId },
  ]);
  const again = await undo(movementId, clerk);
  expect(again.status).toBe(409);
  expect(errorOf(again)).toMatchObject({ code: 'cannot_undo', message: 'This change has already been undone.' });
});

it("someone else's movement: 403 for a clerk, done by a manager", async () => {
  const id = await t.addItem({ quantity: 10 });
  const { movementId } = await restock(id, otherClerk);
  const refused = await undo(movementId, clerk);
  expect(refused.status).toBe(403);
  expect(errorOf(refused).message).toMatch(/your own stock changes/);
  expect((await undo(movementId, manager)).status).toBe(200);
});

it('after 10 minutes: 403 for its own clerk, still done by a manager', async () => {
  const id = await t.addItem({ quantity: 10 });
  const { movementId } = await restock(id, clerk);
  const later = Date.now() + UNDO_WINDOW_MS + 1000;
  jest.spyOn(Date, 'now').mockReturnValue(later);
  const refused = await undo(movementId, clerk);
  expect(refused.status).toBe(403);
  expect(errorOf(refused).message).toMatch(/10 minutes/);
  expect((await undo(movementId, manager)).status).toBe(200);
});

it('409 for a delivery (cancel it instead) and when the stock would go below 0; 404 and 400 for bad ids', async () => {
  const id = await t.addItem({ quantity: 10 });
  const { movementId } = await restock(id, clerk, 5);
  await request(t.app)
    .post('/api/myitem')
    .set(auth(clerk))
    .send({ email: 'clerk@example.com', inventoriesId: id, address: '1 Road', phone: '555 0100', quantity: 13 })
    .expect(201);
  const below = await undo(movementId, clerk);
  expect(below.status).toBe(409);
  expect(errorOf(below).message).toBe('Only 2 in stock now: taking 5 back would go below 0. Nothing was changed.');
  const [deliveryMovement] = movementsOf(await request(t.app).get(`/api/inventory/${id}/history`).set(auth(clerk)));
  const delivery = await undo(deliveryMovement!._id, manager);
  expect(delivery.status).toBe(409);
  expect(errorOf(delivery).message).toMatch(/cancel the delivery instead/);
  expect((await undo(UNKNOWN_ID, clerk)).status).toBe(404);
  expect((await undo('nope', clerk)).status).toBe(400);
  expect((await request(t.app).get(`/api/inventory/${id}`)).body).toMatchObject({ quantity: 2 });
});

it('refuses a visitor (401) and a viewer (403)', async () => {
  const id = await t.addItem({ quantity: 10 });
  const { movementId } = await restock(id, clerk);
  expect((await request(t.app).post(`/api/movements/${movementId}/undo`)).status).toBe(401);
  const owner = await t.tokenFor('owner@example.com');
  await request(t.app)
    .post('/api/team')
    .set(auth(owner))
    .send({ email: 'viewer@example.com', role: 'viewer' })
    .expect(201);
  expect((await undo(movementId, await t.tokenFor('viewer@example.com'))).status).toBe(403);
});
