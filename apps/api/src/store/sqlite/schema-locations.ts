import type Database from 'better-sqlite3';
import { LOCATION_DEPTH_MAX, MAIN_LOCATION_ID, MAIN_LOCATION_NAME } from '@smart-zone/types/location';
import { storedLocation } from '../decisions/locations';
import { AUDIT_INDEXES } from './schema-team';

/**
 * Migration 20 (issue 34): the locations' tree, with its root `Main` (decisions/locations.ts decides every
 * change; sqlite-locations.ts records it). A name is unique among its siblings by its key (case and spaces
 * aside); `path_key` orders the lists (the root's is '': first); `words` is what a search matches, read from
 * the path index; `meta.locations_revision` moves on with every location write.
 *
 * The audit's entries gain a kind of target (`location`): the CHECK that named the kinds is dropped, the
 * table made again with its rows, seqs and indexes (SQLite cannot change a CHECK in place); the API's schema
 * names the kinds, as it names the removal reasons (migration 15).
 */
const LOCATIONS = `
CREATE TABLE locations (
  id         TEXT    NOT NULL PRIMARY KEY,
  name       TEXT    NOT NULL,
  name_key   TEXT    NOT NULL,
  parent_id  TEXT,
  path       TEXT    NOT NULL,
  path_key   TEXT    NOT NULL,
  words      TEXT    NOT NULL,
  depth      INTEGER NOT NULL CHECK (depth BETWEEN 0 AND ${LOCATION_DEPTH_MAX}),
  updated_at TEXT    NOT NULL,
  CHECK ((parent_id IS NULL) = (id = '${MAIN_LOCATION_ID}')),
  CHECK ((depth = 0) = (parent_id IS NULL))
) WITHOUT ROWID;
CREATE UNIQUE INDEX locations_by_name ON locations (parent_id, name_key);
CREATE INDEX locations_by_parent ON locations (parent_id, path_key, id);
-- The list in path order; a search reads its words from the index alone (no row looked up until a match).
CREATE INDEX locations_by_path ON locations (path_key, id, words);
INSERT INTO meta (key, value) VALUES ('locations_revision', '0');
`;

const AUDIT_OPEN_TARGETS = `
CREATE TABLE audit_v20 (
  seq          INTEGER PRIMARY KEY AUTOINCREMENT,
  id           TEXT    NOT NULL UNIQUE,
  at           TEXT    NOT NULL,
  actor_uid    TEXT    NOT NULL,
  actor_email  TEXT    NOT NULL,
  action       TEXT    NOT NULL,
  target_kind  TEXT    NOT NULL,
  target_id    TEXT    NOT NULL,
  target_name  TEXT    NOT NULL,
  item_id      TEXT,
  changes_json TEXT,
  reason       TEXT,
  movement_id  TEXT,
  request_id   TEXT    NOT NULL DEFAULT ''
);
INSERT INTO audit_v20 (seq, id, at, actor_uid, actor_email, action, target_kind, target_id, target_name, item_id,
                       changes_json, reason, movement_id, request_id)
  SELECT seq, id, at, actor_uid, actor_email, action, target_kind, target_id, target_name, item_id,
         changes_json, reason, movement_id, request_id
  FROM audit ORDER BY seq;
DELETE FROM sqlite_sequence WHERE name = 'audit_v20';
INSERT INTO sqlite_sequence (name, seq) SELECT 'audit_v20', seq FROM sqlite_sequence WHERE name = 'audit';
DROP TABLE audit;
ALTER TABLE audit_v20 RENAME TO audit;
${AUDIT_INDEXES}
`;

/** A location's columns from what the decisions keep of it. */
export const locationRow = (location: ReturnType<typeof storedLocation>) => ({
  id: location._id,
  name: location.name,
  name_key: location.nameKey,
  parent_id: location.parentId,
  path: location.path,
  path_key: location.pathKey,
  words: location.words,
  depth: location.depth,
  updated_at: location.updatedAt,
});

export function createLocations(db: Database.Database) {
  db.exec(LOCATIONS);
  db.exec(AUDIT_OPEN_TARGETS);
  const root = storedLocation({ _id: MAIN_LOCATION_ID, parent: null }, MAIN_LOCATION_NAME, new Date().toISOString());
  db.prepare(
    `INSERT INTO locations (id, name, name_key, parent_id, path, path_key, words, depth, updated_at)
     VALUES (@id, @name, @name_key, @parent_id, @path, @path_key, @words, @depth, @updated_at)`,
  ).run(locationRow(root));
}

/**
 * Migration 21 (issue 34, docs/decisions/019): stock per location. What a location other than Main holds of an
 * item is a row of `item_stock` (never 0: the row goes with its last unit); `items.placed` is the sum of them,
 * so Main holds `quantity − placed`, never below 0. Every item today has all its units in Main: nothing to copy,
 * no movement made. A movement says where its units went in `places_json` when a location other than Main is
 * one of them (decisions/places.ts).
 */
export const STOCK_PER_LOCATION = `
CREATE TABLE item_stock (
  item_id     TEXT    NOT NULL,
  location_id TEXT    NOT NULL CHECK (location_id <> '${MAIN_LOCATION_ID}'),
  quantity    INTEGER NOT NULL CHECK (quantity >= 0),
  PRIMARY KEY (item_id, location_id)
) WITHOUT ROWID;
CREATE INDEX item_stock_by_location ON item_stock (location_id, item_id);
ALTER TABLE items ADD COLUMN placed INTEGER NOT NULL DEFAULT 0 CHECK (placed >= 0 AND placed <= quantity);
ALTER TABLE movements ADD COLUMN places_json TEXT;
`;

/**
 * Migration 23: an item's default location, where a receipt that names none goes (issue 34). Not an item field:
 * it moves no version and no list; a location removed since leaves it naming none (read through a join).
 */
export const DEFAULT_LOCATION = 'ALTER TABLE items ADD COLUMN default_location_id TEXT';
