import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import { dayBuckets, movementKinds, reclassifyEdits, syncLedgerTriggers, V8_STATS } from './schema-stats';
import { alertState } from './schema-alerts';
import { DELIVERIES_CANCELLED_KEPT, PEOPLE_TABLE, V5_TEAM_AUDIT } from './schema-team';
import { IDEMPOTENCY_TABLE } from './sqlite-idempotency';
import { codesTable, searchLater } from './schema-codes';
import { IMPORT_JOBS } from './schema-imports';
import { createLocations, DEFAULT_LOCATION, STOCK_PER_LOCATION } from './schema-locations';
import { createGrams } from './short-search';
import { COUNT_TABLES } from './schema-counts';

/**
 * The schema, as numbered migrations recorded in PRAGMA user_version, each run once in its own transaction.
 * CHECK constraints are the last line of defence: even a bug above cannot store negative stock.
 * `seq` keeps insertion order (the default list order) independent of ids.
 */
const V1_TABLES = `
CREATE TABLE IF NOT EXISTS items (
  seq         INTEGER PRIMARY KEY AUTOINCREMENT,
  id          TEXT    NOT NULL UNIQUE,
  name        TEXT    NOT NULL,
  supplier    TEXT    NOT NULL,
  price       REAL    NOT NULL CHECK (price >= 0),
  quantity    INTEGER NOT NULL CHECK (quantity >= 0),
  description TEXT    NOT NULL DEFAULT '',
  img         TEXT    NOT NULL DEFAULT '',
  created_at  TEXT    NOT NULL
);

CREATE TABLE IF NOT EXISTS deliveries (
  seq            INTEGER PRIMARY KEY AUTOINCREMENT,
  id             TEXT    NOT NULL UNIQUE,
  email          TEXT    NOT NULL,
  name           TEXT    NOT NULL,
  inventory      TEXT    NOT NULL,
  inventories_id TEXT    NOT NULL,
  address        TEXT    NOT NULL,
  phone          TEXT    NOT NULL,
  quantity       INTEGER NOT NULL CHECK (quantity >= 1),
  created_at     TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS deliveries_by_email ON deliveries (email, seq);

CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;

/**
 * Issue 8: who changed what (actors, versions), the stock ledger, deliveries
 * owned by uid and soft-cancelled, an index for every list query, and
 * trigram full-text search over name and supplier.
 */
const V2_LEDGER = `
ALTER TABLE items ADD COLUMN updated_at       TEXT    NOT NULL DEFAULT '';
ALTER TABLE items ADD COLUMN version          INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE items ADD COLUMN created_by_uid   TEXT    NOT NULL DEFAULT '${SYSTEM_ACTOR.uid}';
ALTER TABLE items ADD COLUMN created_by_email TEXT    NOT NULL DEFAULT '${SYSTEM_ACTOR.email}';
ALTER TABLE items ADD COLUMN updated_by_uid   TEXT    NOT NULL DEFAULT '${SYSTEM_ACTOR.uid}';
ALTER TABLE items ADD COLUMN updated_by_email TEXT    NOT NULL DEFAULT '${SYSTEM_ACTOR.email}';
UPDATE items SET updated_at = created_at WHERE updated_at = '';

CREATE INDEX items_by_name     ON items (name COLLATE NOCASE, seq);
CREATE INDEX items_by_price    ON items (price, seq);
CREATE INDEX items_by_quantity ON items (quantity, seq);

-- Deliveries made before this version belong to no uid (''): nobody who later
-- takes their email can see or cancel them; they stay in the file.
ALTER TABLE deliveries ADD COLUMN uid          TEXT NOT NULL DEFAULT '';
ALTER TABLE deliveries ADD COLUMN cancelled_at TEXT;
CREATE INDEX deliveries_by_uid ON deliveries (uid, seq);

