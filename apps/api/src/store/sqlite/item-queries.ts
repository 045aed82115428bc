import type Database from 'better-sqlite3';
import type { ItemSortKey, StockFilter } from '@smart-zone/types/item';
import { boundedCache } from '../../bounded-cache';
import type { ItemFilter, ItemListOptions } from '../store';
import type { ItemRow } from './rows';
import { fold } from '../search-grams';
import { SHORT_SEARCH_MAX } from './short-search';

/**
 * The item list's read queries, over any connection: the store's own (main
 * thread) and the search worker's (search-worker.ts), so both answer alike.
 */

/** Whitelisted ORDER BY clauses, each served by an index: a sort key never reaches SQL as text. */
const ORDER_BY: Record<ItemSortKey, { asc: string; desc: string }> = {
  name: { asc: 'name COLLATE NOCASE ASC, seq ASC', desc: 'name COLLATE NOCASE DESC, seq DESC' },
  price: { asc: 'price ASC, seq ASC', desc: 'price DESC, seq DESC' },
  quantity: { asc: 'quantity ASC, seq ASC', desc: 'quantity DESC, seq DESC' },
  newest: { asc: 'seq DESC', desc: 'seq ASC' },
  // Largest shortfall first; a backward walk of items_low_by_shortfall when the list is the low ones.
  shortfall: { asc: 'min_stock - quantity DESC, seq DESC', desc: 'min_stock - quantity ASC, seq ASC' },
};

/** The stock filters as SQL, written as the partial indexes items_low and items_out are (schema.ts V4). */
const STOCK_WHERE: Record<StockFilter, string> = {
  low: 'items.min_stock > 0 AND items.quantity <= items.min_stock',
  out: 'items.quantity = 0',
};

/** `where` (a search's WHERE clause, or '') with the stock filter added. */
function withStock(where: string, stock: StockFilter | undefined): string {
  if (!stock) return where;
  return where ? `${where} AND ${STOCK_WHERE[stock]}` : `WHERE ${STOCK_WHERE[stock]}`;
}

/** The trigram index answers substrings of 3 characters or more; items_grams shorter ones (short-search.ts). */
const TRIGRAM = SHORT_SEARCH_MAX + 1;
/** Small enough that one batch (read, map, serialize) keeps the event loop for a few milliseconds only. */
export const STREAM_BATCH = 250;
/**
 * A sorted page of a short search: up to this many matches are read through
 * items_grams and sorted; more, and the sort's index is walked instead, each
 * item checked against items_grams, which stops after a page's worth.
 */
const SORT_MATCHES_MAX = 5000;

/** A prepared statement's program is in SQLite's memory: ~17 KB measured for a search's, counted at 24 KB. */
const STATEMENT_BOUNDS = { max: 384, maxBytes: 10 * 1024 * 1024, bytesOf: () => 24 * 1024 };

/** The gram a search of 1–2 characters looks up, or null for longer (or no) text. */
export function shortGram(q: string | undefined): string | null {
  if (!q) return null;
  const folded = fold(q);
  return [...folded].length < TRIGRAM ? folded : null;
}

/** A search of 3 characters or more: the trigram index, whose cost grows with the matches (27 ms for 100,000). */
export const isTrigramSearch = (q: string | undefined): boolean => Boolean(q) && shortGram(q) === null;

/**
 * A WHERE clause and its parameters for a search; search text is always a bound parameter.
 * `probe` (short searches only): check each row against items_grams, for a walk along a sort's index.
 */
function searchClause(q: string | undefined, probe = false): { where: string; params: Record<string, string> } {
  if (!q) return { where: '', params: {} };
  const gram = shortGram(q);
  if (gram !== null) {
    return probe
      ? {
          where: 'WHERE EXISTS (SELECT 1 FROM items_grams g WHERE g.gram = @gram AND g.seq = items.seq)',
          params: { gram },
        }
      : { where: 'WHERE seq IN (SELECT seq FROM items_grams WHERE gram = @gram)', params: { gram } };
  }
  // A quoted FTS5 string is matched literally: quotes inside are doubled.
  return {
    where: 'WHERE seq IN (SELECT rowid FROM items_search WHERE items_search MATCH @match)',
    params: { match: `"${fold(q).replaceAll('"', '""')}"` },
  };
}

