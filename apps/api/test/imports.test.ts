import request from 'supertest';
import { ITEM_CSV_COLUMNS } from '@smart-zone/types/csv';
import type { ImportError, ImportReport } from '@smart-zone/types/imports';
import { makeTestApp, type TestApp, UNKNOWN_ID } from './helpers/test-app';
import { anyString, errorOf, itemsOf } from './support/bodies';

/** POST /api/imports over HTTP: who may, what a bad file answers (row and column, nothing written), a round trip. */
let t: TestApp;
let manager: string;
beforeEach(async () => {
  t = await makeTestApp({ ownerEmails: ['owner@example.com'], staff: ['clerk@example.com'] });
  const owner = await t.tokenFor('owner@example.com');
  await request(t.app)
    .post('/api/team')
    .set({ Authorization: `Bearer ${owner}` })
    .send({ email: 'manager@example.com', role: 'manager' })
    .expect(201);
  manager = await t.tokenFor('manager@example.com');
});
afterEach(() => t.close());

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
// A file written before exports had a version column (each row read as it is today).
const HEADER = ITEM_CSV_COLUMNS.filter((column) => !['version', 'barcodes', 'location'].includes(column)).join(',');

const post = (file: string | Buffer, { dryRun = false, token = manager } = {}) =>
  request(t.app)
    .post(`/api/imports${dryRun ? '?dryRun=true' : ''}`)
    .set(auth(token))
    .set('Content-Type', 'text/csv')
    .send(file);

const reportOf = (res: request.Response) => res.body as ImportReport;
const rowsOf = (res: request.Response) => {
  const error = errorOf(res);
  expect(error.code).toBe('import_invalid');
  return (error as { rows?: ImportError[] }).rows ?? [];
};
const exported = async () => (await request(t.app).get('/api/inventory.csv')).text;
const everything = async () => JSON.stringify(itemsOf(await request(t.app).get('/api/inventory')));

it('dry run then apply: counts, the first changes as [old, new], and the items written', async () => {
  const id = await t.addItem({ name: 'Pixel 9', quantity: 10, sku: 'PX9' });
  const file = `${HEADER}\r\n${id},PX9,Pixel 9,Google,749,12,3,A phone with a good camera.,/images/pixel-9.svg\r\n,NEW-1,Cable,Anker,9.5,40,,,\r\n`;
  const dry = await post(file, { dryRun: true });
  expect(dry.status).toBe(200);
  expect(reportOf(dry)).toEqual({
    dryRun: true,
    mode: 'update',
    versioned: false,
    ignoredColumns: [],
    newLocations: [],
    stale: { policy: 'app', count: 0, rows: [] },
    rows: 2,
    create: 1,
    update: 1,
    unchanged: 0,
    changes: [
      {
        row: 2,
        action: 'update',
        itemId: id,
        name: 'Pixel 9',
        changes: { price: [799, 749], quantity: [10, 12], minStock: [0, 3] },
      },
      expect.objectContaining({ row: 3, action: 'create', name: 'Cable' }),
    ],
  });
  expect(itemsOf(await request(t.app).get('/api/inventory'))).toHaveLength(1);

  const applied = await post(file);
  expect(applied.status).toBe(200);
  expect(reportOf(applied)).toMatchObject({ dryRun: false, create: 1, update: 1, unchanged: 0 });
  const items = itemsOf(await request(t.app).get('/api/inventory'));
  expect(items.map((item) => [item.name, item.sku, item.price, item.quantity, item.minStock])).toEqual([
    ['Pixel 9', 'PX9', 749, 12, 3],
    ['Cable', 'NEW-1', 9.5, 40, 0],
  ]);
  // The export of what was imported re-imports with no change.
  expect(reportOf(await post(await exported(), { dryRun: true }))).toMatchObject({
    create: 0,
    update: 0,
    unchanged: 2,
  });
});

