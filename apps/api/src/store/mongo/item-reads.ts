import { ObjectId } from 'mongodb';
import type { ItemRepository, LedgerLine } from '../ports/items';
import { codeIs, toItem, toMovement, type MongoCollections, type MovementDoc, skuIs } from './documents';
import { itemQueries, STREAM_BATCH } from './item-queries';
import { keysetBatches } from './paged-reads';
import { OPERATION_TIME_MS } from './mongo-ledger';

/** The item repository's reads: an item, lists, streams, history, the ledger export. */
export function mongoItemReads({
  items,
  movements,
}: MongoCollections): Pick<
  ItemRepository,
  'list' | 'stream' | 'count' | 'get' | 'getBySku' | 'getByCode' | 'history' | 'ledger'
> {
  const reads = itemQueries(items);

  /** A batch of the ledger with each item's name: now, or (deleted since) in its `deleted` movement's snapshot. */
  async function withNames(batch: MovementDoc[]): Promise<LedgerLine[]> {
    const ids = [...new Map(batch.map((doc) => [doc.itemId.toHexString(), doc.itemId])).values()];
    const now = await items
      .find({ _id: { $in: ids } }, { projection: { name: 1 }, maxTimeMS: OPERATION_TIME_MS })
      .toArray();
    const names = new Map(now.map((doc) => [doc._id.toHexString(), doc.name]));
    const gone = ids.filter((id) => !names.has(id.toHexString()));
    if (gone.length > 0) {
      const deleted = await movements
        .find(
          { itemId: { $in: gone }, reason: 'deleted' },
          { projection: { itemId: 1, 'item.name': 1 }, maxTimeMS: OPERATION_TIME_MS },
        )
        .toArray();
      for (const doc of deleted) names.set(doc.itemId.toHexString(), doc.item?.name ?? '');
    }
    return batch.map((doc) => ({ ...toMovement(doc), itemName: names.get(doc.itemId.toHexString()) ?? '' }));
  }

  return {
    async list(options = {}) {
      return (await reads.find(options).toArray()).map(toItem);
    },
    async *stream(options = {}) {
      // A query per batch, each with its own time limit (paged-reads.ts), not one cursor for the whole export.
      for await (const batch of reads.batches(options, STREAM_BATCH)) yield batch.map(toItem);
    },
    count(filter = {}) {
      return reads.count(filter);
    },
    async get(id) {
      const doc = await items.findOne({ _id: new ObjectId(id) }, { maxTimeMS: OPERATION_TIME_MS });
      return doc ? toItem(doc) : null;
    },
    async getBySku(sku) {
      const doc = await items.findOne({ sku: skuIs(sku) }, { maxTimeMS: OPERATION_TIME_MS });
      return doc ? toItem(doc) : null;
    },
    async getByCode(code) {
      const doc = await items.findOne({ codes: codeIs(code) }, { maxTimeMS: OPERATION_TIME_MS });
      return doc ? toItem(doc) : null;
    },
    async *ledger(filter) {
      const at = {
        ...(filter.from !== undefined ? { $gte: new Date(filter.from) } : {}),
        ...(filter.to !== undefined ? { $lte: new Date(filter.to) } : {}),
      };
      const query = {
        ...(filter.itemId !== undefined ? { itemId: new ObjectId(filter.itemId) } : {}),
        ...(Object.keys(at).length > 0 ? { at } : {}),
      };
      // Oldest first by time, then as written (an ObjectId grows with its write), from { at, _id }: a query
      // per batch, each with its own time limit (paged-reads.ts), not one cursor for the whole export.
      for await (const batch of keysetBatches(movements, query, { at: 1, _id: 1 }, { batch: STREAM_BATCH })) {
        yield await withNames(batch);
      }
    },
    async history(id, page) {
      const filter = { itemId: new ObjectId(id) };
      // The item's own write order; movements from before `version` (null: lowest) after the rest, by _id.
      const [docs, total] = await Promise.all([
        movements
          .find(filter)
          .sort({ version: -1, _id: -1 })
          .skip(page.skip)
          .limit(page.limit)
          .maxTimeMS(OPERATION_TIME_MS)
          .toArray(),
        movements.countDocuments(filter, { maxTimeMS: OPERATION_TIME_MS }),
      ]);
      // Which of the page's movements were undone, and by which undo (undo_of_unique has them).
      const undos = await movements
        .find(
          { undoOf: { $in: docs.map((doc) => doc._id) } },
          { projection: { undoOf: 1 }, maxTimeMS: OPERATION_TIME_MS },
        )
        .toArray();
      const undoneBy = new Map(undos.map((undo) => [undo.undoOf!.toHexString(), undo._id]));
      return { movements: docs.map((doc) => toMovement(doc, undoneBy.get(doc._id.toHexString()))), total };
    },
  };
}
