/**
 * Migration 19 (issue 32): an import written in chunks, each its own transaction, so other writes go on
 * between them (import-job.ts). A job of more than one chunk is recorded with its first: `import_jobs` says
 * how far it is, and `import_undo` keeps, per applied chunk, what takes it back (the items it created, each
 * updated item's version after and fields before and after, as JSON). A job that fails, or whose process
 * died (found `running` or `undoing` when the store opens or an import starts), is undone newest chunk first;
 * a finished job keeps its row and lets its undo records go.
 */
export const IMPORT_JOBS = `
CREATE TABLE import_jobs (
  id         TEXT    NOT NULL PRIMARY KEY,
  state      TEXT    NOT NULL CHECK (state IN ('running', 'undoing', 'done', 'undone')),
  by_json    TEXT    NOT NULL,
  rows       INTEGER NOT NULL,
  chunks     INTEGER NOT NULL,
  applied    INTEGER NOT NULL DEFAULT 0,
  error      TEXT,
  created_at TEXT    NOT NULL,
  updated_at TEXT    NOT NULL
) WITHOUT ROWID;
CREATE TABLE import_undo (
  job_id TEXT    NOT NULL,
  n      INTEGER NOT NULL,
  record TEXT    NOT NULL,
  PRIMARY KEY (job_id, n)
) WITHOUT ROWID;
`;
