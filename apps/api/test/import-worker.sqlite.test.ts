import { ImportRows } from '../src/store/import-rows';
import type { StoreChange } from '../src/store/store';
import { openSqliteFile, type SqliteFile } from './helpers/sqlite-file';
import { ada, bob, phone } from './helpers/store-fixtures';

/**
 * On a database file, an import runs in the import worker (its own thread and
 * connection): one transaction, announced by the change feed as another
 * process's commit is, while this process's own writes wait for it without
 * holding the event loop (write-gate.ts).
 */
let file: SqliteFile;
const ROWS = 20_000;

beforeEach(async () => {
  file = await openSqliteFile('import-worker');
});
afterEach(() => file.close());

const rows = (count: number, quantity = 5): ImportRows =>
  ImportRows.of(
    Array.from({ length: count }, (_, at) => ({
      row: at + 2,
      fields: { name: `Item ${at}`, supplier: 'Acme', price: 1, quantity, sku: `IW-${at}` },
    })),
  );

it('a dry run writes nothing; the import writes every row in one transaction, announced by the feed', async () => {
  const heard: StoreChange[] = [];
  const stop = file.store.changes.subscribe((change) => heard.push(change));
  const dry = await file.store.items.importRows(rows(ROWS), { by: ada, apply: false });
  expect(dry).toMatchObject({ ok: true, report: { create: ROWS, update: 0 } });
  expect(file.other.prepare('SELECT COUNT(*) AS n FROM items').get()).toEqual({ n: 0 });

  const applied = await file.store.items.importRows(rows(ROWS), { by: ada, apply: true });
  expect(applied).toMatchObject({ ok: true, report: { create: ROWS } });
  expect(file.other.prepare('SELECT COUNT(*) AS n FROM items').get()).toEqual({ n: ROWS });
  expect(await file.store.items.count()).toBe(ROWS);
  // The feed announces the worker's commit as another connection's, every change once, in order.
  await new Promise((resolve) => setTimeout(resolve, 100));
  for (let turn = 0; heard.length < ROWS && turn < 100; turn += 1)
    await new Promise((resolve) => setImmediate(resolve));
  stop();
  expect(heard).toHaveLength(ROWS);
  expect(new Set(heard.map((change) => change.cause))).toEqual(new Set(['created']));

  // The same file again: every row matches its item by SKU, nothing to write.
  expect(await file.store.items.importRows(rows(ROWS), { by: ada, apply: true })).toMatchObject({
    ok: true,
    report: { create: 0, update: 0, unchanged: ROWS },
  });
});

it('this process’s writes made during an import wait for its commit, then run; reads go on', async () => {
  const item = await file.store.items.create(phone({ name: 'Counter', quantity: 1 }), bob);
  const importing = file.store.items.importRows(rows(ROWS, 7), { by: ada, apply: true });
  // Queued behind the import (the gate is held as soon as it is asked for).
  const restock = file.store.items.changeStock(item._id, { delta: 2 }, bob);
  const read = await file.store.items.get(item._id);
  expect(read?.quantity).toBe(1);
  const [imported, restocked] = await Promise.all([importing, restock]);
  expect(imported.ok).toBe(true);
  expect(restocked).toMatchObject({ ok: true, item: { quantity: 3 } });
  const order = file.other
    .prepare<[], { reason: string }>(
      "SELECT reason FROM movements WHERE reason = 'restock' OR item_id IN (SELECT id FROM items WHERE sku = 'IW-0') ORDER BY seq",
    )
    .all()
    .map((row) => row.reason);
  // The restock committed after the import's rows.
  expect(order).toEqual(['created', 'restock']);
});

it('a file in error writes nothing, from the worker too', async () => {
  const taken = await file.store.items.create(phone({ name: 'Holder', sku: 'IW-3' }), bob);
  const outcome = await file.store.items.importRows(
    ImportRows.of([...rows(5).all(), { row: 99, id: 'aaaaaaaaaaaaaaaaaaaaaaaa', fields: { name: 'X' } }]),
    {
      by: ada,
      apply: true,
    },
  );
  expect(outcome).toMatchObject({ ok: false, errorCount: 1, errors: [{ row: 99, column: 'id' }] });
  expect(file.other.prepare('SELECT COUNT(*) AS n FROM items').get()).toEqual({ n: 1 });
  expect((await file.store.items.getBySku('IW-3'))?._id).toBe(taken._id);
});
