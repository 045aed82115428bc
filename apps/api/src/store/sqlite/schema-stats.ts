import type Database from 'better-sqlite3';
import {
  BUCKET_SIGNS,
  DAY_BUCKETS,
  KIND_COUNTS,
  MOVEMENT_KIND_NAMES,
  MOVEMENT_REASONS,
  reasonsOfKind,
  ZERO_DELTA_REASONS,
  type MovementKind,
  type MovementReason,
} from '@smart-zone/types/movement-kinds';
import { STATS_DAYS } from '@smart-zone/types/stats';

/**
 * What the movement kinds table (packages/types movement-kinds.ts) says, as
 * SQL: which reasons a movement may have, and what it adds to the
 * dashboard's day buckets, as dayTotalsOf says (by which both ledgers add each movement's share as it is
 * appended: day-counts.ts here). The triggers below are made from it, and made again when they differ
 * from what a file holds (syncLedgerTriggers, at every open): a reason added
 * to the table needs no migration here. Totals already counted stay as they were counted: a change of
 * how an existing reason counts needs a migration that counts the ledger again (countLedger, SQL made
 * from the table).
 */
const quoted = (reasons: readonly MovementReason[]) => reasons.map((reason) => `'${reason}'`).join(', ');

/**
 * A movement as it counts (countedKindOf), a row `c` of: its day, item, delta, the reason it counts by and
 * the way (`way`'s sign) it goes; an undo counts by the movement it takes back (`u`, joined on undo_of), the
 * way that one went. `m`: the movement.
 */
const countedColumns = (m: string) => `substr(${m}.at, 1, 10) AS day, ${m}.item_id AS item_id, ${m}.delta AS delta,
    coalesce(u.reason, ${m}.reason) AS reason, CASE WHEN u.reason IS NULL THEN ${m}.delta ELSE -${m}.delta END AS way`;
const undoneOf = (m: string) => `LEFT JOIN movements u ON ${m}.reason = 'undo' AND u.id = ${m}.undo_of`;
const COUNTED_LEDGER = `SELECT ${countedColumns('m')} FROM movements m ${undoneOf('m')}`;

/** Row `c`'s units in the kinds that pass `test`, each signed as its bucket counts (BUCKET_SIGNS), else 0. */
function unitsOf(test: (kind: MovementKind) => boolean): string {
  const whens = MOVEMENT_KIND_NAMES.flatMap((kind) => {
    const { bucket } = KIND_COUNTS[kind];
    if (bucket === null || !test(kind)) return [];
    const ways = (['in', 'out'] as const).flatMap((way) => {
      const reasons = reasonsOfKind(way, (its) => its === kind);
      return reasons.length ? [`(c.way ${way === 'in' ? '>' : '<'} 0 AND c.reason IN (${quoted(reasons)}))`] : [];
    });
    return ways.length ? [`WHEN ${ways.join(' OR ')} THEN ${BUCKET_SIGNS[bucket] < 0 ? '-' : ''}c.delta`] : [];
  });
  return whens.length ? `CASE ${whens.join(' ')} ELSE 0 END` : '0';
}
/** Each bucket's units, in DAY_BUCKETS' order; the item's units delivered (the top movers). */
const BUCKET_UNITS = DAY_BUCKETS.map((bucket) => unitsOf((kind) => KIND_COUNTS[kind].bucket === bucket));
const ITEM_OUT = unitsOf((kind) => KIND_COUNTS[kind].topMovers);
const BUCKET_COLUMNS = DAY_BUCKETS.join(', ');

/**
 * Issue 22: the dashboard's totals (GET /api/stats), kept by triggers in each
 * write's own transaction, whichever connection makes it (the import worker's
 * too), and filled here from what the file holds. `stock_totals`: the items'
 * count, units and value in cents (each price rounded to the cent, so sums
 * never drift). `movement_days`: units in and out per UTC day, as the movement
 * kinds count them. `item_out_days`: each item's units out per
 * day; `item_out_window`: their sums over the window that ends with the last
 * movement's day, indexed by size (the top movers: five index entries, not
 * a sum over every item-day). A deleted item's rows go with it. The ledger counts each movement
 * (day-counts.ts; a trigger until migration 17); movers_window_moved, below,
 * moves the top movers' window on with the first movement of a later day.
 */
