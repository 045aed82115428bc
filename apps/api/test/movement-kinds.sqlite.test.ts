import Database from 'better-sqlite3';
import {
  DAY_BUCKETS,
  dayTotalsOf,
  MOVEMENT_REASONS,
  ZERO_DELTA_REASONS,
  type DayBucket,
  type MovementReason,
} from '@smart-zone/types/movement-kinds';
import { migrate, SCHEMA_VERSION } from '../src/store/sqlite/schema';
import { countLedger, LEDGER_TRIGGERS, syncLedgerTriggers } from '../src/store/sqlite/schema-stats';

/**
 * SQLite's side of the movement kinds table (decision 017): its triggers are
 * made from the table (schema-stats.ts), made again at open when a file holds
 * another text, and the ledger counted again in SQL (countLedger, a migration's) counts each reason, each
 * way, as dayTotalsOf says (by which the ledger adds each movement as it is appended: day-counts.ts).
 */
const ITEM = 'a'.repeat(24);
let seq = 0;

function file() {
  const db = new Database(':memory:');
  migrate(db);
  db.prepare(
    `INSERT INTO items (id, name, supplier, price, quantity, created_at) VALUES (?, 'A', 'S', 1, 100, 'then')`,
  ).run(ITEM);
  return db;
}

const insertMovement = (
  db: Database.Database,
  reason: string,
  delta: number,
  at = new Date().toISOString(),
  undoOf?: string,
) =>
  db
    .prepare(
      `INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, at, undo_of)
       VALUES (?, ?, ?, 50, ?, 'u', 'u@x', ?, ?)`,
    )
    .run(`m${(seq += 1)}`, ITEM, delta, reason, at, reason === 'undo' ? (undoOf ?? `undone-${seq}`) : null);

function counted(db: Database.Database, day: string) {
  countLedger(db);
  const days = db
    .prepare<[string], Record<DayBucket, number>>(`SELECT ${DAY_BUCKETS.join(', ')} FROM day_buckets WHERE day = ?`)
    .get(day);
  const item = db
    .prepare<[string, string], { units_out: number }>(
      'SELECT units_out FROM item_out_days WHERE day = ? AND item_id = ?',
    )
    .get(day, ITEM);
  const window = db
    .prepare<[string], { units_out: number }>('SELECT units_out FROM item_out_window WHERE item_id = ?')
    .get(ITEM);
  return {
    ...(days ?? (Object.fromEntries(DAY_BUCKETS.map((bucket) => [bucket, 0])) as Record<DayBucket, number>)),
    itemOut: item?.units_out ?? 0,
    window: window?.units_out ?? 0,
  };
}

it('counts a ledger again with a movement of each reason, each way, as the table says (dayTotalsOf); an undo by its movement', () => {
  const db = file();
  const day = new Date().toISOString().slice(0, 10);
  const check = (reason: string, delta: number, undone?: MovementReason) => {
    const before = counted(db, day);
    insertMovement(db, reason, delta, undefined, undone && `m${seq}`);
    const share = dayTotalsOf(reason as MovementReason, delta, undone);
    expect([reason, delta, undone, counted(db, day)]).toEqual([
      reason,
      delta,
      undone,
      {
        ...Object.fromEntries(DAY_BUCKETS.map((bucket) => [bucket, before[bucket] + share[bucket]])),
        itemOut: before.itemOut + share.itemOut,
        window: before.window + share.itemOut,
      },
    ]);
  };
  for (const reason of MOVEMENT_REASONS) {
    for (const delta of [-7, 0, 7]) {
      if (delta === 0 && !ZERO_DELTA_REASONS.includes(reason)) {
        const before = counted(db, day);
        expect(() => insertMovement(db, reason, delta)).toThrow(/CHECK constraint failed/);
        expect(counted(db, day)).toEqual(before);
        continue;
      }
      check(reason, delta);
      // Its undo, right after it (the movement before the undo: m${seq}).
      if (reason !== 'undo' && delta !== 0) check('undo', -delta, reason);
    }
  }
  db.close();
});

it('refuses a movement of a reason the table does not name, on insert and on update', () => {
  const db = file();
  expect(() => insertMovement(db, 'gift', 3)).toThrow(/CHECK constraint failed/);
  insertMovement(db, 'restock', 3);
  expect(() => db.prepare("UPDATE movements SET reason = 'gift' WHERE id = ?").run(`m${seq}`)).toThrow(
    /CHECK constraint failed/,
  );
  expect(() => db.prepare('UPDATE movements SET delta = 0 WHERE id = ?').run(`m${seq}`)).toThrow(
    /CHECK constraint failed/,
  );
  db.close();
});

