import type { Collection, Filter } from 'mongodb';
import type { ItemSortKey, StockFilter } from '@smart-zone/types/item';
import type { ItemFilter, ItemListOptions } from '../store';
import type { ItemDoc } from './documents';
import { OPERATION_TIME_MS } from './mongo-ledger';
import { keysetBatches, type KeysetSort } from './paged-reads';
import { searchFilter } from './search-grams';

// Small enough that serializing one batch keeps the event loop for a few milliseconds only.
export const STREAM_BATCH = 250;

/**
 * The port's orders (store.ts), each served by an index (schema.ts), with the
 * simple collation: `nameKey` compares as SQLite's NOCASE does. Ties by
 * creation order (`seq`, then `_id` for items from before `seq`, which have
 * none and so come first, oldest first).
 */
const SORTS: Record<ItemSortKey, { asc: KeysetSort; desc: KeysetSort }> = {
  name: { asc: { nameKey: 1, seq: 1, _id: 1 }, desc: { nameKey: -1, seq: -1, _id: -1 } },
  price: { asc: { price: 1, seq: 1, _id: 1 }, desc: { price: -1, seq: -1, _id: -1 } },
  quantity: { asc: { quantity: 1, seq: 1, _id: 1 }, desc: { quantity: -1, seq: -1, _id: -1 } },
  newest: { asc: { seq: -1, _id: -1 }, desc: { seq: 1, _id: 1 } },
  // Largest shortfall first, equal ones newest first, as SQLite's `min_stock - quantity DESC, seq DESC`.
  shortfall: { asc: { shortfall: -1, seq: -1, _id: -1 }, desc: { shortfall: 1, seq: 1, _id: 1 } },
};
const CREATION_ORDER: KeysetSort = { seq: 1, _id: 1 };

const sortOf = (options: ItemListOptions): KeysetSort =>
  options.sort ? SORTS[options.sort.key][options.sort.descending ? 'desc' : 'asc'] : CREATION_ORDER;

/**
 * The stock filters, on fields an index holds: `low` is kept in step with
 * quantity and minStock by every write (documents.ts), as MongoDB cannot
 * index a comparison of two fields; `out` is the quantity index's first key.
 */
const STOCK: Record<StockFilter, Filter<ItemDoc>> = {
  low: { low: true },
  out: { quantity: 0 },
};

const itemFilter = (filter: ItemFilter): Filter<ItemDoc> => ({
  ...(filter.q ? searchFilter(filter.q) : {}),
  ...(filter.stock ? STOCK[filter.stock] : {}),
});

/** The item list's read queries, each bounded in server time. */
export function itemQueries(items: Collection<ItemDoc>) {
  return {
    find(options: ItemListOptions) {
      const cursor = items
        .find(itemFilter(options))
        .sort(sortOf(options))
        .skip(options.skip ?? 0)
        .maxTimeMS(OPERATION_TIME_MS);
      return options.limit ? cursor.limit(options.limit) : cursor;
    },
    /** The whole list (an export), a batch per query, each with its own time limit (paged-reads.ts). */
    batches(options: Omit<ItemListOptions, 'limit'>, batch: number) {
      return keysetBatches(items, itemFilter(options), sortOf(options), { batch, skip: options.skip ?? 0 });
    },
    count(filter: ItemFilter) {
      // Everything: counted on the _id index's keys, not by reading every document.
      return filter.q || filter.stock
        ? items.countDocuments(itemFilter(filter), { maxTimeMS: OPERATION_TIME_MS })
        : items.countDocuments({}, { hint: { _id: 1 }, maxTimeMS: OPERATION_TIME_MS });
    },
  };
}
