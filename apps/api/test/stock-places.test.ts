import request from 'supertest';
import { type StockMovement, SYSTEM_ACTOR } from '@smart-zone/types/item';
import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import { errorOf } from './support/bodies';
import { makeTestApp, type TestApp } from './helpers/test-app';

/**
 * Stock per location over HTTP (issue 34): GET /api/inventory/:id/stock, POST /api/inventory/:id/transfer and
 * the restock/removal's `locationId`: who may call them, and what a bad body or a refused move answers (each
 * writing nothing). The rules themselves are the contract suite's (stock-places.contract.test.ts).
 */

const CLERK = 'clerk@shop.com';
const VIEWER = 'viewer@shop.com';
let t: TestApp;
const auth: Record<string, { Authorization: string }> = {};
let bin = '';

beforeAll(async () => {
  t = await makeTestApp();
  for (const [email, role] of [
    [CLERK, 'clerk'],
    [VIEWER, 'viewer'],
  ] as const) {
    await t.store.team.add({ email, role }, SYSTEM_ACTOR);
    auth[role] = { Authorization: `Bearer ${await t.tokenFor(email)}` };
  }
  const made = await t.store.locations.create({ name: 'Bin 3' }, SYSTEM_ACTOR);
  if (!made.ok) throw new Error('setup location failed');
  bin = made.location._id;
});
afterAll(() => t.close());

const stockOf = (id: string) => request(t.app).get(`/api/inventory/${id}/stock`).set(auth.viewer!);
const transfer = (id: string, body: object) =>
  request(t.app).post(`/api/inventory/${id}/transfer`).set(auth.clerk!).send(body);

it('a visitor may not read where the units are (401), nor a viewer move them (403); staff read the lines', async () => {
  const id = await t.addItem({ quantity: 7 });
  expect((await request(t.app).get(`/api/inventory/${id}/stock`)).status).toBe(401);
  const moved = await request(t.app)
    .post(`/api/inventory/${id}/transfer`)
    .set(auth.viewer!)
    .send({ from: MAIN_LOCATION_ID, to: bin, quantity: 1 });
  expect(moved.status).toBe(403);
  const read = await stockOf(id);
  expect(read.status).toBe(200);
  expect(read.body).toEqual([{ locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 7 }]);
  expect((await stockOf('f'.repeat(24))).status).toBe(404);
});

it('a clerk moves units to the bin and back; the quantity stays; more than is there is a 409 naming it', async () => {
  const id = await t.addItem({ quantity: 7 });
  const moved = await transfer(id, { from: MAIN_LOCATION_ID, to: bin, quantity: 5, note: 'to the bin' });
  expect(moved.status).toBe(200);
  const anyId: unknown = expect.stringMatching(/^[0-9a-f]{24}$/);
  expect(moved.body).toEqual({ quantity: 7, movementId: anyId });
  expect((await stockOf(id)).body).toEqual([
    { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 2 },
    { locationId: bin, path: 'Bin 3', quantity: 5 },
  ]);
  const tooMany = await transfer(id, { from: bin, to: MAIN_LOCATION_ID, quantity: 6 });
  expect(tooMany.status).toBe(409);
  expect(errorOf(tooMany)).toMatchObject({ code: 'out_of_stock', message: 'Only 5 there: cannot move 6' });
  const history = await request(t.app).get(`/api/inventory/${id}/history`).set(auth.viewer!);
  expect((history.body as StockMovement[])[0]).toMatchObject({
    reason: 'transfer',
    delta: 0,
    note: 'to the bin',
    places: [
      { locationId: MAIN_LOCATION_ID, delta: -5 },
      { locationId: bin, delta: 5 },
    ],
  });
});

it('refuses a bad transfer with a clear error and moves nothing', async () => {
  const id = await t.addItem({ quantity: 3 });
  const cases: [object, number, string][] = [
    [{ from: MAIN_LOCATION_ID, to: MAIN_LOCATION_ID, quantity: 1 }, 400, 'from and to must differ'],
    [{ from: MAIN_LOCATION_ID, to: bin, quantity: 0 }, 400, 'Quantity must be at least 1'],
    [{ from: MAIN_LOCATION_ID, to: 'shelf', quantity: 1 }, 400, 'to must be a 24-character hex id'],
    [
      { from: MAIN_LOCATION_ID, to: 'f'.repeat(24), quantity: 1 },
      400,
      'No location with that id (from or to): nothing changed',
    ],
    [{ from: MAIN_LOCATION_ID, to: bin, quantity: 1, extra: true }, 400, ''],
  ];
  for (const [body, status, message] of cases) {
    const res = await transfer(id, body);
    expect([body, res.status]).toEqual([body, status]);
    if (message) expect(JSON.stringify(res.body)).toContain(message);
  }
  expect((await transfer('f'.repeat(24), { from: MAIN_LOCATION_ID, to: bin, quantity: 1 })).status).toBe(404);
  expect((await stockOf(id)).body).toEqual([{ locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 3 }]);
});

