import request from 'supertest';
import { parse } from 'csv-parse/sync';
import type { ImportError, ImportReport } from '@smart-zone/types/imports';
import type { Location } from '@smart-zone/types/location';
import { makeTestApp, type TestApp } from './helpers/test-app';
import { errorOf } from './support/bodies';

/**
 * Issue 34, over HTTP: the item CSV's `location` column. The export writes where each item's units are; an
 * import puts a row's added units at its path, making the locations no location has (its dry run lists them,
 * and makes none); a cell that is not a path is a 400 naming its row.
 */
let t: TestApp;
let manager: string;
beforeEach(async () => {
  t = await makeTestApp({ ownerEmails: ['owner@example.com'] });
  manager = await t.tokenFor('owner@example.com');
});
afterEach(() => t.close());

const auth = () => ({ Authorization: `Bearer ${manager}` });
const post = (file: string, query = '') =>
  request(t.app).post(`/api/imports${query}`).set(auth()).set('Content-Type', 'text/csv').send(file);
const reportOf = (res: request.Response) => res.body as ImportReport;
const locations = async () =>
  ((await request(t.app).get('/api/locations?limit=500').set(auth()).expect(200)).body as Location[]).map(
    (location) => location.path,
  );
const stockOf = async (id: string) =>
  (await request(t.app).get(`/api/inventory/${id}/stock`).set(auth()).expect(200)).body as {
    path: string;
    quantity: number;
  }[];
/** The export's rows as objects by its header. */
const exported = async () => {
  const table: string[][] = parse((await request(t.app).get('/api/inventory.csv')).text);
  const [header, ...rows] = table;
  return rows.map((row) => Object.fromEntries(row.map((cell, at) => [header![at]!, cell])));
};

it('a new shop’s sheet with bins: the dry run lists the locations to make, the import makes them and fills them', async () => {
  const file =
    'Name,Supplier,Price,Qty,Bin\r\n' +
    'USB-C Cable,Anker,9.5,40,Back room / Shelf A / Bin 3\r\n' +
    'Phone case,Acme,3,12,back room/shelf a/bin 3\r\n' +
    'Charger,Anker,19,6,Shop floor / Till\r\n' +
    'Fuse,Acme,1,100,\r\n';
  const dry = await post(file, '?dryRun=true').expect(200);
  expect(reportOf(dry)).toMatchObject({
    create: 4,
    newLocations: [
      'Back room',
      'Back room / Shelf A',
      'Back room / Shelf A / Bin 3',
      'Shop floor',
      'Shop floor / Till',
    ],
    ignoredColumns: [],
  });
  expect(await locations()).toEqual(['Main']);

  const done = await post(file).expect(200);
  expect(reportOf(done)).toMatchObject({
    create: 4,
    newLocations: reportOf(dry).newLocations,
  });
  expect(await locations()).toEqual([
    'Main',
    'Back room',
    'Back room / Shelf A',
    'Back room / Shelf A / Bin 3',
    'Shop floor',
    'Shop floor / Till',
  ]);
  const rows = await exported();
  const byName = new Map(rows.map((row) => [row.name, row]));
  expect(await stockOf(byName.get('USB-C Cable')!.id!)).toEqual([
    expect.objectContaining({ path: 'Back room / Shelf A / Bin 3', quantity: 40 }),
  ]);
  // The export writes each item's place: a path, or nothing for Main.
  expect(rows.map((row) => [row.name, row.location])).toEqual(
    expect.arrayContaining([
      ['USB-C Cable', 'Back room / Shelf A / Bin 3'],
      ['Phone case', 'Back room / Shelf A / Bin 3'],
      ['Charger', 'Shop floor / Till'],
      ['Fuse', ''],
    ]),
  );
  // Each location made is audited as the importer's.
  const audit = (await request(t.app).get('/api/audit?action=location.create').set(auth()).expect(200)).body as {
    actor: { email: string };
  }[];
  expect(audit).toHaveLength(5);
  expect(new Set(audit.map((entry) => entry.actor.email))).toEqual(new Set(['owner@example.com']));
});

it('exports an item kept in several places as each path with its units, and its round trip changes nothing', async () => {
  await post('name,supplier,price,quantity,location\r\nCable,Anker,9.5,8,Back room / Bin 3\r\n').expect(200);
  const [cable] = await exported();
  const bin = ((await request(t.app).get('/api/locations?q=bin 3').set(auth())).body as Location[])[0]!;
  await request(t.app)
    .post(`/api/inventory/${cable!.id}/transfer`)
    .set(auth())
    .send({ from: bin._id, to: '000000000000000000000001', quantity: 3 })
    .expect(200);
  const text = (await request(t.app).get('/api/inventory.csv')).text;
  const [row] = await exported();
  expect(row!.location).toBe('Back room / Bin 3 (5); Main (3)');
  expect(reportOf(await post(text).expect(200))).toMatchObject({ update: 0, unchanged: 1, newLocations: [] });
  // A raise in the sheet goes to the first place named: the bin.
  await post(text.replace(',Anker,9.5,8,', ',Anker,9.5,10,')).expect(200);
  expect(await stockOf(cable!.id!)).toEqual(
    expect.arrayContaining([expect.objectContaining({ path: 'Back room / Bin 3', quantity: 7 })]),
  );
});

it('a location cell that is not a path is a 400 naming its row and column, and makes nothing', async () => {
  const long = 'x'.repeat(41);
  const deep = Array.from({ length: 7 }, (_, at) => `L${at}`).join(' / ');
  const res = await post(
    `name,supplier,price,quantity,location\r\nA,S,1,1,Room / ${long}\r\nB,S,1,1,${deep}\r\nC,S,1,1,Shop\r\n`,
  ).expect(400);
  const rows = (errorOf(res) as { rows?: ImportError[] }).rows!;
  expect(rows).toEqual([
    { row: 2, column: 'location', message: expect.stringContaining('at most 40') as unknown },
    { row: 3, column: 'location', message: expect.stringContaining('at most 6 levels') as unknown },
  ]);
  expect(await locations()).toEqual(['Main']);
  expect((await request(t.app).get('/api/inventory')).body).toEqual([]);
});
