import { COUNT_STATES } from '@smart-zone/types/count';

const states = COUNT_STATES.map((state) => `'${state}'`).join(', ');

/**
 * Migration 24 (issue 35): stock counts. A session (`counts`) and its lines (`count_lines`), one per item it holds:
 * a line's name and SKU as they were when the session opened (what the sheet and the screens sort by); once
 * counted, what was counted, the ledger's units of the item then (`expected`: at the session's location, or in
 * all), its version and price then, and who counted it last. sqlite-count-sessions.ts writes them; the lines of a
 * session still opening have no `counts` row yet (its insert is the opening's last step): count_lines without one
 * are a session that never finished opening, dropped when the store opens.
 */
export const COUNT_TABLES = `
CREATE TABLE counts (
  id            TEXT    NOT NULL PRIMARY KEY,
  name          TEXT    NOT NULL,
  state         TEXT    NOT NULL CHECK (state IN (${states})),
  blind         INTEGER NOT NULL CHECK (blind IN (0, 1)),
  location_id   TEXT,
  scope_json    TEXT    NOT NULL,
  lines         INTEGER NOT NULL CHECK (lines >= 0),
  created_uid   TEXT    NOT NULL,
  created_email TEXT    NOT NULL,
  at            TEXT    NOT NULL,
  closed_uid    TEXT,
  closed_email  TEXT,
  closed_at     TEXT,
  movements     INTEGER
) WITHOUT ROWID;
CREATE INDEX counts_by_state ON counts (state, id);
CREATE TABLE count_lines (
  count_id      TEXT    NOT NULL,
  item_id       TEXT    NOT NULL,
  name          TEXT    NOT NULL,
  sku           TEXT,
  counted       INTEGER CHECK (counted >= 0),
  expected      INTEGER,
  version       INTEGER,
  price         REAL,
  counted_uid   TEXT,
  counted_email TEXT,
  counted_at    TEXT,
  PRIMARY KEY (count_id, item_id),
  CHECK ((counted IS NULL) = (counted_at IS NULL))
) WITHOUT ROWID;
CREATE INDEX count_lines_by_name ON count_lines (count_id, name, item_id);
CREATE INDEX count_lines_counted ON count_lines (count_id, counted_at, item_id) WHERE counted IS NOT NULL;
`;
