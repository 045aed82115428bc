import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { ImportRows } from '../src/store/import-rows';
import { gramsOf } from '../src/store/search-grams';
import { SHORT_SEARCH_MAX } from '../src/store/sqlite/short-search';
import { openStore } from '../src/store/open-store';
import { inlineRunner } from '../src/store/sqlite/search-runner';
import { sqliteItems } from '../src/store/sqlite/sqlite-items';
import { sqliteLedger } from '../src/store/sqlite/sqlite-ledger';
import { ImportConflictError } from '../src/store/store';
import type { StoreChange } from '../src/store/store';
import { openSqliteFile, type SqliteFile } from './helpers/sqlite-file';
import { ada, bob, phone } from './helpers/store-fixtures';
import { makeTestApp, sampleItem } from './helpers/test-app';
import { errorOf } from './support/bodies';

/**
 * On a database file, an import runs in the import worker (its own process and
 * connection), written in chunks announced by the change feed as another
 * process's commits are; this process's own writes go on between the chunks,
 * waiting for one at most without holding the event loop (write-gate.ts). All
 * or nothing: a chunk that cannot be written, or a worker that stops midway,
 * leaves the written chunks taken back (import-job.ts).
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

it('a dry run writes nothing; the import writes every row, announced by the feed', async () => {
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

const count = (file: SqliteFile, table: string) =>
  (file.other.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

const quantityOf = (file: SqliteFile, sku: string) =>
  (file.other.prepare('SELECT quantity FROM items WHERE sku = ?').get(sku) as { quantity: number } | undefined)
    ?.quantity;

/** Whether another connection (the import worker) holds the file's write lock now. */
const locked = (file: SqliteFile) => {
  try {
    file.other.exec('BEGIN IMMEDIATE');
    file.other.exec('ROLLBACK');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  }
};