const CENTS = (row: string) => `CAST(round(${row}.price * 100) AS INTEGER) * ${row}.quantity`;
export const V8_STATS = `
CREATE TABLE stock_totals (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  items       INTEGER NOT NULL,
  units       INTEGER NOT NULL,
  value_cents INTEGER NOT NULL
);
INSERT INTO stock_totals (id, items, units, value_cents)
  SELECT 1, COUNT(*), COALESCE(SUM(quantity), 0), COALESCE(SUM(${CENTS('items')}), 0) FROM items;
CREATE TRIGGER stock_totals_insert AFTER INSERT ON items BEGIN
  UPDATE stock_totals SET items = items + 1, units = units + new.quantity, value_cents = value_cents + ${CENTS('new')};
END;
CREATE TRIGGER stock_totals_delete AFTER DELETE ON items BEGIN
  UPDATE stock_totals SET items = items - 1, units = units - old.quantity, value_cents = value_cents - ${CENTS('old')};
END;
CREATE TRIGGER stock_totals_update AFTER UPDATE OF quantity, price ON items
  WHEN new.quantity <> old.quantity OR new.price <> old.price BEGIN
  UPDATE stock_totals SET units = units + new.quantity - old.quantity,
    value_cents = value_cents + ${CENTS('new')} - ${CENTS('old')};
END;

CREATE TABLE movement_days (
  day       TEXT    NOT NULL PRIMARY KEY,
  units_in  INTEGER NOT NULL,
  units_out INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE item_out_days (
  day       TEXT    NOT NULL,
  item_id   TEXT    NOT NULL,
  units_out INTEGER NOT NULL,
  PRIMARY KEY (day, item_id)
) WITHOUT ROWID;
CREATE INDEX item_out_days_by_item ON item_out_days (item_id);
-- The top movers' window, kept summed per item: item_out_window holds each item's units out from
-- meta.movers_from (the window's first day) on. A movement of a later day moves the window on first:
-- the days it leaves are taken off (their item_out_days rows, an index range), then the movement is added.
INSERT INTO meta (key, value) VALUES ('movers_from', date('now', '-${STATS_DAYS - 1} days'))
  ON CONFLICT (key) DO UPDATE SET value = excluded.value;
CREATE TABLE item_out_window (
  item_id   TEXT    NOT NULL PRIMARY KEY,
  units_out INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX item_out_window_top ON item_out_window (units_out DESC, item_id);
CREATE TRIGGER item_out_days_forgotten AFTER DELETE ON items BEGIN
  DELETE FROM item_out_days WHERE item_id = old.id;
  DELETE FROM item_out_window WHERE item_id = old.id;
END;
`;

/**
 * Issue 32: the day totals as buckets (DAY_BUCKETS), one column each, in place of migration 8's units in and
 * out; counted from the whole ledger (countLedger), as are the top movers (units delivered now).
 */
export const V12_DAY_BUCKETS = `
DROP TABLE movement_days;
CREATE TABLE day_buckets (
  day TEXT NOT NULL PRIMARY KEY,
  ${DAY_BUCKETS.map((bucket) => `${bucket} INTEGER NOT NULL`).join(',\n  ')}
) WITHOUT ROWID;
`;

/**
 * The day buckets and the top movers counted again from the whole ledger, as
 * the table counts each movement now: migration 12, and any later migration
 * that changes how an existing reason counts. A deleted item's movements count
 * in their days, not among the movers.
 */
export function countLedger(db: Database.Database): void {
  db.exec(`
DELETE FROM day_buckets;
DELETE FROM item_out_days;
DELETE FROM item_out_window;
INSERT INTO day_buckets (day, ${BUCKET_COLUMNS})
  SELECT c.day, ${BUCKET_UNITS.map((units) => `SUM(${units})`).join(', ')} FROM (${COUNTED_LEDGER}) c GROUP BY c.day;
INSERT INTO item_out_days (day, item_id, units_out)
  SELECT c.day, c.item_id, SUM(${ITEM_OUT}) FROM (${COUNTED_LEDGER}) c
   WHERE ${ITEM_OUT} <> 0 AND EXISTS (SELECT 1 FROM items i WHERE i.id = c.item_id)
   GROUP BY c.day, c.item_id;
INSERT INTO item_out_window (item_id, units_out)
  SELECT item_id, SUM(units_out) FROM item_out_days
   WHERE day >= (SELECT value FROM meta WHERE key = 'movers_from') GROUP BY item_id;
`);
}

/**
 * Issue 32: a PUT's change of the quantity has a reason of its own, `edit` (a correction either way), where
 * it was `adjust`, the stock form's removal (counted as removed when it lowered the quantity). Past `adjust`
 * movements a PUT made become `edit`, by a sure sign only: the `item.update` audit entry linked to the
 * movement (every PUT's since migration 5), or a delta above 0 (the stock form's additions were always
 * `restock`). A removal from before the audit (no entry) cannot be told from a PUT's and stays `adjust`,
 * counted as it was. The triggers are made from the table first (the file's may not know `edit`), and the
 * ledger is counted again after (countLedger).
 */
export function reclassifyEdits(db: Database.Database): void {
  syncLedgerTriggers(db);
  db.exec(`
UPDATE movements SET reason = 'edit'
 WHERE reason = 'adjust'
   AND (delta > 0 OR id IN (SELECT movement_id FROM audit WHERE action = 'item.update' AND movement_id IS NOT NULL));
`);
  countLedger(db);
}

/**
 * Issue 31: the movements table made again without its reason CHECK (it named
 * every reason, so each new one would have made the table again): which
 * reasons, and which may move 0, are movements_reason_checked's, made from the
 * table. Rows, seqs and indexes kept, as migration 7 did; the counting trigger
 * went with the old table and is made again after (syncLedgerTriggers).
 */
