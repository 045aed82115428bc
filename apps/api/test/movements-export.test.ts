import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { MOVEMENT_CSV_COLUMNS } from '@smart-zone/types/ledger';
import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import { delivery } from './helpers/store-fixtures';
import { makeTestApp, TEST_ACTOR, type TestApp } from './helpers/test-app';

/** GET /api/movements.csv: the stock ledger for staff, as CSV, oldest first, one item's or all. */
let t: TestApp;
let staff: string;
beforeEach(async () => {
  t = await makeTestApp({ staff: ['staff@example.com'] });
  staff = await t.tokenFor('staff@example.com');
});
afterEach(() => t.close());

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

it('answers the ledger as CSV for staff: who, why, how much, the quantity after, oldest first', async () => {
  const id = await t.addItem({ name: 'Pixel 9', quantity: 4 });
  const other = await t.addItem({ name: '=Formula', quantity: 1 });
  expect(
    (
      await request(t.app)
        .post(`/api/inventory/${id}/stock`)
        .set(auth(staff))
        .send({ delta: -1, note: '-broken in transit', why: 'damaged' })
    ).status,
  ).toBe(200);
  const res = await request(t.app).get('/api/movements.csv').set(auth(staff));
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const day = new Date().toISOString().slice(0, 10);
  expect(res.headers['content-disposition']).toBe(`attachment; filename=movements-${day}.csv`);
  const [header, ...rows]: string[][] = parse(res.text, {});
  expect(header).toEqual([...MOVEMENT_CSV_COLUMNS]);
  const records = rows.map((row) => Object.fromEntries(row.map((cell, at) => [MOVEMENT_CSV_COLUMNS[at]!, cell])));
  expect(
    records.map((record) => [record.item, record.reason, record.delta, record.quantityAfter, record.kind]),
  ).toEqual([
    ['Pixel 9', 'created', '4', '4', 'opening'],
    ["'=Formula", 'created', '1', '1', 'opening'],
    ['Pixel 9', 'adjust', '-1', '3', 'removed'],
  ]);
  expect(records[2]).toMatchObject({
    itemId: id,
    actor: 'staff@example.com',
    note: "'-broken in transit",
    why: 'damaged',
  });
  expect(records[0]).toMatchObject({ why: '' });

  const one: string[][] = parse(
    (await request(t.app).get(`/api/movements.csv?itemId=${other}&bom=1`).set(auth(staff))).text,
    { bom: true },
  );
  expect(one.slice(1).map((row) => row[2])).toEqual([other]);
});

it('writes where the units went: a transfer and a delivery from a bin by their paths, a plain restock empty', async () => {
  const located = async (name: string, parentId?: string) => {
    const made = await t.store.locations.create({ name, ...(parentId ? { parentId } : {}) }, TEST_ACTOR);
    if (!made.ok) throw new Error(`setup location failed: ${made.reason}`);
    return made.location._id;
  };
  const bin = await located('Bin 3', await located('Shelf A', await located('Back room')));
  const spare = await located('Spare bin');
  const id = await t.addItem({ name: 'Pixel 9', quantity: 6 });
  const ok = (outcome: { ok: boolean }) => expect(outcome).toMatchObject({ ok: true });
  ok(await t.store.items.transfer(id, { from: MAIN_LOCATION_ID, to: bin, quantity: 4 }, TEST_ACTOR));
  ok(await t.store.items.changeStock(id, { delta: 3 }, TEST_ACTOR));
  ok(await t.store.deliveries.create(delivery(id, { quantity: 2, locationId: bin })));
  // Across Main (its 5, the most) and the bin (1 of its 2).
  ok(await t.store.deliveries.create(delivery(id, { quantity: 6 })));
  // A location deleted since is named by its id.
  ok(await t.store.items.changeStock(id, { delta: 1, locationId: spare }, TEST_ACTOR));
  ok(await t.store.items.changeStock(id, { delta: -1, locationId: spare, why: 'damaged' }, TEST_ACTOR));
  ok(await t.store.locations.remove(spare, TEST_ACTOR));

  const res = await request(t.app).get(`/api/movements.csv?itemId=${id}`).set(auth(staff));
  expect(res.status).toBe(200);
  const [header, ...rows]: string[][] = parse(res.text, {});
  expect(header!.at(-1)).toBe('places');
  const at = MOVEMENT_CSV_COLUMNS.indexOf('places');
  expect(rows.map((row) => [row[MOVEMENT_CSV_COLUMNS.indexOf('reason')], row[at]])).toEqual([
    ['created', ''],
    ['transfer', 'Main -4; Back room / Shelf A / Bin 3 +4'],
    ['restock', ''],
    ['delivery', 'Back room / Shelf A / Bin 3 -2'],
    ['delivery', 'Main -5; Back room / Shelf A / Bin 3 -1'],
    ['restock', `${spare} +1`],
    ['adjust', `${spare} -1`],
  ]);
});

it('is refused to visitors (401) and to a verified user who is not staff (403), and checks its filters', async () => {
  expect((await request(t.app).get('/api/movements.csv')).status).toBe(401);
  const outsider = await t.tokenFor('eve@gmail.com');
  const refused = await request(t.app).get('/api/movements.csv').set(auth(outsider));
  expect(refused.status).toBe(403);
  expect(refused.text).not.toContain('created');
  expect((await request(t.app).get('/api/movements.csv?itemId=nope').set(auth(staff))).status).toBe(400);
  expect((await request(t.app).get('/api/movements.csv?from=yesterday').set(auth(staff))).status).toBe(400);
});
