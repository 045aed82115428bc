import type { IndexDescription } from 'mongodb';
import { CODES_INDEX, HAS_CODE, HAS_SKU, SKU_INDEX } from './documents';
import type { CollectionName } from './schema-validators';
import { LOCATION_INDEXES } from './schema-locations';
import { COUNT_INDEXES } from './schema-counts';
import { IDEMPOTENCY_INDEXES } from './mongo-idempotency';

/** A day: the change log serves the feed's start and a standalone server's polling, never history. */
const CHANGES_KEPT_SECONDS = 24 * 60 * 60;

/**
 * One index for every query the adapter makes (item-queries.ts, mongo-items.ts,
 * mongo-deliveries.ts, mongo-team.ts, mongo-audit.ts); the adapter's explain test
 * (test/mongo-adapter.mongo.test.ts) checks that none of them scans a
 * collection. _id covers get and the whole count. Every sort ends in the
 * creation order `seq, _id` (`seq` is absent, so lowest, on
 * documents from before it: they keep their old _id order among themselves).
 */
/** Import jobs' bookkeeping (mongo-import.ts): no validator (nothing but the job writes them), indexes only. */
type JobCollection = 'importJobs' | 'importChunks' | keyof typeof COUNT_INDEXES | keyof typeof IDEMPOTENCY_INDEXES;

/** A job's plan and undo are let go when it ends; this is the backstop for a job whose every process died. */
const IMPORT_CHUNKS_KEPT_SECONDS = 7 * 24 * 60 * 60;

