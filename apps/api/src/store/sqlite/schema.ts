import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import { MOVEMENT_REASONS, SYSTEM_ACTOR } from '@smart-zone/types/item';
import { STATS_DAYS } from '@smart-zone/types/stats';
import { createGrams } from './short-search';

/**
 * The schema, as numbered migrations recorded in PRAGMA user_version, each
 * run once in its own transaction. CHECK constraints are the last line of
 * defence: even a bug above cannot store negative stock.
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

/**
 * Issue 20: the team and the audit. Lists are newest first by time, then by
 * seq (commit order, while the clock does not step back): every filter's
 * index ends in `at` (and the seq SQLite appends to every index of a rowid
 * table), so a first page walks one index range backwards and stops, a
 * filter and a time range included. `audit_counts`, kept by a trigger in the
 * entry's transaction, answers the total of no filter or one equality filter
 * without counting, and of a time range alone from its whole days (only its
 * first and last day are counted in the index). Deliveries' indexes
 * hold only the ones not cancelled, which is all their list shows.
 */
const V5_TEAM_AUDIT = `
CREATE TABLE members (
  email      TEXT NOT NULL PRIMARY KEY,
  role       TEXT NOT NULL CHECK (role IN ('viewer', 'clerk', 'manager', 'owner')),
  invited_by TEXT NOT NULL,
  at         TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE audit (
  seq          INTEGER PRIMARY KEY AUTOINCREMENT,
  id           TEXT    NOT NULL UNIQUE,
  at           TEXT    NOT NULL,
  actor_uid    TEXT    NOT NULL,
  actor_email  TEXT    NOT NULL,
  action       TEXT    NOT NULL,
  target_kind  TEXT    NOT NULL CHECK (target_kind IN ('item', 'delivery', 'member')),
  target_id    TEXT    NOT NULL,
  target_name  TEXT    NOT NULL,
  item_id      TEXT,
  changes_json TEXT,
  reason       TEXT,
  movement_id  TEXT,
  request_id   TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX audit_by_at     ON audit (at);
CREATE INDEX audit_by_actor  ON audit (actor_email, at);
CREATE INDEX audit_by_action ON audit (action, at);
-- A viewer's audit is always filtered by their own email, often by an action too.
CREATE INDEX audit_by_actor_action ON audit (actor_email, action, at);
CREATE INDEX audit_by_item   ON audit (item_id, at) WHERE item_id IS NOT NULL;
CREATE TABLE audit_counts (
  key TEXT    NOT NULL PRIMARY KEY,
  n   INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TRIGGER audit_counted AFTER INSERT ON audit BEGIN
  INSERT INTO audit_counts (key, n)
    VALUES ('', 1), ('actor:' || new.actor_email, 1), ('action:' || new.action, 1), ('day:' || substr(new.at, 1, 10), 1)
    ON CONFLICT (key) DO UPDATE SET n = n + 1;
  INSERT INTO audit_counts (key, n) SELECT 'item:' || new.item_id, 1 WHERE new.item_id IS NOT NULL
    ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
-- The deliveries list's totals, as audit_counts: all live deliveries, per email and per item.
CREATE TABLE delivery_counts (
  key TEXT    NOT NULL PRIMARY KEY,
  n   INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO delivery_counts (key, n)
  SELECT '', COUNT(*) FROM deliveries WHERE cancelled_at IS NULL
  UNION ALL SELECT 'email:' || email, COUNT(*) FROM deliveries WHERE cancelled_at IS NULL GROUP BY email
  UNION ALL SELECT 'item:' || inventories_id, COUNT(*) FROM deliveries WHERE cancelled_at IS NULL GROUP BY inventories_id;
CREATE TRIGGER delivery_counted AFTER INSERT ON deliveries WHEN new.cancelled_at IS NULL BEGIN
  INSERT INTO delivery_counts (key, n)
    VALUES ('', 1), ('email:' || new.email, 1), ('item:' || new.inventories_id, 1)
    ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER delivery_uncounted AFTER UPDATE OF cancelled_at ON deliveries
  WHEN old.cancelled_at IS NULL AND new.cancelled_at IS NOT NULL BEGIN
  UPDATE delivery_counts SET n = n - 1 WHERE key IN ('', 'email:' || old.email, 'item:' || old.inventories_id);
END;
CREATE INDEX deliveries_live          ON deliveries (created_at) WHERE cancelled_at IS NULL;
CREATE INDEX deliveries_live_by_email ON deliveries (email, created_at) WHERE cancelled_at IS NULL;
CREATE INDEX deliveries_live_by_item  ON deliveries (inventories_id, created_at) WHERE cancelled_at IS NULL;
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
 * Issue 21: a CSV import's `import` movements and `undo` movements, each undo
 * linked to the movement it takes back (`undo_of`, unique: a movement is undone
 * once, whatever runs at the same time). The reason's CHECK names every reason,
 * so the table is made again (SQLite cannot change a CHECK in place), rows and
 * seqs kept.
 */
const V7_IMPORT_UNDO = `
CREATE TABLE movements_v7 (
  seq            INTEGER PRIMARY KEY AUTOINCREMENT,
  id             TEXT    NOT NULL UNIQUE,
  item_id        TEXT    NOT NULL,
  delta          INTEGER NOT NULL,
  quantity_after INTEGER NOT NULL CHECK (quantity_after >= 0),
  reason         TEXT    NOT NULL CHECK (reason IN (${MOVEMENT_REASONS.map((reason) => `'${reason}'`).join(', ')})),
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

/**
 * Issue 22: the dashboard's totals (GET /api/stats), kept by triggers in each
 * write's own transaction, whichever connection makes it (the import worker's
 * too), and filled here from what the file holds. `stock_totals`: the items'
 * count, units and value in cents (each price rounded to the cent, so sums
 * never drift). `movement_days`: units in and out per UTC day, every
 * movement's delta by its sign. `item_out_days`: each item's units out per
 * day; `item_out_window`: their sums over the window that ends with the last
 * movement's day, indexed by size (the top movers: five index entries, not
 * a sum over every item-day). A deleted item's rows go with it.
 */
const CENTS = (row: string) => `CAST(round(${row}.price * 100) AS INTEGER) * ${row}.quantity`;
const V8_STATS = `
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
INSERT INTO movement_days (day, units_in, units_out)
  SELECT substr(at, 1, 10), SUM(max(delta, 0)), SUM(max(-delta, 0)) FROM movements GROUP BY substr(at, 1, 10);
CREATE TABLE item_out_days (
  day       TEXT    NOT NULL,
  item_id   TEXT    NOT NULL,
  units_out INTEGER NOT NULL,
  PRIMARY KEY (day, item_id)
) WITHOUT ROWID;
CREATE INDEX item_out_days_by_item ON item_out_days (item_id);
INSERT INTO item_out_days (day, item_id, units_out)
  SELECT substr(m.at, 1, 10), m.item_id, SUM(-m.delta) FROM movements m
   WHERE m.delta < 0 AND m.reason <> 'deleted' AND EXISTS (SELECT 1 FROM items i WHERE i.id = m.item_id)
   GROUP BY substr(m.at, 1, 10), m.item_id;
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
INSERT INTO item_out_window (item_id, units_out)
  SELECT item_id, SUM(units_out) FROM item_out_days
   WHERE day >= (SELECT value FROM meta WHERE key = 'movers_from') GROUP BY item_id;
CREATE TRIGGER movement_days_counted AFTER INSERT ON movements BEGIN
  INSERT INTO movement_days (day, units_in, units_out) VALUES (substr(new.at, 1, 10), max(new.delta, 0), max(-new.delta, 0))
    ON CONFLICT (day) DO UPDATE SET units_in = units_in + excluded.units_in, units_out = units_out + excluded.units_out;
  INSERT INTO item_out_days (day, item_id, units_out)
    SELECT substr(new.at, 1, 10), new.item_id, -new.delta WHERE new.delta < 0 AND new.reason <> 'deleted'
    ON CONFLICT (day, item_id) DO UPDATE SET units_out = units_out + excluded.units_out;
  -- The window moves on: the days before its new first day are taken off, and emptied rows dropped.
  INSERT INTO item_out_window (item_id, units_out)
    SELECT item_id, -SUM(units_out) FROM item_out_days
     WHERE day >= (SELECT value FROM meta WHERE key = 'movers_from')
       AND day < date(substr(new.at, 1, 10), '-${STATS_DAYS - 1} days')
     GROUP BY item_id
    ON CONFLICT (item_id) DO UPDATE SET units_out = units_out + excluded.units_out;
  DELETE FROM item_out_window WHERE units_out <= 0;
  UPDATE meta SET value = date(substr(new.at, 1, 10), '-${STATS_DAYS - 1} days')
   WHERE key = 'movers_from' AND value < date(substr(new.at, 1, 10), '-${STATS_DAYS - 1} days');
  -- A movement of a day the window has left (a late clock) is not added to it.
  INSERT INTO item_out_window (item_id, units_out)
    SELECT new.item_id, -new.delta WHERE new.delta < 0 AND new.reason <> 'deleted'
      AND substr(new.at, 1, 10) >= (SELECT value FROM meta WHERE key = 'movers_from')
    ON CONFLICT (item_id) DO UPDATE SET units_out = units_out + excluded.units_out;
END;
CREATE TRIGGER item_out_days_forgotten AFTER DELETE ON items BEGIN
  DELETE FROM item_out_days WHERE item_id = old.id;
  DELETE FROM item_out_window WHERE item_id = old.id;
END;
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
  (db) => db.exec(V8_STATS),
];

/** Runs the migrations the database has not had, up to `until` (a test's older version) or all. */
export function migrate(db: Database.Database, until = MIGRATIONS.length): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  MIGRATIONS.forEach((step, index) => {
    if (index < current || index >= until) return;
    db.transaction(() => {
      step(db);
      db.pragma(`user_version = ${index + 1}`);
    })();
  });
}