CREATE TABLE movements (
  seq            INTEGER PRIMARY KEY AUTOINCREMENT,
  id             TEXT    NOT NULL UNIQUE,
  item_id        TEXT    NOT NULL,
  delta          INTEGER NOT NULL,
  quantity_after INTEGER NOT NULL CHECK (quantity_after >= 0),
  reason         TEXT    NOT NULL CHECK (reason IN ('created', 'restock', 'adjust', 'delivery', 'cancel', 'deleted')),
  actor_uid      TEXT    NOT NULL,
  actor_email    TEXT    NOT NULL,
  delivery_id    TEXT,
  note           TEXT,
  item_json      TEXT,
  at             TEXT    NOT NULL,
  CHECK (delta <> 0 OR reason IN ('created', 'deleted'))
);
CREATE INDEX movements_by_item ON movements (item_id, seq);

CREATE VIRTUAL TABLE items_search USING fts5(
  name, supplier, content = 'items', content_rowid = 'seq', tokenize = 'trigram'
);
CREATE TRIGGER items_search_insert AFTER INSERT ON items BEGIN
  INSERT INTO items_search (rowid, name, supplier) VALUES (new.seq, new.name, new.supplier);
END;
CREATE TRIGGER items_search_delete AFTER DELETE ON items BEGIN
  INSERT INTO items_search (items_search, rowid, name, supplier) VALUES ('delete', old.seq, old.name, old.supplier);
END;
CREATE TRIGGER items_search_update AFTER UPDATE OF name, supplier ON items BEGIN
  INSERT INTO items_search (items_search, rowid, name, supplier) VALUES ('delete', old.seq, old.name, old.supplier);
  INSERT INTO items_search (rowid, name, supplier) VALUES (new.seq, new.name, new.supplier);
END;
INSERT INTO items_search (items_search) VALUES ('rebuild');