export function itemQueries(db: Database.Database) {
  // One statement a shape (search kind × stock filter × sort × columns), each prepared once: the SQL text
  // is made of the whitelists above only (search text, limit and skip are parameters), so there are
  // under 300 shapes. Bounded all the same, above that, should the text ever take anything else.
  const prepared = boundedCache<Database.Statement>(STATEMENT_BOUNDS);
  const statement = (text: string) => {
    let found = prepared.get(text);
    if (!found) {
      found = db.prepare(text);
      prepared.set(text, found);
    }
    return found;
  };

  const fewMatches = db
    .prepare<[string], number>(
      `SELECT COUNT(*) FROM (SELECT 1 FROM items_grams WHERE gram = ? LIMIT ${SORT_MATCHES_MAX + 1})`,
    )
    .pluck();
  const countGram = db.prepare<[string], number>('SELECT COUNT(*) FROM items_grams WHERE gram = ?').pluck();

  /** The query that lists a page (or, without limit, everything) and its parameters. */
  function listQuery(
    options: ItemListOptions,
    columns: '*' | 'seq',
  ): { text: string; params: Record<string, unknown> } {
    const paging = { limit: options.limit ?? -1, skip: options.skip ?? 0 };
    const gram = shortGram(options.q);
    const key = options.sort?.key;
    if (gram !== null && (key === undefined || key === 'newest')) {
      // In seq order: items_grams is in that order already, so a page is a range of its key.
      const direction = (key === 'newest') !== (options.sort?.descending ?? false) ? 'DESC' : 'ASC';
      return {
        text: `SELECT ${columns === '*' ? 'items.*' : 'g.seq'} FROM items_grams g
               JOIN items ON items.seq = g.seq ${withStock('WHERE g.gram = @gram', options.stock)}
               ORDER BY g.seq ${direction} LIMIT @limit OFFSET @skip`,
        params: { gram, ...paging },
      };
    }
    const probe = gram !== null && (fewMatches.get(gram) ?? 0) > SORT_MATCHES_MAX;
    const search = searchClause(options.q, probe);
    const order = options.sort ? ORDER_BY[options.sort.key][options.sort.descending ? 'desc' : 'asc'] : 'seq ASC';
    return {
      text: `SELECT ${columns} FROM items ${withStock(search.where, options.stock)} ORDER BY ${order}
             LIMIT @limit OFFSET @skip`,
      params: { ...search.params, ...paging },
    };
  }

  const rowsBySeq = db.prepare<[string], ItemRow>('SELECT * FROM items WHERE seq IN (SELECT value FROM json_each(?))');

  return {
    /** How many statements are prepared now (one a shape of query, never one a search text). */
    statements: () => prepared.size,

    listRows(options: ItemListOptions): ItemRow[] {
      const { text, params } = listQuery(options, '*');
      return statement(text).all(params) as ItemRow[];
    },

    /** Every matching item's seq, in list order: a stream of a search then reads rows by them, a batch at a time. */
    orderedSeqs(options: Omit<ItemListOptions, 'limit'>): number[] {
      const { text, params } = listQuery(options, 'seq');
      return statement(text).pluck().all(params) as number[];
    },

    /** The rows of these seqs, in the order given (a row deleted since is left out). */
    rowsInOrder(seqs: readonly number[]): ItemRow[] {
      const bySeq = new Map(rowsBySeq.all(JSON.stringify(seqs)).map((row) => [row.seq!, row]));
      return seqs.flatMap((seq) => bySeq.get(seq) ?? []);
    },

    /** Oldest first by seq, resumed after the last row seen: each batch is an index seek, however deep. */
    keysetRows(filter: ItemFilter, after: number, skip: number): ItemRow[] {
      const gram = shortGram(filter.q);
      if (gram !== null) {
        return statement(
          `SELECT items.* FROM items_grams g JOIN items ON items.seq = g.seq
           ${withStock('WHERE g.gram = @gram AND g.seq > @after', filter.stock)}
           ORDER BY g.seq ASC LIMIT @limit OFFSET @skip`,
        ).all({ gram, after, limit: STREAM_BATCH, skip }) as ItemRow[];
      }
      const search = searchClause(filter.q);
      const where = withStock(search.where ? `${search.where} AND seq > @after` : 'WHERE seq > @after', filter.stock);
      return statement(`SELECT * FROM items ${where} ORDER BY seq ASC LIMIT @limit OFFSET @skip`).all({
        ...search.params,
        after,
        limit: STREAM_BATCH,
        skip,
      }) as ItemRow[];
    },

    count(filter: ItemFilter): number {
      const gram = shortGram(filter.q);
      if (gram !== null && !filter.stock) return countGram.get(gram) ?? 0;
      if (gram !== null) {
        return statement(
          `SELECT COUNT(*) FROM items_grams g JOIN items ON items.seq = g.seq
           ${withStock('WHERE g.gram = @gram', filter.stock)}`,
        )
          .pluck()
          .get({ gram }) as number;
      }
      const search = searchClause(filter.q);
      return statement(`SELECT COUNT(*) FROM items ${withStock(search.where, filter.stock)}`)
        .pluck()
        .get(search.params) as number;
    },
  };
}
