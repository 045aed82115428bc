import { ObjectId, type ClientSession } from 'mongodb';
import { assertStorableQuantity, QUANTITY_MAX, type Actor, type Item, type ItemInput } from '@smart-zone/types/item';
import type { ItemRepository } from '../store';
import { nameKey, searchText, toItem, toMovement, type ItemDoc, type MongoCollections } from './documents';
import { itemQueries, STREAM_BATCH } from './item-queries';
import { inTx, OPERATION_TIME_MS, type MongoLedger } from './mongo-ledger';

const EDITABLE: readonly (keyof ItemInput)[] = ['name', 'supplier', 'price', 'quantity', 'description', 'img'];
/** Documents per insert inside createMany's one transaction: each insert stays well within its time limit. */
const INSERT_BATCH = 1000;

export function mongoItems({ items, movements }: MongoCollections, ledger: MongoLedger) {
  const { write, append, bumpRevision } = ledger;
  const reads = itemQueries(items);

  const newItemDoc = (input: ItemInput, actor: Actor): Omit<ItemDoc, 'seq'> => {
    assertStorableQuantity(input.quantity);
    const now = new Date();
    return {
      _id: new ObjectId(),
      ...input,
      createdAt: now,
      updatedAt: now,
      version: 1,
      createdBy: actor,
      updatedBy: actor,
      search: searchText(input),
      nameKey: nameKey(input.name),
    };
  };

  /**
   * Inserts the items, in the order given, each with its `created` movement,
   * inside the caller's write. Every quantity is checked before the first
   * write: a bad one anywhere writes nothing.
   */
  async function insertMany(inputs: readonly ItemInput[], actor: Actor, session?: ClientSession): Promise<Item[]> {
    const drafts = inputs.map((input) => newItemDoc(input, actor));
    if (drafts.length === 0) return [];
    const first = await bumpRevision(session, drafts.length);
    const docs: ItemDoc[] = drafts.map((draft, at) => ({ ...draft, seq: first + at }));
    for (let start = 0; start < docs.length; start += INSERT_BATCH) {
      const batch = docs.slice(start, start + INSERT_BATCH);
      await items.insertMany(batch, inTx(session));
      await movements.insertMany(
        batch.map((doc) => ({
          _id: new ObjectId(),
          itemId: doc._id,
          delta: doc.quantity,
          quantityAfter: doc.quantity,
          reason: 'created' as const,
          actor,
          at: doc.createdAt,
          version: doc.version,
        })),
        inTx(session),
      );
    }
    return docs.map(toItem);
  }

  const repository: ItemRepository = {
    async list(options = {}) {
      return (await reads.find(options).toArray()).map(toItem);
    },
    async *stream(options = {}) {
      let batch: ItemDoc[] = [];
      for await (const doc of reads.find(options).batchSize(STREAM_BATCH)) {
        batch.push(doc);
        if (batch.length === STREAM_BATCH) {
          yield batch.map(toItem);
          batch = [];
        }
      }
      if (batch.length > 0) yield batch.map(toItem);
    },
    count(filter = {}) {
      return reads.count(filter);
    },
    revision() {
      return ledger.revision();
    },
    async get(id) {
      const doc = await items.findOne({ _id: new ObjectId(id) }, { maxTimeMS: OPERATION_TIME_MS });
      return doc ? toItem(doc) : null;
    },
    async create(input, actor) {
      assertStorableQuantity(input.quantity);
      const [item] = await write((session) => insertMany([input], actor, session));
      return item!;
    },
    async createMany(inputs, actor) {
      // Checked before the transaction starts, and in one transaction, as SQLite's: all or none.
      for (const input of inputs) assertStorableQuantity(input.quantity);
      if (inputs.length === 0) return 0;
      return (await write((session) => insertMany(inputs, actor, session))).length;
    },
    update(id, input, actor, expectedVersion) {
      return write(async (session) => {
        const _id = new ObjectId(id);
        const before = await items.findOne({ _id }, inTx(session));
        if (!before) return { ok: false as const, reason: 'not_found' as const };
        if (expectedVersion !== undefined && before.version !== expectedVersion) {
          return { ok: false as const, reason: 'stale' as const, item: toItem(before) };
        }
        if (EDITABLE.every((key) => before[key] === input[key]))
          return { ok: true as const, item: toItem(before), changed: false };
        const now = new Date();
        const after = await items.findOneAndUpdate(
          { _id, version: before.version },
          {
            $set: {
              ...input,
              search: searchText(input),
              nameKey: nameKey(input.name),
              updatedAt: now,
              updatedBy: actor,
            },
            $inc: { version: 1 },
          },
          { returnDocument: 'after', ...inTx(session) },
        );
        // Inside a transaction a concurrent write aborts us (and withTransaction retries); outside one, say stale.
        if (!after) return { ok: false as const, reason: 'stale' as const, item: toItem(before) };
        const delta = after.quantity - before.quantity;
        if (delta !== 0) {
          await append(
            {
              itemId: _id,
              delta,
              quantityAfter: after.quantity,
              reason: 'adjust',
              actor,
              at: now,
              version: after.version,
            },
            session,
          );
        }
        await bumpRevision(session);
        return { ok: true as const, item: toItem(after), changed: true };
      });
    },
    changeStock(id, change, actor) {
      return write(async (session) => {
        const _id = new ObjectId(id);
        const now = new Date();
        // The range guard is in the filter: a change that would leave it matches no document.
        const after = await items.findOneAndUpdate(
          { _id, quantity: { $gte: -change.delta, $lte: QUANTITY_MAX - change.delta } },
          { $inc: { quantity: change.delta, version: 1 }, $set: { updatedAt: now, updatedBy: actor } },
          { returnDocument: 'after', ...inTx(session) },
        );
        if (!after) {
          const current = await items.findOne({ _id }, { projection: { quantity: 1 }, ...inTx(session) });
          return current
            ? { ok: false as const, reason: 'out_of_range' as const, available: current.quantity }
            : { ok: false as const, reason: 'not_found' as const };
        }
        await append(
          {
            itemId: _id,
            delta: change.delta,
            quantityAfter: after.quantity,
            reason: change.delta > 0 ? 'restock' : 'adjust',
            actor,
            at: now,
            ...(change.note ? { note: change.note } : {}),
            version: after.version,
          },
          session,
        );
        await bumpRevision(session);
        return { ok: true as const, item: toItem(after) };
      });
    },
    remove(id, actor) {
      return write(async (session) => {
        const doc = await items.findOneAndDelete({ _id: new ObjectId(id) }, inTx(session));
        if (!doc) return false;
        await append(
          {
            itemId: doc._id,
            // 0 − quantity, not −quantity: an empty item's delta is the int 0, never a double −0.
            delta: 0 - doc.quantity,
            quantityAfter: 0,
            reason: 'deleted',
            actor,
            at: new Date(),
            item: toItem(doc),
            // The deletion is the item's last change: one past its last version.
            version: doc.version + 1,
          },
          session,
        );
        await bumpRevision(session);
        return true;
      });
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
      return { movements: docs.map(toMovement), total };
    },
  };

  return {
    repository,
    insertMany,
    /** Whether the store holds no item, read inside the caller's write. */
    isEmpty: async (session?: ClientSession) =>
      (await items.countDocuments({}, { limit: 1, hint: { _id: 1 }, ...inTx(session) })) === 0,
  };
}
