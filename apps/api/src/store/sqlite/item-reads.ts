import type Database from 'better-sqlite3';
import type { Item } from '@smart-zone/types/item';
import { boundedCache, OBJECT_BYTES, textBytes } from '../../bounded-cache';
import type { CommitClock } from './commit-clock';
import type { ItemFilter, ItemRepository, LedgerLine } from '../ports/items';
import { isTrigramSearch, itemQueries, STREAM_BATCH } from './item-queries';
import { toItem, toMovement, type ItemRow, type MovementRow } from './rows';
import { ITEM_BY_CODE, ITEM_BY_SKU } from './schema-codes';
import type { SearchRunner } from './search-runner';

/** An item's object (a dozen properties) and its texts, as they take the heap. */
const itemBytes = (item: Item) =>
  2 * OBJECT_BYTES +
  [item._id, item.name, item.supplier, item.description, item.img, item.sku ?? '', item.createdAt, item.updatedAt]
    .concat(item.barcodes ?? [])
    .map(textBytes)
    .reduce((sum, bytes) => sum + bytes, 0);

/** A kept item, and the clock's readings when it was last known current. */
interface Kept {
  item: Item;
  own: number;
  others: number;
}

/** The item repository's reads: an item (kept while its version holds), lists, streams, history, the ledger export. */
export function sqliteItemReads(
  db: Database.Database,
  searches: SearchRunner,
  clock: CommitClock,
): Pick<ItemRepository, 'list' | 'stream' | 'count' | 'get' | 'getBySku' | 'getByCode' | 'history' | 'ledger'> {
  const sql = {
    get: db.prepare<[string], ItemRow>('SELECT * FROM items WHERE id = ?'),
    bySku: db.prepare<[string], ItemRow>(ITEM_BY_SKU),
    /** One primary-key lookup of item_codes, then the item by its id (test/codes.sqlite.test.ts explains it). */
    byCode: db.prepare<[string], ItemRow>(ITEM_BY_CODE),
    version: db.prepare<[string], number>('SELECT version FROM items WHERE id = ?').pluck(),
    history: db.prepare<[string, number, number], MovementRow>(
      `SELECT m.*, u.id AS undone_by FROM movements m LEFT JOIN movements u ON u.undo_of = m.id
       WHERE m.item_id = ? ORDER BY m.seq DESC LIMIT ? OFFSET ?`,
    ),
    historyCount: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM movements WHERE item_id = ?'),
  };

  // Items read lately, as frozen objects: while nothing was committed since an item was read or its version
  // checked (the clock, commit-clock.ts), a read answers the very same object with no query; after a commit, one
  // indexed lookup of the version tells whether it is still the same (every write moves it on). Callers may keep
  // what they derive from it (the route keeps its JSON). 10,000 items and 16 MB at most, an item counted twice:
  // itself, and as much again for the JSON the route keeps while we keep the item (~1,100 bytes in all measured
  // for a seeded item; counted ~1,700).
  const recent = boundedCache<Kept>({
    max: 10_000,
    maxBytes: 16 * 1024 * 1024,
    bytesOf: (kept) => OBJECT_BYTES + 2 * itemBytes(kept.item),
  });

  function readItem(id: string): Item | null {
    const own = clock.own();
    const others = clock.others();
    const known = recent.get(id);
    if (known && known.own === own && known.others === others) return known.item;
    if (known && sql.version.get(id) === known.item.version) {
      known.own = own;
      known.others = others;
      return known.item;
    }
    const row = sql.get.get(id);
    if (!row) {
      recent.delete(id);
      return null;
    }
    const item: Item = Object.freeze(toItem(row));
    recent.set(id, { item, own, others });
    return item;
  }

  const reads = itemQueries(db);

  // The ledger export's batches: one statement per filter shape, prepared when first asked for.
  const ledgerPages = new Map<string, Database.Statement<Record<string, unknown>, MovementRow & { seq: number }>>();
  const ledgerPage = (byItem: boolean, until: boolean) => {
    const conditions = [
      ...(byItem ? ['item_id = @itemId'] : []),
      ...(until ? ['at <= @to'] : []),
      '(at, seq) > (@afterAt, @afterSeq)',
    ].join(' AND ');
    let page = ledgerPages.get(conditions);
    if (!page) {
      page = db.prepare(`SELECT * FROM movements WHERE ${conditions} ORDER BY at, seq LIMIT ${STREAM_BATCH}`);
      ledgerPages.set(conditions, page);
    }
    return page;
  };
  const namesNow = db.prepare<[string], { id: string; name: string }>(
    'SELECT id, name FROM items WHERE id IN (SELECT value FROM json_each(?))',
  );
  const namesWhenDeleted = db.prepare<[string], { id: string; name: string }>(
    `SELECT item_id AS id, json_extract(item_json, '$.name') AS name FROM movements
     WHERE reason = 'deleted' AND item_id IN (SELECT value FROM json_each(?))`,
  );
  /** A batch of the ledger with each item's name: now, or (deleted since) in its deleted snapshot. */
  const withNames = (rows: MovementRow[]): LedgerLine[] => {
    const ids = [...new Set(rows.map((row) => row.item_id))];
    const names = new Map(namesNow.all(JSON.stringify(ids)).map((row) => [row.id, row.name]));
    const gone = ids.filter((id) => !names.has(id));
    if (gone.length > 0) for (const row of namesWhenDeleted.all(JSON.stringify(gone))) names.set(row.id, row.name);
    return rows.map((row) => ({ ...toMovement(row), itemName: names.get(row.item_id) ?? '' }));
  };

  return {
    async list(options = {}) {
      const rows = isTrigramSearch(options.q)
        ? await searches.run<ItemRow[]>({ op: 'list', options })
        : reads.listRows(options);
      return rows.map(toItem);
    },
    async *stream(options = {}) {
      // A sort, or a search of 3+ characters: the worker finds every match in order once (one query,
      // off the event loop); the rows are then read here by seq, a batch at a time.
      if (options.sort || isTrigramSearch(options.q)) {
        const seqs = await searches.run<number[]>({ op: 'seqs', options });
        for (let at = 0; at < seqs.length; at += STREAM_BATCH) {
          const rows = reads.rowsInOrder(seqs.slice(at, at + STREAM_BATCH));
          if (rows.length > 0) yield rows.map(toItem);
        }
        return;
      }
      // The catalogue in seq order, or a short search (items_grams is in seq order): keyset batches.
      let rows = reads.keysetRows(options, 0, options.skip ?? 0);
      while (rows.length > 0) {
        yield rows.map(toItem);
        if (rows.length < STREAM_BATCH) return;
        rows = reads.keysetRows(options, rows[rows.length - 1]!.seq!, 0);
      }
    },
    async count(filter: ItemFilter = {}) {
      return isTrigramSearch(filter.q) ? searches.run<number>({ op: 'count', filter }) : reads.count(filter);
    },
    get(id) {
      return Promise.resolve(readItem(id));
    },
    async getBySku(sku) {
      const row = sql.bySku.get(sku);
      return row ? toItem(row) : null;
    },
    async getByCode(code) {
      const row = sql.byCode.get(code);
      return row ? toItem(row) : null;
    },
    async *ledger(filter) {
      const { itemId, from, to } = filter;
      const page = ledgerPage(itemId !== undefined, to !== undefined);
      // Keyset on (at, seq), which movements_by_at holds in order: every batch is one index seek, however deep.
      let after = { at: from ?? '', seq: -1 };
      for (;;) {
        const rows = page.all({ itemId, to, afterAt: after.at, afterSeq: after.seq });
        if (rows.length === 0) return;
        const last = rows[rows.length - 1]!;
        after = { at: last.at, seq: last.seq };
        yield withNames(rows);
        if (rows.length < STREAM_BATCH) return;
      }
    },
    async history(id, page) {
      const total = sql.historyCount.get(id)?.n ?? 0;
      const movements = total === 0 ? [] : sql.history.all(id, page.limit, page.skip).map(toMovement);
      return { movements, total };
    },
  };
}