it('a name like =HYPERLINK("http://x") exports neutralised and re-imports as the same name', async () => {
  await t.addItem({ name: '=HYPERLINK("x")', supplier: '@Acme', description: '+1 and -1' });
  const file = await exported();
  expect(file).toContain(`'=HYPERLINK(""x"")`);
  expect(file).toContain(`'@Acme`);
  expect(reportOf(await post(file, { dryRun: true }))).toMatchObject({ update: 0, unchanged: 1 });
  // As a new row, it is created with the name as it was.
  await post(file.replace(/\r\n[0-9a-f]{24},/, '\r\n,')).expect(200);
  const names = itemsOf(await request(t.app).get('/api/inventory')).map((item) => [item.name, item.supplier]);
  expect(names).toEqual([
    ['=HYPERLINK("x")', '@Acme'],
    ['=HYPERLINK("x")', '@Acme'],
  ]);
});

describe('a bad file is a 400 with its row and column, and writes nothing (dry run or not)', () => {
  let holder: string;
  beforeEach(async () => {
    holder = await t.addItem({ name: 'Holder', sku: 'TAKEN' });
  });

  const cases: [string, () => string | Buffer, Partial<ImportError>][] = [
    [
      'a header naming one column twice (Title is read as name)',
      () => `id,sku,name,title,supplier,price,quantity\r\n,,A,A,B,1,1\r\n`,
      { row: 1, column: 'title' },
    ],
    ['a missing required column', () => `name,supplier,quantity\r\nA,B,1\r\n`, { row: 1, column: 'price' }],
    ['a 21-character name', () => `${HEADER}\r\n,,${'n'.repeat(21)},B,1,1,0,,\r\n`, { row: 2, column: 'name' }],
    ['a negative quantity', () => `${HEADER}\r\n,,A,B,1,-3,0,,\r\n`, { row: 2, column: 'quantity' }],
    ['a price that is not a number', () => `${HEADER}\r\n,,A,B,"1,5",1,0,,\r\n`, { row: 2, column: 'price' }],
    ['a SKU twice in the file', () => `${HEADER}\r\n,S1,A,B,1,1,0,,\r\n,S1,C,D,1,1,0,,\r\n`, { row: 3, column: 'sku' }],
    [
      'a SKU of another item',
      () => `${HEADER}\r\n${UNKNOWN_ID.replace(/a/g, 'b')},TAKEN,A,B,1,1,0,,\r\n`,
      { row: 2, column: 'id' },
    ],
    ['an id that does not exist', () => `${HEADER}\r\n${UNKNOWN_ID},,A,B,1,1,0,,\r\n`, { row: 2, column: 'id' }],
    ['broken quoting', () => `${HEADER}\r\n,,A,B,1,1,0,,\r\n,,"Open,B,1,1,0,,\r\n`, { row: 3 }],
    ['a row with more cells than the header', () => `${HEADER}\r\n,,A,B,1,1,0,,,extra\r\n`, { row: 2, column: '' }],
    [
      'a file that is not UTF-8 (Windows-1252)',
      () => Buffer.concat([Buffer.from(`${HEADER}\r\n,,Caf`), Buffer.from([0xe9]), Buffer.from(`,B,1,1,0,,\r\n`)]),
      { row: 2, column: 'name' },
    ],
    ['an empty file', () => '', { row: 1 }],
  ];

  it.each(cases)('%s', async (_name, file, expected) => {
    const before = await everything();
    for (const dryRun of [true, false]) {
      const res = await post(file(), { dryRun });
      expect(res.status).toBe(400);
      expect(rowsOf(res)[0]).toMatchObject({ ...expected, message: anyString });
    }
    expect(await everything()).toBe(before);
  });

  it('a SKU that belongs to another item names it', async () => {
    const other = await t.addItem({ name: 'Other' });
    const res = await post(`${HEADER}\r\n${other},TAKEN,Other,Google,799,10,0,,\r\n`);
    expect(rowsOf(res)).toEqual([
      { row: 2, column: 'sku', message: `SKU "TAKEN" belongs to another item: "Holder" (${holder})` },
    ]);
  });

  it('lists every error of the file at once, the reader’s and the store’s, in row order', async () => {
    const res = await post(`${HEADER}\r\n${UNKNOWN_ID},,A,B,1,1,0,,\r\n,,A,B,x,1,0,,\r\n`);
    expect(rowsOf(res).map((error) => [error.row, error.column])).toEqual([
      [2, 'id'],
      [3, 'price'],
    ]);
    expect(errorOf(res).message).toBe(
      'The file has 2 errors: nothing was imported. Each is listed with its row and column.',
    );
  });

  it('over 50 MB: 413 and nothing read further', async () => {
    const big = Buffer.alloc(60 * 1024 * 1024, 'a');
    const res = await post(big);
    expect(res.status).toBe(413);
    expect(errorOf(res).code).toBe('payload_too_large');
  });

  it('a body that is not sent as text/csv: 400', async () => {
    const res = await request(t.app)
      .post('/api/imports')
      .set(auth(manager))
      .set('Content-Type', 'application/json')
      .send({ name: 'x' });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(/text\/csv/);
  });
});

