import Database from 'better-sqlite3';
import { migrate, SCHEMA_VERSION } from '../src/store/sqlite/schema';
import { countLedger, LEDGER_TRIGGERS } from '../src/store/sqlite/schema-stats';
import { sqliteStats } from '../src/store/sqlite/sqlite-stats';
import { sqliteLedger } from '../src/store/sqlite/sqlite-ledger';
import { stockMove } from '../src/store/decisions/change';
import { toItem, toMovement, type ItemRow, type MovementRow } from '../src/store/sqlite/rows';

/** A movement of the item `id`, appended as every write appends it: through the ledger, which counts it. */
function appended(
  db: Database.Database,
  id: string,
  move: Omit<Parameters<typeof stockMove>[1], 'actor'>,
  ledger = sqliteLedger(db),
) {
  const row = db.prepare<[string], ItemRow>('SELECT * FROM items WHERE id = ?').get(id)!;
  ledger.record(stockMove(toItem(row), { ...move, actor: { uid: 'u', email: 'u@x' } }).change);
}

/** A delivery of `units` from the item `id` at `at`. */
const delivered = (db: Database.Database, id: string, units: number, at: string) =>
  appended(db, id, { delta: -units, reason: 'delivery', action: 'delivery.create', at });

/**
 * Migration 7 makes the movements table again (its reason CHECK names `import`
 * and `undo`, and an undo names what it undoes): every row is kept with its seq,
 * the indexes are back, and the CHECKs hold.
 */
it('keeps every movement of a version 6 file, and then holds the new rules', () => {
  const db = new Database(':memory:');
  migrate(db, 6);
  expect(db.pragma('user_version', { simple: true })).toBe(6);
  const insert = db.prepare(
    `INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, note, at)
     VALUES (?, 'item', ?, ?, ?, 'u', 'u@x', ?, ?)`,
  );
  insert.run('m1', 5, 5, 'created', null, '2026-01-01T00:00:00.000Z');
  insert.run('m2', 3, 8, 'restock', 'pallet', '2026-01-02T00:00:00.000Z');
  insert.run('m3', -8, 0, 'deleted', null, '2026-01-03T00:00:00.000Z');
  db.prepare("DELETE FROM movements WHERE id = 'm3'").run();
  const before = db.prepare('SELECT * FROM movements ORDER BY seq').all();
  expect(() => insert.run('x', 1, 1, 'import', null, '2026-01-04T00:00:00.000Z')).toThrow(/CHECK/);

  migrate(db, 7);
  expect(db.pragma('user_version', { simple: true })).toBe(7);
  expect(
    db
      .prepare(
        'SELECT seq, id, item_id, delta, quantity_after, reason, actor_uid, actor_email, delivery_id, note, item_json, at FROM movements ORDER BY seq',
      )
      .all(),
  ).toEqual(before);
  // AUTOINCREMENT goes on past the highest seq ever used (m3's), as before.
  db.prepare(
    "INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, at) VALUES ('m4', 'item', 2, 10, 'import', 'u', 'u@x', 'now')",
  ).run();
  expect(db.prepare("SELECT seq FROM movements WHERE id = 'm4'").pluck().get()).toBe(4);
  const undo = db.prepare(
    "INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, at, undo_of) VALUES (?, 'item', -2, 8, ?, 'u', 'u@x', 'now', ?)",
  );
  expect(() => undo.run('u0', 'undo', null)).toThrow(/CHECK/);
  expect(() => undo.run('u0', 'adjust', 'm4')).toThrow(/CHECK/);
  undo.run('u1', 'undo', 'm4');
  expect(() => undo.run('u2', 'undo', 'm4')).toThrow(/UNIQUE/);
  const indexes = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'movements' AND sql IS NOT NULL ORDER BY name",
    )
    .pluck()
    .all();
  expect(indexes).toEqual(['movements_by_at', 'movements_by_item', 'movements_undone']);
  db.close();
});

/**
 * Migration 8 fills the dashboard's totals from what a version 7 file holds
 * (its items, its whole ledger), and its triggers keep them from then on.
 */
