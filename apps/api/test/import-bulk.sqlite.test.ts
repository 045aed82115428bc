import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import type { ItemInput } from '@smart-zone/types/item';
import { decideCreate } from '../src/store/decisions/create-items';
import { editWrite } from '../src/store/decisions/edit-item';
import { importChunks } from '../src/store/import-chunks';
import { planImport } from '../src/store/import-plan';
import type { ImportRow } from '../src/store/store';
import { sqliteItemWriter } from '../src/store/sqlite/item-writes';
import { toItem, type ItemRow } from '../src/store/sqlite/rows';
import { migrate } from '../src/store/sqlite/schema';
import { inlineRunner } from '../src/store/sqlite/search-runner';
import { sqliteItems } from '../src/store/sqlite/sqlite-items';
import { sqliteLedger } from '../src/store/sqlite/sqlite-ledger';
import { ada, bob, inMain } from './helpers/store-fixtures';

/**
 * Issue 32: an import's bulk path (import-writes.ts) leaves a store exactly as its rows written one by one
 * through the single-write path (item-writes.ts and the ledger's record, as before the bulk path) leave a
 * copy of it: items, movements, audit entries and their totals, change feed, alerts, stock and day totals,
 * top movers, the search indexes. Ids made by each run (new items, movements, entries, alerts) are named
 * by their place (seq), the only thing that differs; the clock is held still so times agree.
 */
const NOW = new Date('2026-11-20T10:00:00.000Z');
let dir: string;

beforeEach(() => {
  jest.useFakeTimers({
    now: NOW,
    doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'],
  });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smart-zone-import-bulk-'));
});
afterEach(() => {
  jest.useRealTimers();
  fs.rmSync(dir, { recursive: true, force: true });
});

function open(file: string) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  migrate(db);
  const ledger = sqliteLedger(db);
  return { db, ledger, items: sqliteItems(db, ledger, () => undefined, inlineRunner(db)) };
}

const BASE = 700;

/** The store both runs start from: items with and without SKUs and reorder points, some low, some moved. */
async function seeded(file: string) {
  const { db, items } = open(file);
  const inputs: ItemInput[] = Array.from({ length: BASE }, (_, at) => ({
    name: `Item ${at}`,
    supplier: `Supplier ${at % 5}`,
    price: Math.round(at * 137.31) / 100,
    quantity: at % 20,
    description: at % 9 === 0 ? 'Two lines,\nwith "quotes"' : '',
    img: '',
    minStock: at % 7,
    ...(at % 2 === 0 ? { sku: `SKU-${at}` } : {}),
  }));
  await items.repository.createMany(inputs, bob);
  const listed = await items.repository.list({ limit: BASE });
  for (const item of listed.slice(0, 40)) await items.repository.changeStock(item._id, { delta: 3 }, bob);
  db.close();
  return listed;
}

/** A file of every kind of row: updates by id and by SKU (quantity down to 0, up, unchanged; renamed; a
 * reorder point raised; a SKU set or cleared), unchanged rows, and new items (some low, some empty). */
function fileRows(items: Awaited<ReturnType<typeof seeded>>): ImportRow[] {
  const rows: ImportRow[] = [];
  let row = 2;
  items.slice(0, 600).forEach((item, at) => {
    const bySku = item.sku !== undefined && at % 4 === 0;
    const quantity =
      at % 3 === 0
        ? at % 6 === 0
          ? 0
          : Math.max(0, item.quantity - 2)
        : at % 3 === 1
          ? item.quantity + 5
          : item.quantity;
    rows.push({
      row: row++,
      ...(bySku ? {} : { id: item._id }),
      fields: {
        name: at % 10 === 0 ? `Renamed ${at} ü` : item.name,
        supplier: at % 15 === 0 ? 'Other supplier' : item.supplier,
        price: at % 5 === 0 ? item.price : item.price + 1,
        quantity,
        minStock: at % 8 === 0 ? item.minStock + 30 : item.minStock,
        ...(bySku ? { sku: item.sku! } : at % 11 === 0 ? { sku: `NEW-SKU-${at}` } : at % 13 === 0 ? { sku: null } : {}),
      },
    });
  });
  for (const item of items.slice(600, 650)) rows.push({ row: row++, id: item._id, fields: { price: item.price } });
  for (let at = 0; at < 450; at += 1) {
    rows.push({
      row: row++,
      fields: {
        name: at % 3 === 0 ? `Nouveau ${at} é` : `New ${at}`,
        supplier: `Supplier ${at % 4}`,
        price: at / 4,
        quantity: at % 10,
        minStock: at % 6,
        ...(at % 2 === 0 ? { sku: `ADD-${at}` } : {}),
      },
    });
  }
  return rows;
}

/** The import written row by row by the single-write path, in importChunks' order, in one transaction. */
function writeRowByRow(db: Database.Database, rows: ImportRow[]) {
  const ledger = sqliteLedger(db);
  const writer = sqliteItemWriter(db, ledger);
  const all = new Map(
    db
      .prepare<[], ItemRow>('SELECT * FROM items')
      .all()
      .map((row) => [row.id, toItem(row)]),
  );
  const bySku = new Map([...all.values()].filter((item) => item.sku).map((item) => [item.sku!, item]));
  const holder = db.prepare<[string], ItemRow>('SELECT * FROM items WHERE sku = ?');
  db.transaction(() => {
    const plan = planImport(rows, {
      byId: (id) => all.get(id),
      bySku: (sku) => bySku.get(sku),
      byName: () => [],
      locationOf: () => undefined,
    });
    expect(plan.errors).toEqual([]);
    const at = new Date().toISOString();
    for (const { creates, updates } of importChunks(plan.planned)) {
      const ids = creates.map(() => new ObjectId().toHexString());
      const holderOf = (sku: string) => {
        const found = holder.get(sku);
        return found && { id: found.id, name: found.name };
      };
      for (const write of decideCreate(creates, { ids, holderOf }, ada, at)) writer.apply(write, null);
      for (const step of updates) {
        writer.apply(
          editWrite(step.item, inMain(step.item), step.wanted, ada, at, 'import'),
          writer.read(step.item._id)!,
        );
      }
    }
    ledger.bumpRevision();
  }).immediate();
}