export const V9_MOVEMENT_KINDS = `
CREATE TABLE movements_v9 (
  seq            INTEGER PRIMARY KEY AUTOINCREMENT,
  id             TEXT    NOT NULL UNIQUE,
  item_id        TEXT    NOT NULL,
  delta          INTEGER NOT NULL,
  quantity_after INTEGER NOT NULL CHECK (quantity_after >= 0),
  reason         TEXT    NOT NULL,
  actor_uid      TEXT    NOT NULL,
  actor_email    TEXT    NOT NULL,
  delivery_id    TEXT,
  note           TEXT,
  item_json      TEXT,
  at             TEXT    NOT NULL,
  undo_of        TEXT,
  CHECK ((reason = 'undo') = (undo_of IS NOT NULL))
);
INSERT INTO movements_v9 (seq, id, item_id, delta, quantity_after, reason, actor_uid, actor_email, delivery_id, note, item_json, at, undo_of)
  SELECT seq, id, item_id, delta, quantity_after, reason, actor_uid, actor_email, delivery_id, note, item_json, at, undo_of
  FROM movements ORDER BY seq;
DELETE FROM sqlite_sequence WHERE name = 'movements_v9';
INSERT INTO sqlite_sequence (name, seq) SELECT 'movements_v9', seq FROM sqlite_sequence WHERE name = 'movements';
DROP TABLE movements;
ALTER TABLE movements_v9 RENAME TO movements;
CREATE INDEX movements_by_item ON movements (item_id, seq);
CREATE INDEX movements_by_at ON movements (at, seq);
CREATE UNIQUE INDEX movements_undone ON movements (undo_of) WHERE undo_of IS NOT NULL;
`;

/** A movement of a reason the table does not name, or of 0 units where its reason may not be, is refused. */
const refusedMovement = (
  on: string,
) => `CREATE TRIGGER movements_reason_checked${on === 'INSERT' ? '' : '_update'} BEFORE ${on} ON movements
  WHEN new.reason NOT IN (${quoted(MOVEMENT_REASONS)}) OR (new.delta = 0 AND new.reason NOT IN (${quoted(ZERO_DELTA_REASONS)}))
BEGIN
  SELECT RAISE(ABORT, 'CHECK constraint failed: the reason of a movement, or its delta of 0 (movement-kinds.ts)');
END`;

/** The first day of the top movers' window that ends with the movement's day. */
const windowFrom = `date(substr(new.at, 1, 10), '-${STATS_DAYS - 1} days')`;

/**
 * The top movers' window moves on, only with the first movement of a later day
 * (the others skip these statements): the days before its new first day are
 * taken off, and emptied rows dropped. The ledger adds the movement's own units after its insert
 * (day-counts.ts): its day is never one the window leaves, and it is added when its day is in the window.
 */
const MOVERS_WINDOW_MOVED = `CREATE TRIGGER movers_window_moved AFTER INSERT ON movements
  WHEN ${windowFrom} > (SELECT value FROM meta WHERE key = 'movers_from') BEGIN
  INSERT INTO item_out_window (item_id, units_out)
    SELECT item_id, -SUM(units_out) FROM item_out_days
     WHERE day >= (SELECT value FROM meta WHERE key = 'movers_from') AND day < ${windowFrom}
     GROUP BY item_id
    ON CONFLICT (item_id) DO UPDATE SET units_out = units_out + excluded.units_out;
  DELETE FROM item_out_window WHERE units_out <= 0;
  UPDATE meta SET value = ${windowFrom} WHERE key = 'movers_from';
END`;

/** The triggers made from the movement kinds table, by name: what a file at the last version must hold. */
export const LEDGER_TRIGGERS: Readonly<Record<string, string>> = {
  movements_reason_checked: refusedMovement('INSERT'),
  movements_reason_checked_update: refusedMovement('UPDATE OF reason, delta'),
  movers_window_moved: MOVERS_WINDOW_MOVED,
};

/**
 * Makes each of LEDGER_TRIGGERS (or of those `names`) again where the file holds another text (or
 * none), in one write transaction (another process opening the file at the
 * same time waits, then finds them made); a file that holds them all is only
 * read. Answers the names it made.
 */
export function syncLedgerTriggers(db: Database.Database, names = Object.keys(LEDGER_TRIGGERS)): string[] {
  const stored = db
    .prepare<[string], string>("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?")
    .pluck();
  const differing = () =>
    Object.entries(LEDGER_TRIGGERS).filter(([name, sql]) => names.includes(name) && stored.get(name) !== sql);
  if (differing().length === 0) return [];
  return db
    .transaction(() =>
      differing().map(([name, sql]) => {
        db.exec(`DROP TRIGGER IF EXISTS ${name}`);
        db.exec(sql);
        return name;
      }),
    )
    .immediate();
}

/** Migration 9: the movements table made again with a row per reason checked by trigger (V9_MOVEMENT_KINDS). */
export function movementKinds(db: Database.Database): void {
  db.exec(V9_MOVEMENT_KINDS);
  syncLedgerTriggers(db);
}

/** Migration 12: the day totals in buckets by movement kind, the ledger counted again. */
export function dayBuckets(db: Database.Database): void {
  db.exec(V12_DAY_BUCKETS);
  syncLedgerTriggers(db);
  countLedger(db);
}