export const INDEXES: Record<CollectionName | JobCollection, IndexDescription[]> = {
  locations: LOCATION_INDEXES,
  ...COUNT_INDEXES,
  ...IDEMPOTENCY_INDEXES,
  items: [
    // list/stream: oldest first and newest; by name (simple collation on nameKey), price, quantity.
    // The quantity index also serves `stock=out` (quantity 0) in creation order, and its count.
    { key: { seq: 1, _id: 1 } },
    { key: { nameKey: 1, seq: 1, _id: 1 } },
    { key: { price: 1, seq: 1, _id: 1 } },
    { key: { quantity: 1, seq: 1, _id: 1 } },
    { key: { shortfall: 1, seq: 1, _id: 1 } },
    // stock=low: the low items alone (partial), in creation order and by shortfall, and their count.
    // `low` leads the key so the pattern differs from the full indexes above and the query's `low: true` is a bound.
    { key: { low: 1, seq: 1, _id: 1 }, name: 'low_by_seq', partialFilterExpression: { low: true } },
    {
      key: { low: 1, shortfall: -1, seq: -1, _id: -1 },
      name: 'low_by_shortfall',
      partialFilterExpression: { low: true },
    },
    // search (search-grams.ts): the items with a gram of the text; its missing-key point holds items from before it.
    { key: { grams: 1 } },
    // ?sku= and the uniqueness of a SKU: only the items that have one (a string) are in it.
    // A query uses it only when it says `$type: 'string'` too (skuIs, skuIn in documents.ts).
    { key: { sku: 1 }, name: SKU_INDEX, unique: true, partialFilterExpression: { sku: HAS_SKU } },
    // ?code= and the uniqueness of every code, SKU or barcode, across items (multikey; codeIs, codeIn).
    { key: { codes: 1 }, name: CODES_INDEX, unique: true, partialFilterExpression: { codes: HAS_CODE } },
    // Issue 34: the items holding units at a location other than Main (only those: `placed` > 0), by location.
    {
      key: { 'stock.locationId': 1, seq: 1 },
      name: 'stock_by_location',
      partialFilterExpression: { placed: { $gt: 0 } },
    },
  ],
  deliveries: [
    // listByOwner: an owner's deliveries, newest first.
    { key: { uid: 1, seq: -1, _id: -1 } },
    // list: the ones not cancelled (cancelledAt missing: the point [null, null] of each index, so the order
    // after it still comes from the index), all of them, by email and by item, newest first by time (a
    // from/to range is a range of the same key), ties in commit order, as SQLite.
    // (A partial index cannot say "missing": MongoDB's partial filters know $exists: true only.)
    { key: { cancelledAt: 1, createdAt: -1, seq: -1, _id: -1 } },
    { key: { email: 1, cancelledAt: 1, createdAt: -1, seq: -1, _id: -1 } },
    { key: { inventoriesId: 1, cancelledAt: 1, createdAt: -1, seq: -1, _id: -1 } },
    // Issue 36: the list with the cancelled ones too (`state: 'all'`), in the same order, by email and by item.
    { key: { createdAt: -1, seq: -1, _id: -1 } },
    { key: { email: 1, createdAt: -1, seq: -1, _id: -1 } },
    { key: { inventoriesId: 1, createdAt: -1, seq: -1, _id: -1 } },
  ],
  movements: [
    // history: an item's movements in the order of its writes, newest first, and their count.
    { key: { itemId: 1, version: -1, _id: -1 } },
    // the ledger export: oldest first by time, every item's (a range of `at`) or one item's.
    { key: { at: 1, _id: 1 } },
    { key: { itemId: 1, at: 1, _id: 1 } },
    // A movement is undone once (two undos at once: the second is a duplicate key), and history finds the undo.
    {
      key: { undoOf: 1 },
      name: 'undo_of_unique',
      unique: true,
      partialFilterExpression: { undoOf: { $exists: true } },
    },
  ],
  alerts: [
    // list, newest first (a seq is a process's clock: not unique across processes, ties by _id).
    { key: { seq: -1, _id: -1 } },
    // list and count of the unread ones.
    { key: { readAt: 1, seq: -1 } },
    // due: the alerts a channel never tried, since a time; the resolutions too.
    { key: { pending: 1, at: 1 } },
    { key: { resolvedPending: 1, resolvedAt: 1 }, partialFilterExpression: { resolvedPending: { $exists: true } } },
    // One open alert per item (the ledger finds it to update or resolve it), and the open ones, newest first.
    { key: { itemId: 1 }, name: 'one_open_per_item', unique: true, partialFilterExpression: { open: true } },
    { key: { open: 1, seq: -1, _id: -1 }, name: 'open_by_seq', partialFilterExpression: { open: true } },
  ],
  alertSends: [
    // recordSend's upsert (an alert's opening and its resolution), and the channels that gave up on a page of alerts.
    { key: { alertId: 1, channel: 1, event: 1 }, unique: true },
    // due: a channel's retries whose time has come; failedCount.
    { key: { state: 1, channel: 1, retryAt: 1 } },
  ],
  members: [
    // The last-owner rule counts the owners.
    { key: { role: 1 } },
  ],
  audit: [
    // list, newest first by time (a from/to range is a range of the same key), ties in commit order, as
    // SQLite; one index per filter, and actor with action.
    { key: { at: -1, seq: -1 } },
    { key: { 'actor.email': 1, at: -1, seq: -1 } },
    { key: { action: 1, at: -1, seq: -1 } },
    { key: { 'actor.email': 1, action: 1, at: -1, seq: -1 } },
    { key: { 'target.itemId': 1, at: -1, seq: -1 }, partialFilterExpression: { 'target.itemId': { $exists: true } } },
  ],
  changes: [
    // A standalone server's feed reads by seq (a change stream's order is the oplog's, mongo-feed.ts).
    { key: { seq: 1, _id: 1 } },
    // TTL rather than "the last 100,000" (SQLite's rule): the server drops expired documents itself, with
    // no timer in each instance, and the feed reads the oplog, not this collection, so a day is plenty.
    { key: { at: 1 }, expireAfterSeconds: CHANGES_KEPT_SECONDS },
  ],
  // The stats' days are their _id (a day's counter documents a range of it), as are the catalogue's totals.
  movementDays: [],
  totals: [],
  itemOutDays: [
    // The ledger's upsert of an item's day (unique: one per item and day), and the window's range of days.
    { key: { day: 1, itemId: 1 }, unique: true },
    // An item's rows, removed with it.
    { key: { itemId: 1 } },
  ],
  // resume(): the running jobs whose heartbeat is stale, oldest first.
  importJobs: [{ key: { state: 1, heartbeatAt: 1 } }],
  importChunks: [
    // A job's chunks in order (unique: one chunk per place), by whether applied or undone.
    { key: { jobId: 1, n: 1 }, unique: true },
    { key: { createdAt: 1 }, expireAfterSeconds: IMPORT_CHUNKS_KEPT_SECONDS },
  ],
};

/**
 * Indexes earlier versions made and nothing queries any more (each costs every
 * write): the first version's deliveries by email, and the orders by ObjectId
 * and by ICU collation that `seq`, `version` and `nameKey` replace.
 */
export const RETIRED_INDEXES: Partial<Record<CollectionName, string[]>> = {
  // search_1: an unanchored regex read every key of it; search-grams.ts's index replaced it.
  items: ['name_1__id_1', 'price_1__id_1', 'quantity_1__id_1', 'search_1'],
  deliveries: ['email_1__id_-1', 'uid_1__id_-1'],
  movements: ['itemId_1__id_-1'],
  // Unique while one counter gave every write its seq; a seq is a process's clock now (mongo-ledger.ts).
  alerts: ['seq_-1'],
  // Unique while an alert had one send per channel; its resolution has one too now (event).
  alertSends: ['alertId_1_channel_1'],
  audit: ['seq_-1'],
  changes: ['seq_1'],
};
