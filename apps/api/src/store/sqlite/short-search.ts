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

/** What an item's grams are made of: its name, supplier and codes (`codes`: codeText, one a line). */
export type Texts = { name: string; supplier: string; codes: string };

/** Every distinct 1- and 2-code-point substring of the folded name, supplier and each code (never across two). */
const shortGramsOf = ({ name, supplier, codes }: Texts) =>
  gramsOf([name, supplier, ...codes.split('\n')], SHORT_SEARCH_MAX);

/** The grams an item's texts lose and gain from `before` to `after`. */
function gramsChanged(before: Texts, after: Texts): { lost: string[]; gained: string[] } {
  const old = new Set(shortGramsOf(before));
  const now = new Set(shortGramsOf(after));
  return { lost: [...old].filter((gram) => !now.has(gram)), gained: [...now].filter((gram) => !old.has(gram)) };
}

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
  const drop = (seq: number, grams: readonly string[]) => {
    for (const gram of grams) remove.run(gram, seq);
  };
  const index = (seq: number, texts: Texts) => {
    for (const gram of shortGramsOf(texts)) insert.run(gram, seq);
  };
  return {
    index,
    /** An item's name or supplier changed from `before` to `after`: only the grams that differ are written. */
    reindex(seq: number, before: Texts, after: Texts) {
      const { lost, gained } = gramsChanged(before, after);
      drop(seq, lost);
      for (const gram of gained) insert.run(gram, seq);
    },
    /** These rows of an item deleted. */
    drop,
    unindex(seq: number, texts: Texts) {
      drop(seq, shortGramsOf(texts));
    },
  };
}

/** Writes one gram's rows for many items: (gram, JSON array of seqs). */
const insertSeqs = (db: Database.Database) =>
  db.prepare<[string, string]>('INSERT OR IGNORE INTO items_grams (gram, seq) SELECT ?, value FROM json_each(?)');

/** Adds an item's seq to the list of each of its grams. */
function addByGram(byGram: Map<string, number[]>, seq: number, grams: readonly string[]) {
  for (const gram of grams) {
    const seqs = byGram.get(gram);
    if (seqs) seqs.push(seq);
    else byGram.set(gram, [seq]);
  }
}

/** Rows a gathered batch holds before it is written (~45 an item). */
const GATHERED_MAX = 1_000_000;

/**
 * The same rows as sqliteGrams writes, for many items at once (an import): an item's new rows are gathered
 * by gram and written in key order (gram, then seq), one statement a gram, when GATHERED_MAX are waiting and
 * at flush(), inside the caller's transaction; the rows an item loses are deleted at once. Each item's rows
 * end as sqliteGrams would leave them: an import writes an item once. A new item's seq is above every other's,
 * so a gram's seqs mostly arrive in order: only the few grams that do not are sorted.
 */
export function sqliteGramsGathered(db: Database.Database) {
  const each = sqliteGrams(db);
  const insertMany = insertSeqs(db);
  let gathered = new Map<string, number[]>();
  let count = 0;
  const flush = () => {
    // UTF-16 order, as SQLite's BINARY order of UTF-8 but for characters beyond U+FFFF: only the pace differs.
    for (const gram of [...gathered.keys()].sort()) {
      const seqs = gathered.get(gram)!;
      if (seqs.some((seq, at) => at > 0 && seqs[at - 1]! > seq)) seqs.sort((a, b) => a - b);
      insertMany.run(gram, `[${seqs.join(',')}]`);
    }
    gathered = new Map();
    count = 0;
  };
  const gather = (seq: number, grams: readonly string[]) => {
    addByGram(gathered, seq, grams);
    count += grams.length;
    if (count >= GATHERED_MAX) flush();
  };
  return {
    index(seq: number, texts: Texts) {
      gather(seq, shortGramsOf(texts));
    },
    reindex(seq: number, before: Texts, after: Texts) {
      const { lost, gained } = gramsChanged(before, after);
      each.drop(seq, lost);
      gather(seq, gained);
    },
    unindex(seq: number, texts: Texts) {
      each.unindex(seq, texts);
    },
    flush,
  };
}

/** Gram rows a slice of an import's deferred grams writes at most: a turn of ~30 ms. */
const SLICE_ROWS = 50_000;

