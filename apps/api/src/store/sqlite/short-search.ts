import type Database from 'better-sqlite3';
import { gramsOf } from '../search-grams';

/**
 * Searches of 1–2 characters, from an index. The trigram index answers 3
 * characters and more; shorter text used to scan every item with the fold
 * (~35–95 ms at 100,000 items, on the event loop). `items_grams` holds, for
 * each item, every distinct 1- and 2-character substring of its folded name
 * and of its folded supplier (about 28 rows an item), so such a search is one
 * range of a primary key: its count walks the range (about 4 ms for a letter
 * every item has), its first page reads a few rows.
 */
export const SHORT_SEARCH_MAX = 2;

/** Every distinct 1- and 2-code-point substring of the folded name and supplier (never across the two). */
const shortGramsOf = (name: string, supplier: string) => gramsOf(name, supplier, SHORT_SEARCH_MAX);

export const GRAMS_TABLE = `
CREATE TABLE items_grams (
  gram TEXT    NOT NULL,
  seq  INTEGER NOT NULL,
  PRIMARY KEY (gram, seq)
) WITHOUT ROWID;
`;

/** Keeps `items_grams` in step with the items: called inside the write's own transaction. */
export function sqliteGrams(db: Database.Database) {
  const insert = db.prepare<[string, number]>('INSERT OR IGNORE INTO items_grams (gram, seq) VALUES (?, ?)');
  // By its whole key: the table's only index is (gram, seq), so an item's rows are found from its grams,
  // never by seq alone (a scan of every item's ~28 rows).
  const remove = db.prepare<[string, number]>('DELETE FROM items_grams WHERE gram = ? AND seq = ?');
  const index = (seq: number, name: string, supplier: string) => {
    for (const gram of shortGramsOf(name, supplier)) insert.run(gram, seq);
  };
  type Texts = { name: string; supplier: string };
  return {
    index,
    /** An item's name or supplier changed from `before` to `after`: only the grams that differ are written. */
    reindex(seq: number, before: Texts, after: Texts) {
      const old = new Set(shortGramsOf(before.name, before.supplier));
      const now = new Set(shortGramsOf(after.name, after.supplier));
      for (const gram of old) if (!now.has(gram)) remove.run(gram, seq);
      for (const gram of now) if (!old.has(gram)) insert.run(gram, seq);
    },
    unindex(seq: number, { name, supplier }: Texts) {
      for (const gram of shortGramsOf(name, supplier)) remove.run(gram, seq);
    },
  };
}

/** Migration: the table, filled for the items already there. */
export function createGrams(db: Database.Database) {
  db.exec(GRAMS_TABLE);
  const rows = db
    .prepare<[], { seq: number; name: string; supplier: string }>('SELECT seq, name, supplier FROM items')
    .all();
  const { index } = sqliteGrams(db);
  for (const row of rows) index(row.seq, row.name, row.supplier);
}