-- The list ETag: which database (a restored backup is another) and how many item writes it has seen.
INSERT OR IGNORE INTO meta (key, value) VALUES ('catalogue_id', lower(hex(randomblob(8))));
INSERT OR IGNORE INTO meta (key, value) VALUES ('catalogue_revision', '0');
`;

/**
 * Issue 19: the reorder point, the change feed's log and the low-stock
 * alerts with their outbox. `changes` is what other processes on this file
 * read to learn of our commits (sqlite-feed.ts); it keeps a day. Partial
 * indexes serve the low and out filters and the shortfall sort.
 */
const V4_ALERTS = `
ALTER TABLE items ADD COLUMN min_stock INTEGER NOT NULL DEFAULT 0 CHECK (min_stock >= 0 AND min_stock <= 1000000);
CREATE INDEX items_low ON items (seq) WHERE min_stock > 0 AND quantity <= min_stock;
CREATE INDEX items_low_by_shortfall ON items (min_stock - quantity, seq) WHERE min_stock > 0 AND quantity <= min_stock;
CREATE INDEX items_out ON items (seq) WHERE quantity = 0;
CREATE TABLE changes (
  seq         INTEGER PRIMARY KEY AUTOINCREMENT,
  item_id     TEXT    NOT NULL,
  cause       TEXT    NOT NULL,
  quantity    INTEGER NOT NULL,
  min_stock   INTEGER NOT NULL,
  version     INTEGER,
  movement_id TEXT,
  delta       INTEGER,
  delivery_id TEXT,
  alert_id    TEXT,
  alert_kind  TEXT,
  at          TEXT    NOT NULL
);
CREATE TABLE alerts (
  seq         INTEGER PRIMARY KEY AUTOINCREMENT,
  id          TEXT    NOT NULL UNIQUE,
  item_id     TEXT    NOT NULL,
  item_name   TEXT    NOT NULL,
  kind        TEXT    NOT NULL CHECK (kind IN ('low', 'out')),
  quantity    INTEGER NOT NULL CHECK (quantity >= 0),
  min_stock   INTEGER NOT NULL CHECK (min_stock >= 0),
  movement_id TEXT,
  at          TEXT    NOT NULL,
  read_at     TEXT
);
CREATE INDEX alerts_unread ON alerts (seq) WHERE read_at IS NULL;
CREATE INDEX alerts_by_at ON alerts (at);
CREATE TABLE alert_sends (
  alert_seq  INTEGER NOT NULL,
  channel    TEXT    NOT NULL CHECK (channel IN ('email', 'webhook')),
  state      TEXT    NOT NULL CHECK (state IN ('retry', 'sent', 'failed')),
  attempts   INTEGER NOT NULL,
  retry_at   TEXT,
  last_error TEXT,
  PRIMARY KEY (alert_seq, channel)
) WITHOUT ROWID;
CREATE INDEX alert_sends_due ON alert_sends (channel, state, retry_at);
`;

/** Items from before the ledger get an opening `created` movement of the quantity they hold. */
function openingBalances(db: Database.Database) {
  const items = db
    .prepare<[], { id: string; quantity: number; created_at: string }>('SELECT id, quantity, created_at FROM items')
    .all();
  const insert = db.prepare(
    `INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, note, at)
     VALUES (?, ?, ?, ?, 'created', ?, ?, 'opening balance', ?)`,
  );
  for (const item of items) {
    insert.run(
      new ObjectId().toHexString(),
      item.id,
      item.quantity,
      item.quantity,
      SYSTEM_ACTOR.uid,
      SYSTEM_ACTOR.email,
      item.created_at,
    );
  }
}

/**
 * Issue 21: an item's SKU, unique when set (NULL for none: the partial index
 * holds only the items that have one, and answers ?sku= lookups); the ledger
 * by time, for its export (a keyset on at, seq).
 */
const V6_SKU_LEDGER = `
ALTER TABLE items ADD COLUMN sku TEXT CHECK (sku IS NULL OR (length(sku) BETWEEN 1 AND 64 AND sku = trim(sku)));
CREATE UNIQUE INDEX items_by_sku ON items (sku) WHERE sku IS NOT NULL;
CREATE INDEX movements_by_at ON movements (at, seq);
`;

/**
 * Issue 21: a CSV import's `import` movements and `undo` movements, each undo linked to the movement it takes
 * back (`undo_of`, unique: a movement is undone once, whatever runs at the same time). The reason's CHECK names
 * every reason, so the table is made again (SQLite cannot change a CHECK in place), rows and seqs kept.
 * Migration 9 made it once more, without that CHECK (schema-stats.ts).
 */
const V7_IMPORT_UNDO = `
CREATE TABLE movements_v7 (
  seq            INTEGER PRIMARY KEY AUTOINCREMENT,
  id             TEXT    NOT NULL UNIQUE,
  item_id        TEXT    NOT NULL,
  delta          INTEGER NOT NULL,
  quantity_after INTEGER NOT NULL CHECK (quantity_after >= 0),
  reason         TEXT    NOT NULL CHECK (reason IN ('created', 'restock', 'adjust', 'delivery', 'cancel', 'deleted', 'import', 'undo')),
  actor_uid      TEXT    NOT NULL,
  actor_email    TEXT    NOT NULL,
  delivery_id    TEXT,
  note           TEXT,
  item_json      TEXT,
  at             TEXT    NOT NULL,
  undo_of        TEXT,
  CHECK (delta <> 0 OR reason IN ('created', 'deleted')),
  CHECK ((reason = 'undo') = (undo_of IS NOT NULL))
);
INSERT INTO movements_v7 (seq, id, item_id, delta, quantity_after, reason, actor_uid, actor_email, delivery_id, note, item_json, at)
  SELECT seq, id, item_id, delta, quantity_after, reason, actor_uid, actor_email, delivery_id, note, item_json, at
  FROM movements ORDER BY seq;