it('counts a version 7 file into the stats, then keeps counting', async () => {
  const db = new Database(':memory:');
  migrate(db, 7);
  const item = db.prepare(
    `INSERT INTO items (id, name, supplier, price, quantity, created_at, min_stock) VALUES (?, ?, 'S', ?, ?, 'then', ?)`,
  );
  item.run('a'.repeat(24), 'Alpha', 2.5, 4, 5);
  item.run('b'.repeat(24), 'Beta', 10.005, 0, 0);
  const move = db.prepare(
    `INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, at)
     VALUES (?, ?, ?, ?, ?, 'u', 'u@x', ?)`,
  );
  const today = new Date().toISOString();
  const day = today.slice(0, 10);
  move.run('m1', 'a'.repeat(24), 10, 10, 'created', '2020-01-01T10:00:00.000Z');
  move.run('m2', 'a'.repeat(24), -6, 4, 'delivery', today);
  move.run('m3', 'b'.repeat(24), 3, 3, 'created', today);
  move.run('m4', 'b'.repeat(24), -3, 0, 'adjust', today);
  // An item deleted before: its out counts in the day, not among the movers.
  move.run('m5', 'c'.repeat(24), -9, 0, 'adjust', today);
  move.run('m6', 'c'.repeat(24), -1, 0, 'deleted', today);

  migrate(db);
  expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
  const stats = sqliteStats(db);
  let read = await stats.read();
  expect(read).toMatchObject({ items: 2, units: 4, stockValue: 10, low: 1, out: 1 });
  const counted = { day, received: 0, delivered: 6, removed: 3 + 9, corrections: 0, opening: 3, deletions: 1 };
  expect(read.movementsByDay.at(-1)).toEqual({ ...counted, in: 0, out: 6 + 3 + 9 });
  // Ranked by units delivered: Beta's removal is not a sale.
  expect(read.topMovers).toEqual([{ itemId: 'a'.repeat(24), name: 'Alpha', out: 6 }]);
  // Kept by the triggers (a price and a quantity changed, an item deleted) and the ledger (a movement appended).
  db.prepare("UPDATE items SET price = 3, quantity = 2 WHERE name = 'Alpha'").run();
  db.prepare("DELETE FROM items WHERE name = 'Beta'").run();
  delivered(db, 'a'.repeat(24), 2, today);
  read = await stats.read();
  expect(read).toMatchObject({ items: 1, units: 2, stockValue: 6, low: 1, out: 0 });
  expect(read.movementsByDay.at(-1)).toEqual({ ...counted, delivered: 8, in: 0, out: 8 + 3 + 9 });
  expect(read.topMovers).toEqual([{ itemId: 'a'.repeat(24), name: 'Alpha', out: 8 }]);
  db.close();
});

/**
 * The top movers' window kept by a trigger (migration 8) and the ledger: a movement of a
 * later day takes the days the window leaves off it, a movement dated before
 * the window (a late clock) is not added, a deleted item leaves it, and a day
 * with no movement yet is answered from the item-days instead.
 */
