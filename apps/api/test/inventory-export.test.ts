import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { ITEM_CSV_COLUMNS, neutralised, restored } from '@smart-zone/types/csv';
import type { Item } from '@smart-zone/types/item';
import { makeTestApp, type TestApp } from './helpers/test-app';
import { itemsOf } from './support/bodies';

/**
 * GET /api/inventory.csv: every matching item, the public columns the import
 * reads back (ITEM_CSV_COLUMNS), RFC 4180, a dated file name, formulas
 * neutralised so that a spreadsheet shows them as text.
 */
let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

/** The file as records, each a column → cell map, the header checked first. */
function recordsOf(text: string): Record<string, string>[] {
  const rows: string[][] = parse(text, { bom: true });
  expect(rows[0]).toEqual([...ITEM_CSV_COLUMNS]);
  return rows.slice(1).map((row) => Object.fromEntries(row.map((cell, at) => [ITEM_CSV_COLUMNS[at]!, cell])));
}

it('answers every item as a row of the public columns, in the list’s order, as an attachment with today’s date', async () => {
  await t.addItem({ name: 'Pixel 9', sku: '4006381333931', price: 799.5, quantity: 3, minStock: 2 });
  await t.addItem({ name: 'Nokia 3310', supplier: 'Nokia', description: 'Line one\nline "two", with a comma' });
  const res = await request(t.app).get('/api/inventory.csv');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const day = new Date().toISOString().slice(0, 10);
  expect(res.headers['content-disposition']).toBe(`attachment; filename=inventory-${day}.csv`);
  // RFC 4180: CRLF records, a quoted cell keeps its line break and doubles its quotes.
  expect(res.text.endsWith('\r\n')).toBe(true);
  expect(res.text).toContain('"Line one\nline ""two"", with a comma"');

  const items = itemsOf(await request(t.app).get('/api/inventory'));
  const records = recordsOf(res.text);
  expect(records).toEqual(
    items.map((item: Item) => ({
      id: item._id,
      sku: item.sku ?? '',
      name: item.name,
      supplier: item.supplier,
      price: String(item.price),
      quantity: String(item.quantity),
      minStock: String(item.minStock),
      description: item.description,
      img: item.img,
      barcodes: (item.barcodes ?? []).join(' '),
      location: '',
      version: String(item.version),
    })),
  );
  expect(records[0]).toMatchObject({ sku: '4006381333931', price: '799.5', quantity: '3', minStock: '2' });
  // Nothing personal, nothing internal: the columns are the whole row.
  expect(res.text).not.toMatch(/@example\.com|uid-/);
});

it('takes the list’s q, stock and sort, and starts with a byte order mark only when asked (bom=1)', async () => {
  await t.addItem({ name: 'Zeta', quantity: 0 });
  await t.addItem({ name: 'Alpha', quantity: 5 });
  await t.addItem({ name: 'Beta phone', quantity: 0 });
  const names = async (query: string) => {
    const res = await request(t.app).get(`/api/inventory.csv?${query}`);
    expect(res.status).toBe(200);
    return recordsOf(res.text).map((record) => record.name);
  };
  expect(await names('sort=name')).toEqual(['Alpha', 'Beta phone', 'Zeta']);
  expect(await names('stock=out&sort=-name')).toEqual(['Zeta', 'Beta phone']);
  expect(await names('q=phone')).toEqual(['Beta phone']);
  const plain = await request(t.app).get('/api/inventory.csv').buffer(true);
  expect(plain.text.startsWith('id,')).toBe(true);
  const excel = await request(t.app).get('/api/inventory.csv?bom=1');
  expect(excel.text.startsWith('\ufeffid,')).toBe(true);
  expect((await request(t.app).get('/api/inventory.csv?limit=1')).status).toBe(200);
  expect((await request(t.app).get('/api/inventory.csv?sort=owner')).status).toBe(400);
});

it('neutralises would-be formulas, and the import’s reading gives back the text as it was', async () => {
  const tricky = ['=HYPERLINK("http://x")', '+1 line', '-5 cm', '@SUM(A1)', "'=already quoted", "'plain"];
  for (const [at, name] of tricky.entries()) {
    await t.addItem({ name: name.slice(0, 20), description: name, supplier: at === 0 ? '=cmd|x' : 'Acme' });
  }
  const records = recordsOf((await request(t.app).get('/api/inventory.csv')).text);
  expect(records[0]!.name).toBe(`'=HYPERLINK("http://x`);
  expect(records[0]!.supplier).toBe("'=cmd|x");
  expect(records.map((record) => restored(record.description!))).toEqual(tricky);
  for (const record of records) {
    expect(record.description).toBe(neutralised(restored(record.description!)));
    expect(record.description).not.toMatch(/^[=+\-@\t\r]/);
  }
  // Numbers stay numbers (a price is never prefixed).
  expect(records.every((record) => /^\d+(\.\d+)?$/.test(record.price!))).toBe(true);
});