/** What a file counted with before the table (migration 8's trigger): made again from the table at open. */
it('makes the triggers again when a file holds another text, once', () => {
  const db = file();
  expect(syncLedgerTriggers(db)).toEqual([]);
  db.exec('DROP TRIGGER movers_window_moved');
  db.exec(`CREATE TRIGGER movers_window_moved AFTER INSERT ON movements BEGIN
  UPDATE meta SET value = substr(new.at, 1, 10) WHERE key = 'movers_from';
END`);
  db.exec('DROP TRIGGER movements_reason_checked');
  migrate(db);
  const stored = db
    .prepare<[], { name: string; sql: string }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'movements'",
    )
    .all();
  expect(Object.fromEntries(stored.map((trigger) => [trigger.name, trigger.sql]))).toEqual(LEDGER_TRIGGERS);
  expect(syncLedgerTriggers(db)).toEqual([]);
  db.close();
});

/**
 * Migration 9 makes the movements table again without migration 7's reason
 * CHECK (the trigger made from the table checks instead): every row is kept
 * with its seq and undo link, the indexes are back, and it counts from then on.
 */
it('keeps every movement of a version 8 file, then checks and counts by the table', () => {
  const db = new Database(':memory:');
  migrate(db, 8);
  const insert = db.prepare(
    `INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, note, at, undo_of)
     VALUES (?, ?, ?, ?, ?, 'u', 'u@x', ?, ?, ?)`,
  );
  insert.run('m1', ITEM, 5, 5, 'created', null, '2026-01-01T00:00:00.000Z', null);
  insert.run('m2', ITEM, 3, 8, 'restock', 'pallet', '2026-01-02T00:00:00.000Z', null);
  insert.run('m3', ITEM, -3, 5, 'undo', null, '2026-01-02T00:00:00.000Z', 'm2');
  insert.run('m4', ITEM, -5, 0, 'deleted', null, '2026-01-03T00:00:00.000Z', null);
  db.prepare("DELETE FROM movements WHERE id = 'm4'").run();
  const before = db.prepare('SELECT * FROM movements ORDER BY seq').all();
  expect(() => insert.run('x', ITEM, 1, 1, 'transfer', null, 'now', null)).toThrow(/CHECK constraint failed/);

  migrate(db);
  expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
  // Every row kept as it was; migration 15 adds the removal's reason (none on these).
  expect(db.prepare('SELECT * FROM movements ORDER BY seq').all()).toEqual(
    before.map((row) => ({ ...(row as object), why: null, places_json: null })),
  );
  const indexes = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'movements' AND sql IS NOT NULL ORDER BY name",
    )
    .pluck()
    .all();
  expect(indexes).toEqual(['movements_by_at', 'movements_by_item', 'movements_undone']);
  // AUTOINCREMENT goes on past the highest seq ever used (m4's); the undo link and its uniqueness hold.
  insert.run('m5', ITEM, -2, 3, 'delivery', null, '2026-01-04T00:00:00.000Z', null);
  expect(db.prepare("SELECT seq FROM movements WHERE id = 'm5'").pluck().get()).toBe(5);
  expect(() => insert.run('m6', ITEM, 3, 6, 'undo', null, 'now', 'm3')).not.toThrow();
  expect(() => insert.run('m7', ITEM, 3, 6, 'undo', null, 'now', 'm3')).toThrow(/UNIQUE/);
  expect(() => insert.run('m8', ITEM, 3, 6, 'undo', null, 'now', null)).toThrow(/CHECK/);
  expect(() => insert.run('x', ITEM, 1, 1, 'gift', null, 'now', null)).toThrow(/CHECK constraint failed/);
  // Counted by the table when the ledger is counted again (the ledger adds a movement it appends itself).
  countLedger(db);
  expect(db.prepare("SELECT delivered, removed FROM day_buckets WHERE day = '2026-01-04'").get()).toEqual({
    delivered: 2,
    removed: 0,
  });
  // Migration 12 counted the version 8 ledger: the restock of Jan 2 and its undo change no bucket.
  expect(db.prepare("SELECT received, opening FROM day_buckets WHERE day = '2026-01-02'").get()).toEqual({
    received: 0,
    opening: 0,
  });
  db.close();
});