it('moves the top movers’ window on with the movements’ days', async () => {
  const db = new Database(':memory:');
  migrate(db);
  const ids = { a: 'a'.repeat(24), b: 'b'.repeat(24), c: 'c'.repeat(24) };
  const item = db.prepare(
    `INSERT INTO items (id, name, supplier, price, quantity, created_at) VALUES (?, ?, 'S', 1, 100, 'then')`,
  );
  for (const [key, id] of Object.entries(ids)) item.run(id, key.toUpperCase());
  const move = (id: string, delta: number, day: string) => delivered(db, id, -delta, `${day}T12:00:00.000Z`);
  const window = () =>
    db.prepare('SELECT item_id, units_out FROM item_out_window ORDER BY units_out DESC, item_id').all();
  const from = () => db.prepare("SELECT value FROM meta WHERE key = 'movers_from'").pluck().get();
  const stats = sqliteStats(db);
  const top = async (day: string) =>
    (await stats.read(new Date(`${day}T18:00:00.000Z`))).topMovers.map((mover) => [mover.name, mover.out]);

  // A file migrated long before these days (the migration starts the window 29 days before its own day).
  db.prepare("UPDATE meta SET value = '2025-06-01' WHERE key = 'movers_from'").run();
  move(ids.a, -5, '2026-01-01');
  move(ids.b, -3, '2026-01-01');
  expect(from()).toBe('2025-12-03');
  expect(await top('2026-01-01')).toEqual([
    ['A', 5],
    ['B', 3],
  ]);
  move(ids.b, -4, '2026-01-21');
  expect(await top('2026-01-21')).toEqual([
    ['B', 7],
    ['A', 5],
  ]);
  // Jan 1 leaves the window (Jan 6 – Feb 4).
  move(ids.c, -1, '2026-02-04');
  expect(from()).toBe('2026-01-06');
  expect(window()).toEqual([
    { item_id: ids.b, units_out: 4 },
    { item_id: ids.c, units_out: 1 },
  ]);
  expect(await top('2026-02-04')).toEqual([
    ['B', 4],
    ['C', 1],
  ]);
  // A late clock: counted in its day, not in the window it left.
  move(ids.a, -7, '2026-01-02');
  expect(await top('2026-02-04')).toEqual([
    ['B', 4],
    ['C', 1],
  ]);
  db.prepare('DELETE FROM items WHERE id = ?').run(ids.b);
  expect(await top('2026-02-04')).toEqual([['C', 1]]);
  // Feb 5 before anything moved: the item-days of Jan 7 – Feb 5, summed (B is gone with its rows).
  expect(await top('2026-02-05')).toEqual([['C', 1]]);
  expect(await top('2026-02-20')).toEqual([['C', 1]]);
  expect(await top('2026-03-10')).toEqual([]);
  db.close();
});

/**
 * The ledger counts a batch's movements together (day-counts.ts: once per key, at the batch's end) and ends
 * as they counted one by one, and as the whole ledger counted again (countLedger): with a movement of a day
 * the top movers' window leaves for a later one in the same batch, a late clock, and an item deleted after
 * its units were held.
 */
it('counts a batch of movements together as one by one, across days the window leaves and an item deleted', () => {
  const tables = (db: Database.Database) => ({
    days: db.prepare('SELECT * FROM day_buckets ORDER BY day').all(),
    itemDays: db.prepare('SELECT * FROM item_out_days ORDER BY day, item_id').all(),
    window: db.prepare('SELECT * FROM item_out_window ORDER BY item_id').all(),
    from: db.prepare("SELECT value FROM meta WHERE key = 'movers_from'").pluck().get(),
  });
  const run = (together: boolean) => {
    const db = new Database(':memory:');
    migrate(db);
    db.prepare("UPDATE meta SET value = '2026-01-01' WHERE key = 'movers_from'").run();
    const item = db.prepare(
      `INSERT INTO items (id, name, supplier, price, quantity, created_at) VALUES (?, ?, 'S', 1, 100, 'then')`,
    );
    const [a, b, c] = ['a', 'b', 'c'].map((key) => key.repeat(24)) as [string, string, string];
    for (const id of [a, b, c]) item.run(id, id.slice(0, 1));
    const ledger = sqliteLedger(db);
    const sold = (id: string, units: number, at: string) =>
      appended(db, id, { delta: -units, reason: 'delivery', action: 'delivery.create', at }, ledger);
    const moves = () => {
      sold(a, 5, '2026-01-10T09:00:00.000Z');
      appended(db, b, { delta: 7, reason: 'restock', action: 'stock.restock', at: '2026-01-10T09:00:01.000Z' }, ledger);
      sold(b, 2, '2026-01-10T09:00:02.000Z');
      // Jan 10 leaves the window (Feb 12 – Mar 13).
      sold(a, 3, '2026-03-13T10:00:00.000Z');
      sold(c, 4, '2026-03-13T10:00:01.000Z');
      // A late clock: its day, not the window.
      sold(b, 1, '2026-01-11T10:00:00.000Z');
      sold(c, 6, '2026-03-13T10:00:02.000Z');
      db.prepare('DELETE FROM items WHERE id = ?').run(c);
      sold(a, 1, '2026-03-13T10:00:03.000Z');
    };
    if (together) db.transaction(() => ledger.countingTogether(moves))();
    else moves();
    const kept = tables(db);
    countLedger(db);
    const recounted = tables(db);
    db.close();
    return { kept, recounted };
  };
  const oneByOne = run(false);
  const batch = run(true);
  expect(batch.kept).toEqual(oneByOne.kept);
  expect(oneByOne.kept.window).toEqual([{ item_id: 'a'.repeat(24), units_out: 4 }]);
  // The whole ledger counted again agrees, but for the window's days it left (which countLedger sums anew).
  expect({ ...batch.kept, window: undefined }).toEqual({ ...batch.recounted, window: undefined });
});