/** Resolves once `check` holds, polled every few milliseconds (up to 20 s). */
async function until(check: () => boolean) {
  for (const started = Date.now(); !check();) {
    if (Date.now() - started > 20_000) throw new Error('never');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

it('this process’s writes made during an import run between its chunks, not after the whole file; reads go on', async () => {
  const item = await file.store.items.create(phone({ name: 'Counter', quantity: 1 }), bob);
  let imported = false;
  const importing = file.store.items
    .importRows(rows(ROWS, 7), { by: ada, apply: true })
    .finally(() => (imported = true));
  // The import's chunks are being written (it holds the write lock).
  file.other.pragma('busy_timeout = 0');
  await until(() => locked(file));
  const restocked = await file.store.items.changeStock(item._id, { delta: 2 }, bob);
  expect(restocked).toMatchObject({ ok: true, item: { quantity: 3 } });
  expect(imported).toBe(false);
  expect((await file.store.items.get(item._id))?.quantity).toBe(3);
  expect(await importing).toMatchObject({ ok: true, report: { create: ROWS } });
  const reasons = file.other
    .prepare<[string], { reason: string }>(
      "SELECT reason FROM movements WHERE item_id <> ? OR reason = 'restock' ORDER BY seq",
    )
    .all(item._id)
    .map((row) => row.reason);
  // The restock committed between two chunks of the import's rows.
  const at = reasons.indexOf('restock');
  expect(at).toBeGreaterThan(0);
  expect(at).toBeLessThan(ROWS);
  expect(reasons).toHaveLength(ROWS + 1);
  // A finished job keeps its row, and lets its undo records go.
  expect(file.other.prepare('SELECT state, chunks, applied FROM import_jobs').all()).toEqual([
    { state: 'done', chunks: ROWS / 500, applied: ROWS / 500 },
  ]);
  expect(count(file, 'import_undo')).toBe(0);
});

it('an item written between two chunks is planned again as it is now: a delivery note adds to the stock as it is', async () => {
  await file.store.items.importRows(rows(ROWS, 5), { by: ada, apply: true });
  const last = (await file.store.items.getBySku(`IW-${ROWS - 1}`))!;
  const note = ImportRows.of(
    Array.from({ length: ROWS }, (_, at) => ({ row: at + 2, fields: { sku: `IW-${at}`, quantity: 3 } })),
  );
  const receiving = file.store.items.importRows(note, { by: ada, apply: true, mode: 'receive' });
  file.other.pragma('busy_timeout = 0');
  await until(() => locked(file));
  // Someone restocks the note's last item while its first chunks are written: it waits for one chunk at most.
  await file.store.items.changeStock(last._id, { delta: 2 }, bob);
  expect(await receiving).toMatchObject({ ok: true, report: { update: ROWS } });
  expect(quantityOf(file, `IW-${ROWS - 1}`)).toBe(10);
  expect(file.other.prepare('SELECT DISTINCT quantity FROM items WHERE id <> ?').all(last._id)).toEqual([
    { quantity: 8 },
  ]);
});

it('the new items’ short-search rows are written after their chunks, as each item is when they are', async () => {
  const importing = file.store.items.importRows(rows(ROWS, 7), { by: ada, apply: true });
  // The first chunk has landed: its items wait for their grams (written after the last chunk).
  await until(() => quantityOf(file, 'IW-1') !== undefined);
  const [renamed, deleted] = [(await file.store.items.getBySku('IW-0'))!, (await file.store.items.getBySku('IW-1'))!];
  expect(
    await file.store.items.update(renamed._id, phone({ name: 'Zq widget', supplier: 'Acme', sku: 'IW-0' }), bob),
  ).toMatchObject({ ok: true });
  expect(await file.store.items.remove(deleted._id, bob)).toBe(true);
  expect(await importing).toMatchObject({ ok: true, report: { create: ROWS } });

  // Every item has exactly the rows of its texts as they are now (the renamed one none of its old name's),
  // and no row is left of the deleted one.
  const expected = file.other
    .prepare<[], { seq: number; name: string; supplier: string; codes: string }>(
      'SELECT seq, name, supplier, codes FROM items',
    )
    .all()
    .flatMap(({ seq, name, supplier, codes }) =>
      gramsOf([name, supplier, ...codes.split('\n')], SHORT_SEARCH_MAX).map((gram) => `${gram} ${seq}`),
    )
    .sort();
  const written = file.other
    .prepare<[], { gram: string; seq: number }>('SELECT gram, seq FROM items_grams')
    .all()
    .map(({ gram, seq }) => `${gram} ${seq}`)
    .sort();
  expect(written).toEqual(expected);
  expect((await file.store.items.list({ q: 'zq' })).map((item) => item.sku)).toEqual(['IW-0']);
  expect(await file.store.items.count({ q: 'em' })).toBe(ROWS - 2);
  expect(file.other.prepare('SELECT state FROM import_jobs').all()).toEqual([{ state: 'done' }]);
});

it('the new items go into the trigram index after their chunks, as each item is when it is indexed', async () => {
  const importing = file.store.items.importRows(rows(ROWS, 7), { by: ada, apply: true });
  await until(() => quantityOf(file, 'IW-1') !== undefined);
  // A landed item waits for the index, marked with its job.
  const job = file.other.prepare<[], string>("SELECT search_later FROM items WHERE sku = 'IW-1'").pluck().get();
  expect(job).toMatch(/^[0-9a-f]{24}$/);
  const [renamed, deleted] = [(await file.store.items.getBySku('IW-0'))!, (await file.store.items.getBySku('IW-1'))!];
  expect(
    await file.store.items.update(renamed._id, phone({ name: 'Zq widget', supplier: 'Acme', sku: 'IW-0' }), bob),
  ).toMatchObject({ ok: true });
  expect(await file.store.items.remove(deleted._id, bob)).toBe(true);
  expect(await importing).toMatchObject({ ok: true, report: { create: ROWS } });

  expect(file.other.prepare('SELECT COUNT(*) FROM items WHERE search_later IS NOT NULL').pluck().get()).toBe(0);
  // The index holds every item as it is now, and nothing else (FTS5's own check against the items).
  expect(() =>
    file.other.prepare("INSERT INTO items_search (items_search, rank) VALUES ('integrity-check', 1)").run(),
  ).not.toThrow();
  expect((await file.store.items.list({ q: 'zq widg' })).map((item) => item.sku)).toEqual(['IW-0']);
  expect(await file.store.items.count({ q: 'Item 0' })).toBe(0);
  expect(await file.store.items.count({ q: 'Item 1' })).toBe(11_111 - 1);
  expect(await file.store.items.count({ q: 'acme' })).toBe(ROWS - 1);
});

it('an item deleted between two chunks fails the import: its written chunks are taken back, nothing else', async () => {
  await file.store.items.importRows(rows(ROWS, 5), { by: ada, apply: true });
  const last = (await file.store.items.getBySku(`IW-${ROWS - 1}`))!;
  const again = ImportRows.of([
    ...rows(ROWS, 9).all(),
    { row: ROWS + 2, fields: { name: 'Brand new', supplier: 'Acme', price: 1, quantity: 3, sku: 'IW-NEW' } },
  ]);
  const importing = file.store.items.importRows(again, { by: ada, apply: true });
  file.other.pragma('busy_timeout = 0');
  await until(() => locked(file));
  await file.store.items.remove(last._id, bob);
  await expect(importing).rejects.toBeInstanceOf(ImportConflictError);

  // Every item at 5 as before the import; the deleted one gone; none added.
  expect(file.other.prepare('SELECT quantity, COUNT(*) AS n FROM items GROUP BY quantity').all()).toEqual([
    { quantity: 5, n: ROWS - 1 },
  ]);
  expect(quantityOf(file, 'IW-NEW')).toBeUndefined();
  // The ledger still sums: every item's quantity is the sum of its movements.
  expect(
    file.other
      .prepare(
        'SELECT COUNT(*) AS n FROM items i WHERE quantity <> (SELECT SUM(delta) FROM movements m WHERE m.item_id = i.id)',
      )
      .get(),
  ).toEqual({ n: 0 });
  const undone = file.other
    .prepare(
      "SELECT COUNT(*) AS n FROM audit WHERE reason = 'Import undone: it failed before its last rows were written'",
    )
    .get() as { n: number };
  expect(undone.n).toBeGreaterThan(0);
  expect(file.other.prepare("SELECT state FROM import_jobs WHERE state <> 'done'").all()).toEqual([
    { state: 'undone' },
  ]);
  expect(count(file, 'import_undo')).toBe(0);
});

it('over HTTP: a SKU taken between two chunks answers 409 import_conflict, and nothing of the file is left', async () => {
  const t = await makeTestApp({ ownerEmails: ['owner@example.com'] }, file.store);
  const auth = { Authorization: `Bearer ${await t.tokenFor('owner@example.com')}` };
  const csv = [
    'name,supplier,price,quantity,sku',
    ...Array.from({ length: ROWS }, (_, at) => `Item ${at},Acme,1,5,IW-${at}`),
  ].join('\r\n');
  const answer = request(t.app).post('/api/imports').set(auth).set('Content-Type', 'text/csv').send(csv).then();
  file.other.pragma('busy_timeout = 0');
  await until(() => locked(file));
  // Someone adds an item with the file's last SKU while the first chunks are written: it waits for one chunk.
  const added = await request(t.app)
    .post('/api/inventory')
    .set(auth)
    .send({ ...sampleItem, sku: `IW-${ROWS - 1}` });
  expect(added.status).toBe(201);
  const res = await answer;
  expect(res.status).toBe(409);
  const { code, message } = errorOf(res);
  expect(code).toBe('import_conflict');
  expect(message).toMatch(
    new RegExp(
      `^SKU "IW-${ROWS - 1}" belongs to another item: "Pixel 9" .*: nothing was imported; import the file again\\.$`,
    ),
  );
  // Only the item added meanwhile; the ledger sums (each imported item came and went).
  expect(file.other.prepare('SELECT name FROM items').all()).toEqual([{ name: 'Pixel 9' }]);
  expect(file.other.prepare('SELECT SUM(delta) AS total FROM movements').get()).toEqual({ total: sampleItem.quantity });
});

it('over HTTP with an Idempotency-Key: the worker claims the key with its first chunk; another instance is told it runs, the replay adds nothing', async () => {
  const t = await makeTestApp({ ownerEmails: ['owner@example.com'] }, file.store);
  // A second instance on the same file: it knows nothing of the first's running requests but what is written.
  const other = await makeTestApp({ ownerEmails: ['owner@example.com'] }, file.store);
  const auth = { Authorization: `Bearer ${await t.tokenFor('owner@example.com')}` };
  const csv = [
    'name,supplier,price,quantity,sku',
    ...Array.from({ length: ROWS }, (_, at) => `Item ${at},Acme,1,5,IK-${at}`),
  ].join('\r\n');
  const send = (app: typeof t.app) =>
    request(app)
      .post('/api/imports')
      .set(auth)
      .set('Idempotency-Key', 'import-on-a-file')
      .set('Content-Type', 'text/csv')
      .send(csv);
  const first = send(t.app).then();
  // Once the worker's first chunk has committed, its claim is there, without an answer: the other instance's
  // request with the same key and file is told the first is still running, and writes nothing.
  await until(() => (file.other.prepare('SELECT COUNT(*) AS n FROM items').get() as { n: number }).n > 0);
  const meanwhile = await send(other.app);
  expect(meanwhile.status).toBe(409);
  expect(errorOf(meanwhile).code).toBe('idempotency_in_flight');
  const done = await first;
  expect(done.status).toBe(200);
  const again = await send(other.app);
  expect([again.status, again.headers['idempotent-replayed']]).toEqual([200, 'true']);
  expect(again.body).toEqual(done.body);
  expect(file.other.prepare('SELECT COUNT(*) AS n FROM items').get()).toEqual({ n: ROWS });
});

it('an import whose process stopped midway is taken back when the store opens again', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smart-zone-import-stop-'));
  try {
    const store = await openStore({ mongodbDb: 'unused', dataDir: dir });
    await store.close();
    const db = new Database(path.join(dir, 'smart-zone.db'));
    const { imports } = sqliteItems(db, sqliteLedger(db), () => undefined, inlineRunner(db));
    // The third turn never comes: as if the worker died after two chunks.
    let turns = 0;
    const dies = {
      take: () => ((turns += 1) > 2 ? Promise.reject(new Error('the import worker stopped')) : Promise.resolve()),
      give: () => undefined,
    };
    await expect(imports.run(rows(2_000).all(), ada, true, {}, dies)).rejects.toThrow('the import worker stopped');
    expect(db.prepare('SELECT COUNT(*) AS n FROM items').get()).toEqual({ n: 1_000 });
    expect(db.prepare('SELECT state, applied FROM import_jobs').get()).toEqual({ state: 'running', applied: 2 });
    db.close();

    const reopened = await openStore({ mongodbDb: 'unused', dataDir: dir });
    expect(await reopened.items.count()).toBe(0);
    await reopened.close();
    const check = new Database(path.join(dir, 'smart-zone.db'));
    expect(check.prepare('SELECT state FROM import_jobs').get()).toEqual({ state: 'undone' });
    // None of them is left waiting for the search index, which agrees with the items.
    expect(check.prepare('SELECT COUNT(*) FROM items WHERE search_later IS NOT NULL').pluck().get()).toBe(0);
    check.prepare("INSERT INTO items_search (items_search, rank) VALUES ('integrity-check', 1)").run();
    // Each of the 1,000 items came and went: a `created` movement and a `deleted` one, the ledger at 0.
    expect(
      check
        .prepare('SELECT reason, COUNT(*) AS n, SUM(delta) AS total FROM movements GROUP BY reason ORDER BY reason')
        .all(),
    ).toEqual([
      { reason: 'created', n: 1_000, total: 5_000 },
      { reason: 'deleted', n: 1_000, total: -5_000 },
    ]);
    check.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