-- AUTOINCREMENT goes on from the highest seq the old table ever gave, not its highest row.
DELETE FROM sqlite_sequence WHERE name = 'movements_v7';
INSERT INTO sqlite_sequence (name, seq) SELECT 'movements_v7', seq FROM sqlite_sequence WHERE name = 'movements';
DROP TABLE movements;
ALTER TABLE movements_v7 RENAME TO movements;
CREATE INDEX movements_by_item ON movements (item_id, seq);
CREATE INDEX movements_by_at ON movements (at, seq);
CREATE UNIQUE INDEX movements_undone ON movements (undo_of) WHERE undo_of IS NOT NULL;
`;

const MIGRATIONS: ((db: Database.Database) => void)[] = [
  (db) => db.exec(V1_TABLES),
  (db) => {
    db.exec(V2_LEDGER);
    openingBalances(db);
  },
  // Issue 18: searches of 1–2 characters from an index (short-search.ts).
  createGrams,
  (db) => db.exec(V4_ALERTS),
  (db) => db.exec(V5_TEAM_AUDIT),
  (db) => db.exec(V6_SKU_LEDGER),
  (db) => db.exec(V7_IMPORT_UNDO),
  // The ledger is counted into the totals by migration 12 (in buckets), the counting trigger made with it.
  (db) => db.exec(V8_STATS),
  movementKinds,
  // Issue 31: the audit totals counted by the ledger (appendAudit, the audit's one writer), not migration 5's trigger.
  (db) => db.exec('DROP TRIGGER IF EXISTS audit_counted'),
  // Issue 32: an alert is a state, open while its item is low, one per item (schema-alerts.ts).
  alertState,
  // Issue 32: the day totals in buckets by movement kind, the ledger counted again (schema-stats.ts).
  dayBuckets,
  // Issue 32: a PUT's change of the quantity is an `edit` (a correction): past ones by their audit entry.
  reclassifyEdits,
  // Issue 31: a delivery's list totals counted by its group-committed batch (sqlite-deliveries.ts), once per key,
  // not three rows per delivery by migration 5's trigger; an index of deliveries that no query reads dropped.
  (db) => db.exec('DROP TRIGGER IF EXISTS delivery_counted; DROP INDEX IF EXISTS deliveries_by_email;'),
  // Issue 33: why stock was removed (removal-reasons.ts), beside its `adjust` movement; no CHECK: the API's
  // schema names the reasons, and a new one needs no table made again.
  (db) => db.exec('ALTER TABLE movements ADD COLUMN why TEXT'),
  // Issue 33: barcodes, every code unique across SKUs and barcodes, and searched as the names are.
  codesTable,
  // Issue 31: a movement's day totals added by the ledger (day-counts.ts), not a trigger of three statements.
  (db) => db.exec('DROP TRIGGER IF EXISTS movement_days_counted'),
  // Issue 32: item_codes' primary key holds every SKU unique and finds it (ITEM_BY_SKU): one index less to write.
  (db) => db.exec('DROP INDEX IF EXISTS items_by_sku'),
  (db) => db.exec(IMPORT_JOBS), // Issue 32: an import written in chunks, a job that can be taken back.
  createLocations, // Issue 34: the locations' tree under Main; the audit's entries may be about a location.
  (db) => db.exec(STOCK_PER_LOCATION), // Issue 34: what each location holds of each item (schema-locations.ts).
  searchLater, // Issue 32: an import's new items indexed for search after its rows (schema-codes.ts).
  (db) => db.exec(DEFAULT_LOCATION), // Issue 34: where a receipt that names no location goes.
  (db) => db.exec(COUNT_TABLES), // Issue 35: count sessions and their lines (schema-counts.ts).
  (db) => db.exec(PEOPLE_TABLE), // Issue 36: who signed in, and their display names (schema-team.ts).
  (db) => db.exec(DELIVERIES_CANCELLED_KEPT), // Issue 36: a cancelled delivery kept, with who and why.
  (db) => db.exec(IDEMPOTENCY_TABLE), // Issue 37: Idempotency-Keys' claims and answers (sqlite-idempotency.ts).
];

/** The user_version of a database with every migration. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Runs the migrations the database has not had, up to `until` (a test's older version) or all; at the last
 * version, the triggers made from the movement kinds table are made again where they differ (schema-stats.ts).
 */
export function migrate(db: Database.Database, until = MIGRATIONS.length): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  MIGRATIONS.forEach((step, index) => {
    if (index < current || index >= until) return;
    db.transaction(() => {
      step(db);
      db.pragma(`user_version = ${index + 1}`);
    })();
  });
  if (until >= MIGRATIONS.length) syncLedgerTriggers(db);
}