/**
 * Migration 10: the audit totals are counted by the ledger (a group-committed
 * batch's once per key), not by migration 5's trigger: a version 9 file keeps
 * the totals it has and no entry is counted twice from then on.
 */
it('drops the audit counting trigger of a version 9 file; its totals are kept', () => {
  const db = new Database(':memory:');
  migrate(db, 9);
  const trigger = db
    .prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name = 'audit_counted'")
    .pluck();
  expect(trigger.get()).toBe(1);
  db.prepare(
    `INSERT INTO audit (id, at, actor_uid, actor_email, action, target_kind, target_id, target_name, item_id)
     VALUES ('a1', '2026-01-01T00:00:00.000Z', 'u', 'u@x', 'item.create', 'item', 'i1', 'Alpha', 'i1')`,
  ).run();
  const counts = () => db.prepare('SELECT key, n FROM audit_counts ORDER BY key').all();
  const before = counts();
  expect(before).toHaveLength(5);

  migrate(db);
  expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
  expect(trigger.get()).toBe(0);
  expect(counts()).toEqual(before);
  db.close();
});

/**
 * Migration 12 (issue 32): a version 10 file's day totals (units in and out) become buckets by movement
 * kind, counted again from its whole ledger, and its top movers by units delivered: a restock and its undo
 * change no bucket, a delivery and its cancel leave `out` as it was, a deleted item's units are deletions,
 * opening stock is not `in`. The triggers count on from there.
 */
it('counts a version 10 file’s ledger again into day buckets and movers by units delivered', async () => {
  const db = new Database(':memory:');
  migrate(db, 10);
  const [a, b, c] = ['a', 'b', 'c'].map((letter) => letter.repeat(24)) as [string, string, string];
  const item = db.prepare(
    `INSERT INTO items (id, name, supplier, price, quantity, created_at) VALUES (?, ?, 'S', 1, ?, 'then')`,
  );
  item.run(a, 'Cable', 10);
  item.run(b, 'Phone', 2);
  const move = db.prepare(
    `INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, at, delivery_id, undo_of)
     VALUES (?, ?, ?, 0, ?, 'u', 'u@x', ?, ?, ?)`,
  );
  const today = new Date().toISOString();
  const day = today.slice(0, 10);
  move.run('m1', a, 10, 'created', today, null, null);
  move.run('m2', a, 50, 'restock', today, null, null);
  move.run('m3', a, -50, 'undo', today, null, 'm2');
  move.run('m4', a, -3, 'delivery', today, 'd1', null);
  move.run('m5', a, 1, 'cancel', today, 'd1', null);
  move.run('m6', b, 5, 'created', today, null, null);
  move.run('m7', b, -3, 'delivery', today, 'd2', null);
  move.run('m8', b, 3, 'cancel', today, 'd2', null);
  move.run('m9', b, -3, 'adjust', today, null, null);
  move.run('m10', b, 3, 'undo', today, null, 'm9');
  move.run('m11', b, -3, 'adjust', today, null, null);
  move.run('m12', c, 12, 'created', today, null, null);
  move.run('m13', c, -12, 'deleted', today, null, null);
  move.run('m14', a, 4, 'import', today, null, null);
  move.run('m15', a, -1, 'import', today, null, null);
  // What the file's trigger counted (units in and out by the delta's sign): 75 out for 2 units sold.
  db.prepare('INSERT INTO movement_days (day, units_in, units_out) VALUES (?, ?, ?)').run(
    day,
    10 + 50 + 1 + 5 + 3 + 3 + 12 + 4,
    50 + 3 + 3 + 3 + 3 + 12 + 1,
  );
  migrate(db);
  expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
  expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'movement_days'").get()).toBeUndefined();
  const stats = sqliteStats(db);
  let read = await stats.read();
  const counted = { day, received: 4, delivered: 2, removed: 3, corrections: -1, opening: 27, deletions: 12 };
  expect(read.movementsByDay.at(-1)).toEqual({ ...counted, in: 4, out: 2 + 3 });
  // The undone restock is no mover; Phone's delivery was cancelled whole.
  expect(read.topMovers).toEqual([{ itemId: a, name: 'Cable', out: 2 }]);

  // Counted on by the ledger: another delivery of Phone, and an undo of the import that added 4.
  delivered(db, b, 1, today);
  appended(db, a, { delta: -4, reason: 'undo', action: 'stock.undo', at: today, undoOf: 'm14', undone: 'import' });
  read = await stats.read();
  expect(read.movementsByDay.at(-1)).toEqual({ ...counted, received: 0, delivered: 3, in: 0, out: 3 + 3 });
  expect(read.topMovers).toEqual([
    { itemId: a, name: 'Cable', out: 2 },
    { itemId: b, name: 'Phone', out: 1 },
  ]);
  db.close();
});

