import { ObjectId, type ClientSession } from 'mongodb';
import {
  assertStorableQuantity,
  ITEM_FIELDS,
  QUANTITY_MAX,
  type Actor,
  type Item,
  type ItemInput,
} from '@smart-zone/types/item';
import { itemChanges } from '../audit-entries';
import type { Author, ItemRepository } from '../store';
import {
  actorOf,
  moveStock,
  nameKey,
  searchText,
  stockLevel,
  toItem,
  toMovement,
  type ItemDoc,
  type MongoCollections,
} from './documents';
import { itemQueries, STREAM_BATCH } from './item-queries';
import { inTx, OPERATION_TIME_MS, type MongoLedger } from './mongo-ledger';

/** Documents per insert inside createMany's one transaction: each insert stays well within its time limit. */
const INSERT_BATCH = 1000;

/** The editable fields (ITEM_FIELDS) of an input whose reorder point is settled, and nothing else. */
const editable = (input: ItemInput & { minStock: number }) =>
  Object.fromEntries(ITEM_FIELDS.map((field) => [field, input[field]])) as ItemInput & { minStock: number };

export function mongoItems({ items, movements }: MongoCollections, ledger: MongoLedger) {
  const { write, record, bumpRevision } = ledger;
  const reads = itemQueries(items);

  const newItemDoc = (input: ItemInput, actor: Actor): Omit<ItemDoc, 'seq'> => {
    assertStorableQuantity(input.quantity);
    const now = new Date();
    // Every field named, none undefined: the driver would store an undefined as null.
    const fields = editable({ ...input, minStock: input.minStock ?? 0 });
    const by = actorOf(actor);
    return {
      _id: new ObjectId(),
      ...fields,
      ...stockLevel(fields.quantity, fields.minStock),
      createdAt: now,
      updatedAt: now,
      version: 1,
      createdBy: by,
      updatedBy: by,
      search: searchText(input),
      nameKey: nameKey(input.name),
    };
  };

  /**
   * Inserts the items, in the order given, each with its `created` movement,
   * inside the caller's write. Every quantity is checked before the first
   * write: a bad one anywhere writes nothing.
   */
  async function insertMany(inputs: readonly ItemInput[], actor: Author, session?: ClientSession): Promise<Item[]> {
    const drafts = inputs.map((input) => newItemDoc(input, actor));
    if (drafts.length === 0) return [];
    const first = await bumpRevision(session, drafts.length);
    const docs: ItemDoc[] = drafts.map((draft, at) => ({ ...draft, seq: first + at }));
    for (let start = 0; start < docs.length; start += INSERT_BATCH) {
      const batch = docs.slice(start, start + INSERT_BATCH);
      await items.insertMany(batch, inTx(session));
      await record(
        batch.map((doc, index) => ({
          itemId: doc._id,
          itemName: doc.name,
          cause: 'created' as const,
          actor,
          at: doc.createdAt,
          seq: first + start + index,
          before: null,
          after: { quantity: doc.quantity, minStock: doc.minStock, version: doc.version },
          movement: { delta: doc.quantity, reason: 'created' as const },
          audit: {
            action: 'item.create' as const,
            target: itemTarget(doc),
            changes: itemChanges(null, editable(doc)),
          },
        })),
        session,
      );
    }
    return docs.map(toItem);
  }

  /** What an item's audit entries are about: the item, by its name then. */
  const itemTarget = (doc: Pick<ItemDoc, '_id' | 'name'>) => ({
    kind: 'item' as const,
    id: doc._id.toHexString(),
    name: doc.name,
  });

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
        // An absent reorder point keeps the item's (the spec's client does not know it).
        const wanted = editable({ ...input, minStock: input.minStock ?? before.minStock });
        if (ITEM_FIELDS.every((field) => before[field] === wanted[field]))
          return { ok: true as const, item: toItem(before), changed: false };
        const now = new Date();
        const after = await items.findOneAndUpdate(
          { _id, version: before.version },
          {
            $set: {
              ...wanted,
              ...stockLevel(wanted.quantity, wanted.minStock),
              search: searchText(wanted),
              nameKey: nameKey(wanted.name),
              updatedAt: now,
              updatedBy: actorOf(actor),
            },
            $inc: { version: 1 },
          },
          { returnDocument: 'after', ...inTx(session) },
        );
        // Inside a transaction a concurrent write aborts us (and withTransaction retries); outside one, say stale.
        if (!after) return { ok: false as const, reason: 'stale' as const, item: toItem(before) };
        const delta = after.quantity - before.quantity;
        await record(
          [
            {
              itemId: _id,
              itemName: after.name,
              cause: delta === 0 ? 'updated' : 'adjust',
              actor,
              at: now,
              seq: await bumpRevision(session),
              before: { quantity: before.quantity, minStock: before.minStock },
              after: { quantity: after.quantity, minStock: after.minStock, version: after.version },
              ...(delta !== 0 ? { movement: { delta, reason: 'adjust' as const } } : {}),
              audit: {
                action: 'item.update',
                target: itemTarget(after),
                changes: itemChanges(editable(before), wanted),
              },
            },
          ],
          session,
        );
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
          moveStock(change.delta, now, actor),
          { returnDocument: 'after', ...inTx(session) },
        );
        if (!after) {
          const current = await items.findOne({ _id }, { projection: { quantity: 1 }, ...inTx(session) });
          return current
            ? { ok: false as const, reason: 'out_of_range' as const, available: current.quantity }
            : { ok: false as const, reason: 'not_found' as const };
        }
        const reason = change.delta > 0 ? 'restock' : 'adjust';
        await record(
          [
            {
              itemId: _id,
              itemName: after.name,
              cause: reason,
              actor,
              at: now,
              seq: await bumpRevision(session),
              before: { quantity: after.quantity - change.delta, minStock: after.minStock },
              after: { quantity: after.quantity, minStock: after.minStock, version: after.version },
              movement: { delta: change.delta, reason, ...(change.note ? { note: change.note } : {}) },
              audit: {
                action: change.delta > 0 ? 'stock.restock' : 'stock.remove',
                target: itemTarget(after),
                changes: { quantity: [after.quantity - change.delta, after.quantity] },
              },
            },
          ],
          session,
        );
        return { ok: true as const, item: toItem(after) };
      });
    },
    remove(id, actor) {
      return write(async (session) => {
        const doc = await items.findOneAndDelete({ _id: new ObjectId(id) }, inTx(session));
        if (!doc) return false;
        await record(
          [
            {
              itemId: doc._id,
              itemName: doc.name,
              cause: 'deleted',
              actor,
              at: new Date(),
              seq: await bumpRevision(session),
              before: { quantity: doc.quantity, minStock: doc.minStock },
              after: null,
              // 0 − quantity, not −quantity: an empty item's delta is the int 0, never a double −0.
              movement: { delta: 0 - doc.quantity, reason: 'deleted', item: toItem(doc) },
              audit: { action: 'item.delete', target: itemTarget(doc), changes: itemChanges(editable(doc), null) },
            },
          ],
          session,
        );
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