/** Every table an import writes, ids named by their place. */
function dump(db: Database.Database) {
  const names = new Map<string, string>();
  for (const [table, kind] of [
    ['items', 'item'],
    ['movements', 'movement'],
    ['audit', 'audit'],
    ['alerts', 'alert'],
  ] as const) {
    for (const { id, seq } of db.prepare<[], { id: string; seq: number }>(`SELECT id, seq FROM ${table}`).all()) {
      names.set(id, `${kind}#${seq}`);
    }
  }
  const named = (value: unknown) =>
    typeof value === 'string' ? value.replace(/[0-9a-f]{24}/g, (id) => names.get(id) ?? `unknown ${id}`) : value;
  const table = (sql: string) =>
    db
      .prepare(sql)
      .all()
      .map((row) => Object.fromEntries(Object.entries(row as object).map(([key, value]) => [key, named(value)])));
  const search = (text: string) =>
    db
      .prepare<[string], { seq: number }>(
        'SELECT rowid AS seq FROM items_search WHERE items_search MATCH ? ORDER BY rowid',
      )
      .all(`"${text}"`)
      .map((row) => row.seq);
  return {
    items: table('SELECT * FROM items ORDER BY seq'),
    movements: table('SELECT * FROM movements ORDER BY seq'),
    audit: table('SELECT * FROM audit ORDER BY seq'),
    auditCounts: table('SELECT * FROM audit_counts').sort((a, b) => String(a.key).localeCompare(String(b.key))),
    changes: table('SELECT * FROM changes ORDER BY seq'),
    alerts: table('SELECT * FROM alerts ORDER BY seq'),
    stockTotals: table('SELECT * FROM stock_totals'),
    dayBuckets: table('SELECT * FROM day_buckets ORDER BY day'),
    itemOutDays: table('SELECT * FROM item_out_days ORDER BY day, item_id').sort((a, b) =>
      String(a.item_id).localeCompare(String(b.item_id)),
    ),
    itemOutWindow: table('SELECT * FROM item_out_window').sort((a, b) =>
      String(a.item_id).localeCompare(String(b.item_id)),
    ),
    grams: table('SELECT * FROM items_grams ORDER BY gram, seq'),
    // The revision moves once per commit: the import's chunks are three (below).
    meta: table("SELECT * FROM meta WHERE key NOT IN ('catalogue_id', 'catalogue_revision') ORDER BY key"),
    searches: ['Renamed', 'Nouveau 3', 'Other supplier', 'Item 61', '10 ü', 'New 4'].map(search),
    integrity: db.pragma('integrity_check'),
  };
}

it('an import leaves the store exactly as its rows written one by one do', async () => {
  const bulkFile = path.join(dir, 'bulk.db');
  const items = await seeded(bulkFile);
  const rowFile = path.join(dir, 'row-by-row.db');
  fs.copyFileSync(bulkFile, rowFile);
  const rows = fileRows(items);

  const bulk = open(bulkFile);
  const outcome = await bulk.items.imports.run(rows, ada, true);
  // 583 updates and 450 new items: three chunks of importChunks.
  expect(outcome).toMatchObject({ ok: true, report: { create: 450, update: 583, unchanged: 67 } });
  const single = new Database(rowFile);
  writeRowByRow(single, rows);

  const [got, wanted] = [dump(bulk.db), dump(single)];
  // The file moved what it says: quantities to 0 (alerts), renames, new items (more than one chunk).
  expect(wanted.alerts.length).toBeGreaterThan(10);
  expect(new Set(wanted.alerts.map((alert) => alert.kind))).toEqual(new Set(['low', 'out']));
  expect(wanted.movements.filter((movement) => movement.reason === 'import').length).toBeGreaterThan(300);
  expect(wanted.searches.every((found) => found.length > 0)).toBe(true);
  for (const key of Object.keys(wanted) as (keyof typeof wanted)[]) expect([key, got[key]]).toEqual([key, wanted[key]]);
  expect(bulk.db.prepare('SELECT state, chunks, applied FROM import_jobs').all()).toEqual([
    { state: 'done', chunks: 3, applied: 3 },
  ]);

  // The short searches (items_grams) and the others find in the bulk store what the other store holds.
  for (const q of ['ü', 're', 'new', 'Supplier 3']) {
    const found = await bulk.items.repository.list({ q, limit: 2_000 });
    const held = single
      .prepare<[string, string, string], { name: string }>(
        // A search matches the SKU too (issue 33): `new` finds the NEW-SKU-n items.
        'SELECT name FROM items WHERE instr(lower(name), ?) OR instr(lower(supplier), ?) OR instr(lower(codes), ?) ORDER BY seq',
      )
      .all(q.toLowerCase(), q.toLowerCase(), q.toLowerCase());
    expect(held.length).toBeGreaterThan(0);
    expect(found.map((item) => item.name)).toEqual(held.map((item) => item.name));
  }
  bulk.db.close();
  single.close();
});