/**
 * Migration 11: low stock is a state. A version 10 file with a low item of two alerts (a duplicate), a low item
 * with none, an item above its reorder point with an old alert, and an alert of a deleted item comes out with one
 * open alert per low item, up to date, every other alert resolved, and its sends kept; a second open alert for
 * an item is refused from then on.
 */
it('brings the alerts of a version 10 file to the state: missing opened, stale resolved, duplicates folded', () => {
  const db = new Database(':memory:');
  migrate(db, 10);
  const item = db.prepare(
    `INSERT INTO items (id, name, supplier, price, quantity, min_stock, created_at, updated_at)
     VALUES (?, ?, 'Acme', 1, ?, ?, '2026-01-01T00:00:00.000Z', ?)`,
  );
  item.run('cable', 'Cable', 66, 70, '2026-01-03T00:00:00.000Z');
  item.run('plug', 'Plug', 0, 2, '2026-01-04T00:00:00.000Z');
  item.run('fan', 'Fan', 98, 70, '2026-01-05T00:00:00.000Z');
  const alert = db.prepare(
    `INSERT INTO alerts (id, item_id, item_name, kind, quantity, min_stock, at) VALUES (?, ?, ?, 'low', ?, 70, ?)`,
  );
  alert.run('a1', 'cable', 'Cable', 65, '2026-01-02T00:00:00.000Z');
  alert.run('a2', 'cable', 'Cable', 66, '2026-01-03T00:00:00.000Z');
  alert.run('a3', 'fan', 'Fan', 60, '2026-01-02T00:00:00.000Z');
  alert.run('a4', 'gone', 'Gone', 1, '2026-01-02T00:00:00.000Z');
  db.prepare(
    "INSERT INTO alert_sends (alert_seq, channel, state, attempts) SELECT seq, 'email', 'sent', 1 FROM alerts WHERE id = 'a1'",
  ).run();

  migrate(db);
  expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
  const rows = db
    .prepare(
      `SELECT id, item_id, kind, quantity, min_stock, resolved_at IS NULL AS open FROM alerts ORDER BY item_id, seq`,
    )
    .all();
  expect(rows).toEqual([
    { id: 'a1', item_id: 'cable', kind: 'low', quantity: 65, min_stock: 70, open: 0 },
    { id: 'a2', item_id: 'cable', kind: 'low', quantity: 66, min_stock: 70, open: 1 },
    { id: 'a3', item_id: 'fan', kind: 'low', quantity: 60, min_stock: 70, open: 0 },
    { id: 'a4', item_id: 'gone', kind: 'low', quantity: 1, min_stock: 70, open: 0 },
    {
      id: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
      item_id: 'plug',
      kind: 'out',
      quantity: 0,
      min_stock: 2,
      open: 1,
    },
  ]);
  // The new one is dated by its item's last change (the outbox sends only those of the last day).
  expect(db.prepare("SELECT at FROM alerts WHERE item_id = 'plug'").pluck().get()).toBe('2026-01-04T00:00:00.000Z');
  expect(db.prepare('SELECT event, channel, state FROM alert_sends').all()).toEqual([
    { event: 'opened', channel: 'email', state: 'sent' },
  ]);
  expect(() => alert.run('a5', 'cable', 'Cable', 66, '2026-01-06T00:00:00.000Z')).toThrow(/UNIQUE/);
  db.close();
});