it('refuses a visitor (401) and a clerk (403): importing is adding and editing items', async () => {
  expect((await request(t.app).post('/api/imports').set('Content-Type', 'text/csv').send(HEADER)).status).toBe(401);
  const clerk = await t.tokenFor('clerk@example.com');
  const res = await post(`${HEADER}\r\n,,A,B,1,1,0,,\r\n`, { token: clerk });
  expect(res.status).toBe(403);
  expect(itemsOf(await request(t.app).get('/api/inventory'))).toEqual([]);
});

it('an imported quantity that crosses the reorder point raises one alert, as any write does', async () => {
  const id = await t.addItem({ name: 'Cable', quantity: 10, minStock: 3 });
  await post(`id,name,supplier,price,quantity\r\n${id},Cable,Google,799,2\r\n`).expect(200);
  const alerts = await request(t.app).get('/api/alerts').set(auth(manager));
  expect(alerts.body).toMatchObject([{ itemId: id, kind: 'low', quantity: 2, minStock: 3 }]);
  // A column left out keeps the item's value.
  expect((await request(t.app).get(`/api/inventory/${id}`)).body).toMatchObject({
    minStock: 3,
    description: 'A phone with a good camera.',
  });
});

describe('the import that follows its dry run (the reading kept: kept-files.ts)', () => {
  const names = async () => itemsOf(await request(t.app).get('/api/inventory?limit=50')).map((item) => item.name);

  it('writes what the dry run read, when the same bytes are sent again', async () => {
    const file = `${HEADER}\r\n,KF-1,Kettle,Acme,20,4,,,\r\n,KF-2,Ladle,Acme,3,9,,,\r\n`;
    const dry = await post(file, { dryRun: true });
    expect(reportOf(dry)).toMatchObject({ dryRun: true, create: 2 });
    const applied = await post(file);
    expect(reportOf(applied)).toEqual({ ...reportOf(dry), dryRun: false });
    expect((await names()).sort()).toEqual(['Kettle', 'Ladle']);
  });

  it('reads other bytes of the same length as their own file', async () => {
    const dried = `${HEADER}\r\n,KF-1,Kettle,Acme,20,4,,,\r\n`;
    const sent = `${HEADER}\r\n,KF-9,Teapot,Acme,20,4,,,\r\n`;
    expect(sent).toHaveLength(dried.length);
    await post(dried, { dryRun: true }).expect(200);
    expect(reportOf(await post(sent))).toMatchObject({ create: 1, changes: [{ row: 2, action: 'create' }] });
    expect(await names()).toEqual(['Teapot']);
  });

  it('reads the file again for another user, and for a file with errors the dry run found', async () => {
    const owner = await t.tokenFor('owner@example.com');
    const file = `${HEADER}\r\n,KF-1,Kettle,Acme,20,4,,,\r\n`;
    await post(file, { dryRun: true }).expect(200);
    expect(reportOf(await post(file, { token: owner }))).toMatchObject({ create: 1 });
    const bad = `${HEADER}\r\n,KF-3,Cup,Acme,lots,4,,,\r\n`;
    expect(rowsOf(await post(bad, { dryRun: true }))).toHaveLength(1);
    expect(rowsOf(await post(bad))).toHaveLength(1);
    expect(await names()).toEqual(['Kettle']);
  });
});
