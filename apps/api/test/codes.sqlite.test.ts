import Database from 'better-sqlite3';
import { ITEM_BY_CODE, ITEM_BY_SKU } from '../src/store/sqlite/schema-codes';
import { migrate } from '../src/store/sqlite/schema';
import { openSqliteFile, type SqliteFile } from './helpers/sqlite-file';
import { ada, phone } from './helpers/store-fixtures';

/**
 * SQLite's codes (issue 33): a ?code= lookup is one primary-key search of item_codes and one of the items,
 * never a scan, at any size; migration 14 brings a version 13 file's SKUs into item_codes and into the
 * search (a part of a SKU finds its item).
 */
let file: SqliteFile;
beforeEach(async () => {
  file = await openSqliteFile('codes');
});
afterEach(() => file.close());

/** 200 items, each with a SKU and a barcode; the plan of `query` for `code`. */
async function planOf(query: string, code: string): Promise<string[]> {
  await file.store.items.createMany(
    Array.from({ length: 200 }, (_, i) => phone({ name: `Phone ${i}`, sku: `SKU-${i}`, barcodes: [`EAN-${i}`] })),
    ada,
  );
  return file.other
    .prepare<[string], { detail: string }>(`EXPLAIN QUERY PLAN ${query}`)
    .all(code)
    .map((row) => row.detail);
}
const BY_KEYS = [
  expect.stringMatching(/^SEARCH c USING PRIMARY KEY \(code=\?\)$/),
  expect.stringMatching(/^SEARCH i USING INDEX \S+ \(id=\?\)$/),
];

it('EXPLAIN QUERY PLAN: ?code= searches item_codes by its primary key, then the item by its id; no scan', async () => {
  expect(await planOf(ITEM_BY_CODE, 'EAN-7')).toEqual(BY_KEYS);
  expect((await file.store.items.getByCode('EAN-7'))?.name).toBe('Phone 7');
  expect((await file.store.items.getByCode('SKU-7'))?.name).toBe('Phone 7');
});

it('EXPLAIN QUERY PLAN: ?sku= is the same two searches (migration 18 dropped the SKUs own index); a barcode is no SKU', async () => {
  expect(await planOf(ITEM_BY_SKU, 'SKU-7')).toEqual(BY_KEYS);
  expect(file.other.prepare("SELECT name FROM sqlite_master WHERE name = 'items_by_sku'").get()).toBeUndefined();
  expect((await file.store.items.getBySku('SKU-7'))?.name).toBe('Phone 7');
  expect(await file.store.items.getBySku('EAN-7')).toBeNull();
});

it('migration 14: a file of the version before keeps its SKUs unique across SKUs and barcodes, and searchable by a part', () => {
  const db = new Database(':memory:');
  migrate(db, 12); // main's last before the codes (a merge may put another migration between)
  const version = db.pragma('user_version', { simple: true }) as number;
  const insert = db.prepare(
    `INSERT INTO items (id, name, supplier, price, quantity, description, img, sku, created_at, updated_at, version,
       created_by_uid, created_by_email, updated_by_uid, updated_by_email)
     VALUES (?, ?, 'Spigen', 1, 1, '', '', ?, 'now', 'now', 1, 'u', 'u@x', 'u', 'u@x')`,
  );
  insert.run('a'.repeat(24), 'iPhone case', 'SP-IP15-BLK');
  insert.run('b'.repeat(24), 'Cable', null);
  migrate(db);
  expect(db.pragma('user_version', { simple: true })).toBeGreaterThan(version);
  expect(db.prepare('SELECT code, item_id FROM item_codes').all()).toEqual([
    { code: 'SP-IP15-BLK', item_id: 'a'.repeat(24) },
  ]);
  const trigram = db.prepare<[string], string>(
    'SELECT i.name FROM items i WHERE seq IN (SELECT rowid FROM items_search WHERE items_search MATCH ?)',
  );
  expect(trigram.pluck().all('"sp-ip15"')).toEqual(['iPhone case']);
  expect(trigram.pluck().all('"spigen"')).toEqual(['iPhone case', 'Cable']);
  const gram = db.prepare<[string], number>('SELECT COUNT(*) FROM items_grams WHERE gram = ?').pluck();
  expect(gram.get('ip')).toBe(1);
  // The primary key is the last word: a code on a second item is refused whichever column it came from.
  expect(() =>
    db.prepare("INSERT INTO item_codes (code, item_id) VALUES ('SP-IP15-BLK', ?)").run('b'.repeat(24)),
  ).toThrow(/UNIQUE|PRIMARY KEY/);
  db.close();
});