/**
 * Migration 13 (issue 32): a PUT's change of the quantity is an `edit` (a correction either way), no longer an
 * `adjust` (the stock form's removal). A version 12 file's `adjust` movements become `edit` by a sure sign only:
 * their `item.update` audit entry, or a delta above 0 (the stock form's additions were always `restock`); the
 * stock form's removal, and a lowering with no audit entry (from before the audit: nothing tells it from a
 * removal), stay `adjust`. The triggers are made again from the table (the file's refused `edit`), and the
 * days are counted again: the PUT's lowering and its undo move from removed to corrections.
 */
it('makes a version 12 file’s PUT-made `adjust` movements `edit`, and counts its days again', async () => {
  const db = new Database(':memory:');
  migrate(db, 12);
  // The reason checks as the version before made them, from a table without `edit`.
  for (const name of ['movements_reason_checked', 'movements_reason_checked_update']) {
    db.exec(`DROP TRIGGER ${name}`);
    db.exec(LEDGER_TRIGGERS[name]!.replaceAll(", 'edit'", ''));
  }
  const cable = 'c'.repeat(24);
  db.prepare(
    `INSERT INTO items (id, name, supplier, price, quantity, created_at) VALUES (?, 'Cable', 'S', 1, 12, 'then')`,
  ).run(cable);
  const move = db.prepare(
    `INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, note, at, undo_of)
     VALUES (?, ?, ?, 0, ?, 'u', 'u@x', ?, ?, ?)`,
  );
  const audit = db.prepare(
    `INSERT INTO audit (id, at, actor_uid, actor_email, action, target_kind, target_id, target_name, item_id, movement_id)
     VALUES (?, ?, 'u', 'u@x', ?, 'item', ?, 'Cable', ?, ?)`,
  );
  const today = new Date().toISOString();
  const day = today.slice(0, 10);
  move.run('m1', cable, 10, 'created', null, today, null);
  move.run('m2', cable, -3, 'adjust', null, today, null);
  audit.run('a2', today, 'item.update', cable, cable, 'm2');
  move.run('m3', cable, 5, 'adjust', null, today, null);
  move.run('m4', cable, -2, 'adjust', 'Broken', today, null);
  audit.run('a4', today, 'stock.remove', cable, cable, 'm4');
  move.run('m5', cable, -1, 'adjust', null, today, null);
  move.run('m6', cable, 3, 'undo', null, today, 'm2');
  audit.run('a6', today, 'stock.undo', cable, cable, 'm6');
  // An import's update has an `item.update` entry too: its movement is no `adjust`, and stays as it is.
  move.run('m7', cable, 4, 'import', null, today, null);
  audit.run('a7', today, 'item.update', cable, cable, 'm7');
  expect(() => move.run('x', cable, 1, 'edit', null, today, null)).toThrow(/CHECK constraint failed/);
  const buckets = () =>
    db
      .prepare('SELECT received, delivered, removed, corrections, opening, deletions FROM day_buckets WHERE day = ?')
      .get(day);
  // As the version before counted them: the PUT's lowering as removed, and so its undo.
  db.prepare('INSERT INTO day_buckets VALUES (?, ?, ?, ?, ?, ?, ?)').run(day, 4, 0, 3 + 2 + 1 - 3, 5, 10, 0);

  migrate(db);
  expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
  expect(db.prepare('SELECT id, reason FROM movements ORDER BY seq').all()).toEqual([
    { id: 'm1', reason: 'created' },
    { id: 'm2', reason: 'edit' },
    { id: 'm3', reason: 'edit' },
    { id: 'm4', reason: 'adjust' },
    { id: 'm5', reason: 'adjust' },
    { id: 'm6', reason: 'undo' },
    { id: 'm7', reason: 'import' },
  ]);
  const counted = { received: 4, delivered: 0, removed: 2 + 1, corrections: -3 + 5 + 3, opening: 10, deletions: 0 };
  expect(buckets()).toEqual(counted);
  const stats = await sqliteStats(db).read();
  expect(stats.movementsByDay.at(-1)).toEqual({ day, ...counted, in: 4, out: 3 });

  // The reason checks know `edit` now, and the ledger counts it as a correction.
  appended(db, cable, { delta: -4, reason: 'edit', action: 'item.update', at: today });
  expect(buckets()).toEqual({ ...counted, corrections: counted.corrections - 4 });
  db.close();
});