/**
 * An import's new items' grams, written after its rows, in key order, a slice a transaction (issue 32): a
 * commit per chunk rewrote the last page of every gram its new items share (100,000 new items in 200 chunks:
 * 350 MB of the WAL and 2.7 s). Until its slice is written, a new item is not found by a search of 1–2
 * characters (the others see the import's items as its chunks land). A chunk's items wait once it commits
 * (kept()); one of them written by someone else meanwhile (written(), inside the import's next transaction:
 * its delete took its rows away, its edit changed only the grams that differ) is indexed whole as it is now,
 * or not at all when deleted, and left out of the slices.
 */
export function sqliteDeferredGrams(db: Database.Database) {
  const each = sqliteGrams(db);
  const insertMany = insertSeqs(db);
  const textsOf = db.prepare<[number], Texts>('SELECT name, supplier, codes FROM items WHERE seq = ?');
  let chunk: { id: string; seq: number; grams: string[] }[] = [];
  /** The import's items whose grams wait, by id. */
  const waiting = new Map<string, number>();
  /** Items written by others since their chunk: no slice writes their rows. */
  const gone = new Set<number>();
  const byGram = new Map<string, number[]>();
  /** The grams in key order, cut into slices [from, to). */
  let grams: string[] = [];
  const slices: [number, number][] = [];
  return {
    index(seq: number, texts: Texts & { id?: string }) {
      chunk.push({ id: texts.id ?? '', seq, grams: shortGramsOf(texts) });
    },
    /** The chunk that gathered them committed: its items wait for the slices. */
    kept() {
      for (const { id, seq, grams: its } of chunk) {
        waiting.set(id, seq);
        addByGram(byGram, seq, its);
      }
      chunk = [];
    },
    /** The chunk that gathered them rolled back. */
    dropped() {
      chunk = [];
    },
    /** Items written by others since the import's last transaction (inside its next one). */
    written(ids: Iterable<string>) {
      for (const id of ids) {
        const seq = waiting.get(id);
        if (seq === undefined) continue;
        waiting.delete(id);
        gone.add(seq);
        const texts = textsOf.get(seq);
        if (texts) each.index(seq, texts);
      }
    },
    /** Cuts the waiting grams into slices of about SLICE_ROWS rows; answers how many. */
    slice(): number {
      // UTF-16 order, as SQLite's BINARY order of UTF-8 but for characters beyond U+FFFF: only the pace differs.
      grams = [...byGram.keys()].sort();
      let from = 0;
      let rows = 0;
      grams.forEach((gram, at) => {
        rows += byGram.get(gram)!.length;
        if (rows < SLICE_ROWS && at < grams.length - 1) return;
        slices.push([from, at + 1]);
        from = at + 1;
        rows = 0;
      });
      return slices.length;
    },
    /** Slice `n`'s rows, inside the caller's transaction (each gram's seqs are in order: its items' chunks were). */
    write(n: number) {
      const [from, to] = slices[n]!;
      for (const gram of grams.slice(from, to)) {
        const seqs = byGram.get(gram)!;
        const kept = gone.size === 0 ? seqs : seqs.filter((seq) => !gone.has(seq));
        if (kept.length > 0) insertMany.run(gram, `[${kept.join(',')}]`);
      }
    },
  };
}
export type DeferredGrams = ReturnType<typeof sqliteDeferredGrams>;

/** Migration: the table, filled for the items already there. */
export function createGrams(db: Database.Database) {
  db.exec(GRAMS_TABLE);
  const rows = db
    .prepare<[], { seq: number; name: string; supplier: string }>('SELECT seq, name, supplier FROM items')
    .all();
  const { index } = sqliteGrams(db);
  for (const row of rows) index(row.seq, { ...row, codes: '' });
}

/** Migration 14: the grams of the items' SKUs (their names' and suppliers' are there already). */
export function indexSkuGrams(db: Database.Database) {
  const rows = db.prepare<[], { seq: number; sku: string }>('SELECT seq, sku FROM items WHERE sku IS NOT NULL').all();
  const { index } = sqliteGrams(db);
  for (const row of rows) index(row.seq, { name: '', supplier: '', codes: row.sku });
}