it('restocks into a location and removes from it, never more than it holds (409), never at one that is not (400)', async () => {
  const id = await t.addItem({ quantity: 4 });
  const change = (body: object) => request(t.app).post(`/api/inventory/${id}/stock`).set(auth.clerk!).send(body);
  expect((await change({ delta: 3, locationId: bin })).body).toMatchObject({ quantity: 7 });
  const short = await change({ delta: -4, locationId: bin, why: 'damaged' });
  expect(short.status).toBe(409);
  expect(errorOf(short).message).toBe('Only 3 in stock there: cannot remove 4');
  const nowhere = await change({ delta: 1, locationId: 'f'.repeat(24) });
  expect(nowhere.status).toBe(400);
  expect(errorOf(nowhere).code).toBe('location_not_found');
  expect((await stockOf(id)).body).toEqual([
    { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 4 },
    { locationId: bin, path: 'Bin 3', quantity: 3 },
  ]);
});

it('POST /transfers moves every line or none, naming the first line that cannot move; a viewer may not (403)', async () => {
  const first = await t.addItem({ quantity: 4 });
  const second = await t.addItem({ quantity: 1 });
  const batch = (body: object, who = auth.clerk!) => request(t.app).post('/api/transfers').set(who).send(body);
  expect((await batch({ to: bin, lines: [{ itemId: first, quantity: 1 }] }, auth.viewer)).status).toBe(403);
  expect((await request(t.app).post('/api/transfers').send({ to: bin, lines: [] })).status).toBe(401);

  const short = await batch({
    to: bin,
    lines: [
      { itemId: first, quantity: 3 },
      { itemId: second, quantity: 2 },
    ],
  });
  expect(short.status).toBe(409);
  expect(errorOf(short)).toMatchObject({
    code: 'out_of_stock',
    message: `Line 2 (item ${second}): Only 1 there: cannot move 2`,
  });
  expect((await stockOf(first)).body).toEqual([{ locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 4 }]);

  const unknown = await batch({ to: bin, lines: [{ itemId: 'f'.repeat(24), quantity: 1 }] });
  expect([unknown.status, errorOf(unknown).message]).toEqual([404, expect.stringContaining('Line 1 (item ffff')]);

  const bad: [object, string][] = [
    [{ to: bin, lines: [] }, 'Give at least one line'],
    [{ to: bin, lines: Array.from({ length: 501 }, () => ({ itemId: first, quantity: 1 })) }, 'At most 500 lines'],
    [{ to: bin, lines: [{ itemId: first, from: bin, quantity: 1 }] }, 'cannot move units from the location they go to'],
    [{ to: bin, lines: [{ itemId: 'x', quantity: 1 }] }, 'itemId must be a 24-character hex id'],
  ];
  for (const [body, message] of bad) {
    const res = await batch(body);
    expect([res.status, JSON.stringify(res.body).includes(message)]).toEqual([400, true]);
  }

  const moved = await batch({
    to: bin,
    note: 'shelved',
    lines: [
      { itemId: first, quantity: 3 },
      { itemId: second, from: MAIN_LOCATION_ID, quantity: 1 },
    ],
  });
  expect(moved.status).toBe(200);
  expect((moved.body as { movementIds: string[] }).movementIds).toHaveLength(2);
  expect((await stockOf(second)).body).toEqual([{ locationId: bin, path: 'Bin 3', quantity: 1 }]);
});