/** Migration 15 (issue 33): a removal's reason beside its movement; older rows have none and still read. */
it('adds the removal reason column to the movements of an older file, which keep reading without one', () => {
  const db = new Database(':memory:');
  migrate(db, 12);
  db.prepare(
    `INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, note, at)
     VALUES ('m1', ?, -2, 3, 'adjust', 'u', 'u@x', 'old note', '2026-01-01T00:00:00.000Z')`,
  ).run('a'.repeat(24));
  migrate(db);
  expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
  const row = db.prepare("SELECT * FROM movements WHERE id = 'm1'").get() as MovementRow;
  expect(row.why).toBeNull();
  expect(toMovement(row)).toMatchObject({ reason: 'adjust', delta: -2, note: 'old note' });
  expect(toMovement(row)).not.toHaveProperty('why');
  db.close();
});

/**
 * Migration 20 (issue 34): the locations' tree with its root Main, and the audit made again without the CHECK
 * that named its kinds of target: every entry kept with its seq, the seqs going on after the highest, the
 * indexes back, and an entry about a location accepted.
 */
it('keeps every audit entry of a version 19 file, makes Main, and takes entries about a location', () => {
  const db = new Database(':memory:');
  migrate(db, 19);
  const insert = db.prepare(
    `INSERT INTO audit (id, at, actor_uid, actor_email, action, target_kind, target_id, target_name, item_id,
                        changes_json, reason, movement_id, request_id)
     VALUES (?, ?, 'u', 'u@x', ?, ?, 'i1', 'Alpha', ?, '{"quantity":[1,2]}', 'why', 'm1', 'req')`,
  );
  insert.run('a1', '2026-01-01T00:00:00.000Z', 'item.create', 'item', 'i1');
  insert.run('a2', '2026-01-02T00:00:00.000Z', 'member.add', 'member', null);
  insert.run('a3', '2026-01-03T00:00:00.000Z', 'stock.restock', 'item', 'i1');
  db.prepare("DELETE FROM audit WHERE id = 'a3'").run();
  const rows = () => db.prepare('SELECT * FROM audit ORDER BY seq').all();
  const before = rows();
  expect(() => insert.run('x', '2026-01-04T00:00:00.000Z', 'location.create', 'location', null)).toThrow(/CHECK/);

  migrate(db);
  expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
  expect(rows()).toEqual(before);
  insert.run('a4', '2026-01-04T00:00:00.000Z', 'location.create', 'location', null);
  expect(db.prepare("SELECT seq FROM audit WHERE id = 'a4'").pluck().get()).toBe(4);
  const indexes = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'audit' AND sql IS NOT NULL")
    .pluck()
    .all();
  expect(indexes.sort()).toEqual([
    'audit_by_action',
    'audit_by_actor',
    'audit_by_actor_action',
    'audit_by_at',
    'audit_by_item',
  ]);
  expect(db.prepare('SELECT id, name, parent_id, path, depth FROM locations').all()).toEqual([
    { id: '000000000000000000000001', name: 'Main', parent_id: null, path: 'Main', depth: 0 },
  ]);
  db.close();
});

