// Migration 5 of schema.ts, in a file of its own.

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
/** The audit's indexes, one per filter (migration 20 makes them again with the table). */
export const AUDIT_INDEXES = `
CREATE INDEX audit_by_at     ON audit (at);
CREATE INDEX audit_by_actor  ON audit (actor_email, at);
CREATE INDEX audit_by_action ON audit (action, at);
-- A viewer's audit is always filtered by their own email, often by an action too.
CREATE INDEX audit_by_actor_action ON audit (actor_email, action, at);
CREATE INDEX audit_by_item   ON audit (item_id, at) WHERE item_id IS NOT NULL;`;

export const V5_TEAM_AUDIT = `
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
${AUDIT_INDEXES}
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

/** Migration 25 (issue 36): who signed in, their display name (`own_name`: they set it) and their last sign-in. */
export const PEOPLE_TABLE = `
CREATE TABLE people (
  email        TEXT    NOT NULL PRIMARY KEY,
  name         TEXT,
  own_name     INTEGER NOT NULL DEFAULT 0 CHECK (own_name IN (0, 1)),
  signed_in_at TEXT
) WITHOUT ROWID;
`;

/**
 * Migration 26 (issue 36): a cancelled delivery stays listed, marked. Who cancelled it and why are kept with it;
 * the list of all of them (`state=all`) reads full indexes in the order of the live ones', and its totals
 * are kept under `all:` keys (added by each delivery, never taken back: a cancel leaves it in that list).
 */
export const DELIVERIES_CANCELLED_KEPT = `
ALTER TABLE deliveries ADD COLUMN cancelled_by  TEXT;
ALTER TABLE deliveries ADD COLUMN cancel_reason TEXT;
CREATE INDEX deliveries_all          ON deliveries (created_at);
CREATE INDEX deliveries_all_by_email ON deliveries (email, created_at);
CREATE INDEX deliveries_all_by_item  ON deliveries (inventories_id, created_at);
INSERT INTO delivery_counts (key, n)
  SELECT 'all:', COUNT(*) FROM deliveries
  UNION ALL SELECT 'all:email:' || email, COUNT(*) FROM deliveries GROUP BY email
  UNION ALL SELECT 'all:item:' || inventories_id, COUNT(*) FROM deliveries GROUP BY inventories_id;
`;