it('GET /locations/:id/items pages what a location holds, with X-Total-Count; a visitor is refused (401)', async () => {
  const id = await t.addItem({ quantity: 6, name: 'Binned' });
  await transfer(id, { from: MAIN_LOCATION_ID, to: bin, quantity: 4 });
  const itemsAt = (query: string) => request(t.app).get(`/api/locations/${bin}/items${query}`).set(auth.viewer!);
  expect((await request(t.app).get(`/api/locations/${bin}/items`)).status).toBe(401);
  const read = await itemsAt('?limit=500');
  expect(read.status).toBe(200);
  expect(read.body).toContainEqual({ itemId: id, name: 'Binned', quantity: 4 });
  expect(Number(read.headers['x-total-count'])).toBe((read.body as unknown[]).length);
  // Unchanged since: 304 for its ETag.
  const again = await itemsAt('?limit=500').set('If-None-Match', String(read.headers.etag));
  expect(again.status).toBe(304);
  expect((await itemsAt('?deep=maybe')).status).toBe(400);
  expect(
    (
      await request(t.app)
        .get(`/api/locations/${'f'.repeat(24)}/items`)
        .set(auth.viewer!)
    ).status,
  ).toBe(404);
});

it('POST /myitem with a locationId delivers from there only: more than it holds is a 409, no such place a 400', async () => {
  const id = await t.addItem({ quantity: 5 });
  await transfer(id, { from: MAIN_LOCATION_ID, to: bin, quantity: 2 });
  const deliver = (body: object) =>
    request(t.app)
      .post('/api/myitem')
      .set(auth.clerk!)
      .send({ email: CLERK, inventoriesId: id, address: '1 Road', phone: '555 0100', ...body });
  const short = await deliver({ quantity: 3, locationId: bin });
  expect([short.status, errorOf(short).message]).toEqual([409, 'Only 2 there; you asked for 3']);
  const nowhere = await deliver({ quantity: 1, locationId: 'f'.repeat(24) });
  expect([nowhere.status, errorOf(nowhere).code]).toEqual([400, 'location_not_found']);
  expect((await deliver({ quantity: 2, locationId: bin })).status).toBe(201);
  expect((await stockOf(id)).body).toEqual([{ locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 3 }]);
});

it('an item’s default location: a restock naming none goes there, a removal takes from there when it holds enough', async () => {
  const id = await t.addItem({ quantity: 10 });
  const url = `/api/inventory/${id}/default-location`;
  expect((await request(t.app).get(url)).status).toBe(401);
  expect((await request(t.app).put(url).set(auth.viewer!).send({ locationId: bin })).status).toBe(403);
  expect((await request(t.app).get(url).set(auth.viewer!).expect(200)).body).toEqual({ locationId: null, path: null });
  const unknown = await request(t.app)
    .put(url)
    .set(auth.clerk!)
    .send({ locationId: 'f'.repeat(24) });
  expect(unknown.status).toBe(400);
  expect((await request(t.app).put(url).set(auth.clerk!).send({ location: bin })).status).toBe(400);
  const set = await request(t.app).put(url).set(auth.clerk!).send({ locationId: bin }).expect(200);
  expect(set.body).toEqual({ locationId: bin, path: 'Bin 3' });
  // Not an edit of the item: its version stays.
  expect(((await request(t.app).get(`/api/inventory/${id}`)).body as { version: number }).version).toBe(1);

  const stock = (delta: number, body: object = {}) =>
    request(t.app)
      .post(`/api/inventory/${id}/stock`)
      .set(auth.clerk!)
      .send({ delta, ...body });
  await stock(4).expect(200);
  expect((await stockOf(id)).body).toEqual([
    { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 10 },
    { locationId: bin, path: 'Bin 3', quantity: 4 },
  ]);
  // A removal the bin can give: from the bin; one it cannot (5 > 3 left there): from Main, as without a default.
  await stock(-1, { why: 'damaged' }).expect(200);
  await stock(-5, { why: 'damaged' }).expect(200);
  expect((await stockOf(id)).body).toEqual([
    { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 5 },
    { locationId: bin, path: 'Bin 3', quantity: 3 },
  ]);
  // Naming a location still wins; null clears the default.
  await stock(2, { locationId: MAIN_LOCATION_ID }).expect(200);
  await request(t.app).put(url).set(auth.clerk!).send({ locationId: null }).expect(200);
  await stock(1).expect(200);
  expect((await stockOf(id)).body).toEqual([
    { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 8 },
    { locationId: bin, path: 'Bin 3', quantity: 3 },
  ]);
  expect(
    (
      await request(t.app)
        .get(`/api/inventory/${'f'.repeat(24)}/default-location`)
        .set(auth.viewer!)
    ).status,
  ).toBe(404);
});