it('puts every unit of a version 20 file at Main: no row per location, no movement made, and the CHECKs hold', () => {
  const db = new Database(':memory:');
  migrate(db, 20);
  db.prepare(
    `INSERT INTO items (id, name, supplier, price, quantity, created_at, updated_at, version)
     VALUES ('i1', 'Alpha', 'S', 1, 12, 'then', 'then', 1)`,
  ).run();
  db.prepare(
    `INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, at)
     VALUES ('m1', 'i1', 12, 12, 'restock', 'u', 'u@x', '2026-01-01T00:00:00.000Z')`,
  ).run();
  const movements = () => db.prepare('SELECT id, delta, reason FROM movements ORDER BY seq').all();
  const before = movements();

  migrate(db);
  expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
  expect(movements()).toEqual(before);
  expect(db.prepare("SELECT quantity, placed FROM items WHERE id = 'i1'").get()).toEqual({ quantity: 12, placed: 0 });
  expect(db.prepare('SELECT COUNT(*) FROM item_stock').pluck().get()).toBe(0);
  expect(db.prepare('SELECT places_json FROM movements').pluck().all()).toEqual([null]);
  // Main never below 0; no row for Main, none at 0 or below.
  expect(() => db.prepare("UPDATE items SET placed = 13 WHERE id = 'i1'").run()).toThrow(/CHECK/);
  const place = db.prepare("INSERT INTO item_stock (item_id, location_id, quantity) VALUES ('i1', ?, ?)");
  expect(() => place.run('000000000000000000000001', 1)).toThrow(/CHECK/);
  expect(() => place.run('b'.repeat(24), -1)).toThrow(/CHECK/);
  db.close();
});

it('keeps a version 21 file’s items in the trigram index; an item marked to wait is indexed when its mark goes', () => {
  const db = new Database(':memory:');
  migrate(db, 21);
  const add = db.prepare(
    `INSERT INTO items (id, name, supplier, price, quantity, created_at, updated_at, version)
     VALUES (?, ?, 'S', 1, 1, 'then', 'then', 1)`,
  );
  add.run('i1', 'Alpha widget');
  migrate(db);
  const found = (words: string) =>
    db
      .prepare<[string], string>(
        'SELECT i.id FROM items_search JOIN items i ON i.seq = items_search.rowid WHERE items_search MATCH ?',
      )
      .pluck()
      .all(`"${words}"`);
  expect(found('pha wid')).toEqual(['i1']);
  db.prepare(
    `INSERT INTO items (id, name, supplier, price, quantity, created_at, updated_at, version, search_later)
     VALUES ('i2', 'Beta widget', 'S', 1, 1, 'then', 'then', 1, 'job')`,
  ).run();
  expect(found('widget')).toEqual(['i1']);
  // Renamed while it waits: the index holds nothing of it to take out; then its mark goes and it is found.
  db.prepare("UPDATE items SET name = 'Gamma widget' WHERE id = 'i2'").run();
  db.prepare("UPDATE items SET search_later = NULL WHERE id = 'i2'").run();
  expect(found('widget').sort()).toEqual(['i1', 'i2']);
  expect(found('beta')).toEqual([]);
  // Renamed and deleted once indexed, as before.
  db.prepare("UPDATE items SET name = 'Delta widget' WHERE id = 'i2'").run();
  expect(found('gamma')).toEqual([]);
  db.prepare("DELETE FROM items WHERE id = 'i1'").run();
  expect(found('widget')).toEqual(['i2']);
  // The index agrees with the items, row for row (FTS5's check against its content table).
  expect(() =>
    db.prepare("INSERT INTO items_search (items_search, rank) VALUES ('integrity-check', 1)").run(),
  ).not.toThrow();
  db.close();
});
