import request from 'supertest';
import { parse } from 'csv-parse/sync';
import type { ImportError, ImportReport } from '@smart-zone/types/imports';
import { makeTestApp, type TestApp } from './helpers/test-app';
import { errorOf, itemsOf } from './support/bodies';

/**
 * Issue 32, over HTTP: a spreadsheet round trip never loses a change made meanwhile (stale rows), files
 * from elsewhere (aliases, ignored columns), a supplier's delivery note (mode=receive), and the template.
 */
let t: TestApp;
let manager: string;
let clerk: string;
beforeEach(async () => {
  t = await makeTestApp({ ownerEmails: ['owner@example.com'], staff: ['clerk@example.com'] });
  const owner = await t.tokenFor('owner@example.com');
  await request(t.app)
    .post('/api/team')
    .set({ Authorization: `Bearer ${owner}` })
    .send({ email: 'manager@example.com', role: 'manager' })
    .expect(201);
  manager = await t.tokenFor('manager@example.com');
  clerk = await t.tokenFor('clerk@example.com');
});
afterEach(() => t.close());

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const post = (file: string, query = '', token = manager) =>
  request(t.app).post(`/api/imports${query}`).set(auth(token)).set('Content-Type', 'text/csv').send(file);
const reportOf = (res: request.Response) => res.body as ImportReport;
const exported = async () => (await request(t.app).get('/api/inventory.csv')).text;
const item = async (id: string) =>
  (await request(t.app).get(`/api/inventory/${id}`)).body as { quantity: number; price: number };

describe('the round trip with a receipt in between (export at 78, receive 20, change only a price)', () => {
  let id: string;
  let file: string;
  beforeEach(async () => {
    id = await t.addItem({ name: 'USB-C Cable', supplier: 'Anker', price: 12, quantity: 78, sku: 'CABLE' });
    const csv = await exported();
    await request(t.app).post(`/api/inventory/${id}/stock`).set(auth(manager)).send({ delta: 20 }).expect(200);
    expect((await item(id)).quantity).toBe(98);
    file = csv.replace(',CABLE,USB-C Cable,Anker,12,78,', ',CABLE,USB-C Cable,Anker,14.5,78,');
    expect(file).not.toBe(csv);
  });

  it('the dry run lists the stale row with what changed since; the import keeps 98 and takes the price', async () => {
    const dry = await post(file, '?dryRun=true').expect(200);
    expect(reportOf(dry)).toMatchObject({
      versioned: true,
      update: 1,
      changes: [{ row: 2, itemId: id, changes: { price: [12, 14.5] } }],
      stale: {
        policy: 'app',
        count: 1,
        rows: [
          {
            row: 2,
            itemId: id,
            name: 'USB-C Cable',
            quantity: { file: 78, app: 98, kept: 98 },
            since: [
              {
                at: expect.any(String) as unknown,
                by: 'manager@example.com',
                action: 'stock.restock',
                changes: { quantity: [78, 98] },
              },
            ],
          },
        ],
      },
    });
    await post(file).expect(200);
    expect(await item(id)).toMatchObject({ quantity: 98, price: 14.5 });
  });

  it('?stale=file takes the file’s quantity too (a stocktake): 78', async () => {
    const applied = await post(file, '?stale=file').expect(200);
    expect(reportOf(applied).changes[0]?.changes).toEqual({ price: [12, 14.5], quantity: [98, 78] });
    expect(await item(id)).toMatchObject({ quantity: 78, price: 14.5 });
  });

  it('?stale=refuse imports nothing: a 409 naming the row and what changed since', async () => {
    const before = await exported();
    const refused = await post(`${file},,New thing,Acme,1,1,0,,,,,\r\n`, '?stale=refuse').expect(409);
    const error = errorOf(refused) as { code: string; rows?: ImportError[] };
    expect(error.code).toBe('import_stale');
    expect(error.rows).toEqual([
      {
        row: 2,
        column: 'version',
        message: expect.stringMatching(
          /"USB-C Cable" changed since the export \(version 1, now 2\): quantity 78 in the file, 98 in the app; since: stock\.restock quantity 78 → 98 by manager@example\.com/,
        ) as unknown,
      },
    ]);
    expect(await exported()).toBe(before);
  });

  it('a file without the version column is read as today, and the report says so', async () => {
    const unversioned = file.replace(/,version\r\n/, '\r\n').replace(/,\d+\r\n/g, '\r\n');
    const dry = reportOf(await post(unversioned, '?dryRun=true').expect(200));
    expect(dry).toMatchObject({ versioned: false, stale: { count: 0 } });
    expect(dry.changes[0]?.changes).toEqual({ price: [12, 14.5], quantity: [98, 78] });
  });

  it('a bad stale or mode is a 400 and nothing is read', async () => {
    const bad = await post(file, '?stale=maybe').expect(400);
    expect(errorOf(bad).message).toMatch(/stale must be one of app, file, refuse/);
    await post(file, '?mode=add').expect(400);
    expect((await item(id)).price).toBe(12);
  });
});

