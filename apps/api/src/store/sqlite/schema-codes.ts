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
