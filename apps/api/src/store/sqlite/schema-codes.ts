import type Database from 'better-sqlite3';
import { indexSkuGrams } from './short-search';

/**
 * Issue 33: an item's barcodes beside its SKU. `item_codes` holds every item's SKU and barcodes, one row a
 * code: its primary key keeps a code on one item, whichever of the two it is on each (a SKU and another
 * item's barcode are one code), and answers ?code= lookups. `barcodes` (JSON) is what reads answer; `codes`
 * (the SKU and barcodes, one a line) is what the trigram index reads, so the index is made again with it.
 */
const CODES = `
CREATE TABLE item_codes (
  code    TEXT NOT NULL PRIMARY KEY CHECK (length(code) BETWEEN 1 AND 64),
  item_id TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX item_codes_by_item ON item_codes (item_id);
INSERT INTO item_codes (code, item_id) SELECT sku, id FROM items WHERE sku IS NOT NULL;
ALTER TABLE items ADD COLUMN barcodes TEXT NOT NULL DEFAULT '[]';
ALTER TABLE items ADD COLUMN codes TEXT NOT NULL DEFAULT '';
UPDATE items SET codes = sku WHERE sku IS NOT NULL;
DROP TRIGGER items_search_insert;
DROP TRIGGER items_search_delete;
DROP TRIGGER items_search_update;
DROP TABLE items_search;
CREATE VIRTUAL TABLE items_search USING fts5(
  name, supplier, codes, content = 'items', content_rowid = 'seq', tokenize = 'trigram'
);
CREATE TRIGGER items_search_insert AFTER INSERT ON items BEGIN
  INSERT INTO items_search (rowid, name, supplier, codes) VALUES (new.seq, new.name, new.supplier, new.codes);
END;
CREATE TRIGGER items_search_delete AFTER DELETE ON items BEGIN
  INSERT INTO items_search (items_search, rowid, name, supplier, codes)
    VALUES ('delete', old.seq, old.name, old.supplier, old.codes);
END;
CREATE TRIGGER items_search_update AFTER UPDATE OF name, supplier, codes ON items BEGIN
  INSERT INTO items_search (items_search, rowid, name, supplier, codes)
    VALUES ('delete', old.seq, old.name, old.supplier, old.codes);
  INSERT INTO items_search (rowid, name, supplier, codes) VALUES (new.seq, new.name, new.supplier, new.codes);
END;
INSERT INTO items_search (items_search) VALUES ('rebuild');
`;

/** The item that has a code, as its SKU or a barcode: item_codes' primary key, then the item's (codes.sqlite.test.ts). */
export const ITEM_BY_CODE = 'SELECT i.* FROM item_codes c JOIN items i ON i.id = c.item_id WHERE c.code = ?';
/** The item whose SKU it is: the same two lookups (migration 18 dropped the SKUs' own index). */
export const ITEM_BY_SKU = `${ITEM_BY_CODE} AND i.sku = c.code`;

/** Migration 14: the codes table, the barcodes, and the search index made again with the codes. */
export function codesTable(db: Database.Database): void {
  db.exec(CODES);
  indexSkuGrams(db);
}

/**
 * Issue 32: an import's new items go into the trigram index after its rows (import-job.ts), as their short
 * grams do: in chunks of 500 rows, each commit merged the index's segments again (3.7 s of 100,000 new rows,
 * against 1.3 s for the same rows added in slices of 2,000 afterwards). `search_later` names the import job
 * whose pass will index the row; until then the row is not in the index, so the triggers leave it alone (an
 * FTS5 'delete' of a row the index does not hold would corrupt it), and clearing it indexes the row as it is.
 */
const SEARCH_LATER = `
ALTER TABLE items ADD COLUMN search_later TEXT;
CREATE INDEX items_search_later ON items (search_later, seq) WHERE search_later IS NOT NULL;
DROP TRIGGER items_search_insert;
DROP TRIGGER items_search_delete;
DROP TRIGGER items_search_update;
CREATE TRIGGER items_search_insert AFTER INSERT ON items WHEN new.search_later IS NULL BEGIN
  INSERT INTO items_search (rowid, name, supplier, codes) VALUES (new.seq, new.name, new.supplier, new.codes);
END;
CREATE TRIGGER items_search_delete AFTER DELETE ON items WHEN old.search_later IS NULL BEGIN
  INSERT INTO items_search (items_search, rowid, name, supplier, codes)
    VALUES ('delete', old.seq, old.name, old.supplier, old.codes);
END;
CREATE TRIGGER items_search_update AFTER UPDATE OF name, supplier, codes ON items
  WHEN old.search_later IS NULL AND new.search_later IS NULL BEGIN
  INSERT INTO items_search (items_search, rowid, name, supplier, codes)
    VALUES ('delete', old.seq, old.name, old.supplier, old.codes);
  INSERT INTO items_search (rowid, name, supplier, codes) VALUES (new.seq, new.name, new.supplier, new.codes);
END;
CREATE TRIGGER items_search_later AFTER UPDATE OF search_later ON items
  WHEN old.search_later IS NOT NULL AND new.search_later IS NULL BEGIN
  INSERT INTO items_search (rowid, name, supplier, codes) VALUES (new.seq, new.name, new.supplier, new.codes);
END;
`;

/** Migration 22: an item may wait for the trigram index (an import's new items, indexed after its rows). */
export function searchLater(db: Database.Database): void {
  db.exec(SEARCH_LATER);
}

/** Indexes up to `limit` of import job `job`'s items that wait for the trigram index (all without a limit). */
export function indexSearchLater(db: Database.Database) {
  const some = db.prepare<[string, number]>(
    `UPDATE items SET search_later = NULL
     WHERE seq IN (SELECT seq FROM items WHERE search_later = ? ORDER BY seq LIMIT ?)`,
  );
  const all = db.prepare<[string]>('UPDATE items SET search_later = NULL WHERE search_later = ?');
  return (job: string, limit?: number): number => (limit === undefined ? all.run(job) : some.run(job, limit)).changes;
}