it('a Sortly-style file (Name, Quantity, Min Level, Price, Notes) imports; an unknown column is ignored and named', async () => {
  const file = 'Name,Quantity,Min Level,Price,Notes,Tags\r\nHDMI cable,4,5,$9.90,2 m,cables\r\nMouse,12,,19,,\r\n';
  const dry = reportOf(await post(file, '?dryRun=true').expect(200));
  expect(dry).toMatchObject({ create: 2, ignoredColumns: ['Tags'], versioned: false });
  await post(file).expect(200);
  const items = itemsOf(await request(t.app).get('/api/inventory?sort=name'));
  expect(items.map((one) => [one.name, one.quantity, one.minStock, one.price, one.description, one.supplier])).toEqual([
    ['HDMI cable', 4, 5, 9.9, '2 m', 'Unknown'],
    ['Mouse', 12, 0, 19, '', 'Unknown'],
  ]);
  // Headers are read without case: QTY, item name, reorder point, unit price, vendor, barcode, image url.
  const other = 'ITEM NAME,QTY,Reorder Point,Unit Price,Vendor,Barcode,Image URL\r\nMouse pad,3,1,4,Acme,MP-1,\r\n';
  await post(other).expect(200);
  const pad = itemsOf(await request(t.app).get('/api/inventory?sku=MP-1'))[0];
  expect(pad).toMatchObject({ name: 'Mouse pad', quantity: 3, minStock: 1, price: 4, supplier: 'Acme' });
});

describe('?mode=receive: a supplier’s delivery note', () => {
  it('adds each row’s quantity as a restock (dry run: before → after); an unknown SKU imports nothing', async () => {
    const cable = await t.addItem({ name: 'USB-C Cable', quantity: 5, sku: 'CABLE' });
    const mouse = await t.addItem({ name: 'Mouse', quantity: 1, sku: 'MOUSE' });
    const note = 'Barcode,Description,Qty\r\nCABLE,Braided cable 1m,20\r\nMOUSE,Wireless mouse,4\r\n';
    const dry = reportOf(await post(note, '?mode=receive&dryRun=true').expect(200));
    expect(dry).toMatchObject({ mode: 'receive', update: 2, ignoredColumns: ['Description'] });
    expect(dry.changes.map((change) => change.changes)).toEqual([{ quantity: [5, 25] }, { quantity: [1, 5] }]);

    const wrong = await post(`${note}NOPE,Unknown thing,3\r\n`, '?mode=receive').expect(400);
    const rows = (errorOf(wrong) as { rows?: ImportError[] }).rows ?? [];
    expect(rows.map(({ row, column }) => [row, column])).toEqual([[4, 'sku']]);
    expect(rows[0]?.message).toContain('No item has the SKU "NOPE"');
    expect((await item(cable)).quantity).toBe(5);

    await post(note, '?mode=receive').expect(200);
    expect((await item(cable)).quantity).toBe(25);
    expect((await item(mouse)).quantity).toBe(5);
    const history = await request(t.app).get(`/api/inventory/${cable}/history`).set(auth(manager));
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toMatch(/"delta":20,"quantityAfter":25,"reason":"restock"/);
  });

  it('is refused to a clerk, as every import is', async () => {
    await t.addItem({ name: 'USB-C Cable', quantity: 5, sku: 'CABLE' });
    await post('sku,quantity\r\nCABLE,1\r\n', '?mode=receive', clerk).expect(403);
  });
});

it('the template: the header and one example row, which imports as one new item', async () => {
  const res = await request(t.app).get('/api/imports/template.csv').expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  expect(res.headers['content-disposition']).toMatch(/attachment; filename="?smart-zone-import-template\.csv"?/);
  const rows: string[][] = parse(res.text);
  expect(rows).toHaveLength(2);
  expect(rows[0]).toEqual([
    'sku',
    'name',
    'supplier',
    'price',
    'quantity',
    'minStock',
    'description',
    'img',
    'location',
  ]);
  expect(reportOf(await post(res.text, '?dryRun=true').expect(200))).toMatchObject({
    create: 1,
    ignoredColumns: [],
    newLocations: ['Back room', 'Back room / Shelf A'],
  });
});
