import type Database from 'better-sqlite3';

/**
 * The schema, created idempotently on open. CHECK constraints are the last
 * line of defence: even a bug above cannot store negative stock.
 * `seq` keeps insertion order (the default list order) independent of ids.
 */
const SCHEMA = `
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

export function migrate(db: Database.Database): void {
  db.exec(SCHEMA);
}
