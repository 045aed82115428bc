import { MongoBulkWriteError, MongoServerError, ObjectId, type ClientSession, type Document } from 'mongodb';
import {
  assertStorableQuantity,
  isUndoable,
  ITEM_FIELDS,
  QUANTITY_MAX,
  type Actor,
  type Item,
  type ItemInput,
  storedSku,
} from '@smart-zone/types/item';
import { itemChanges } from '../audit-entries';
import { type Author, type ItemRepository, type LedgerLine, SkuTakenError, type UndoOutcome } from '../store';
import {
  actorOf,
  moveStock,
  nameKey,
  searchText,
  SKU_INDEX,
  skuIn,
  skuIs,
  stockLevel,
  toItem,
  toMovement,
  type ItemDoc,
  type MongoCollections,
  type MovementDoc,
} from './documents';
import { itemQueries, STREAM_BATCH } from './item-queries';
import { inTx, type ItemChange, OPERATION_TIME_MS, type MongoLedger } from './mongo-ledger';
import { mongoImport } from './mongo-import';
import { keysetBatches } from './paged-reads';

/** Documents per insert inside createMany's one transaction: each insert stays well within its time limit. */
const INSERT_BATCH = 1000;

type Settled = Omit<ItemInput, 'minStock' | 'sku'> & { minStock: number; sku: string | null };

/** The editable fields (ITEM_FIELDS) of an input whose reorder point and SKU are settled, and nothing else. */
const editable = (input: Settled) => Object.fromEntries(ITEM_FIELDS.map((field) => [field, input[field]])) as Settled;

/** A stored item's editable fields; an item from before SKUs has none (null). */
const storedFields = (doc: ItemDoc) => editable({ ...doc, sku: doc.sku ?? null });

const DUPLICATE_KEY = 11000;

/** The SKU a bulk write's operation wrote: an insert's document's, or an update's `$set`. */
function skuWritten(operation: Document | undefined): unknown {
  const update = (operation?.u as { $set?: { sku?: unknown } } | undefined)?.$set;
  return operation?.sku ?? update?.sku;
}

/**
 * The SKU of MongoDB's duplicate key error on the SKU's unique index (a concurrent write took it first).
 * A single write's error names the key (keyValue); a bulk write's (insertMany, bulkWrite) does not: each
 * of its writeErrors says the index in its message, and gives back the operation it refused.
 */
function conflictingSku(error: unknown): string | undefined {
  if (!(error instanceof MongoServerError)) return undefined;
  if (error.code === DUPLICATE_KEY) {
    const sku = (error.keyValue as { sku?: unknown } | undefined)?.sku;
    if (typeof sku === 'string') return sku;
  }
  if (!(error instanceof MongoBulkWriteError)) return undefined;
  for (const writeError of [error.writeErrors].flat()) {
    if (writeError.code !== DUPLICATE_KEY || !writeError.errmsg?.includes(SKU_INDEX)) continue;
    const sku = skuWritten(writeError.getOperation());
    if (typeof sku === 'string') return sku;
  }
  return undefined;
}

export function mongoItems(collections: MongoCollections, ledger: MongoLedger) {
  const { items, movements } = collections;
  const { write, record, bumpRevision } = ledger;
  const reads = itemQueries(items);

  const newItemDoc = (input: ItemInput, actor: Actor): Omit<ItemDoc, 'seq'> => {
    assertStorableQuantity(input.quantity);
    const now = new Date();
    // Every field named, none undefined: the driver would store an undefined as null.
    const fields = editable({ ...input, minStock: input.minStock ?? 0, sku: storedSku(input.sku) ?? null });
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
    // A SKU given twice, or one another item has, writes nothing (the unique index is the last word).
    const skus = new Map<string, Pick<ItemDoc, '_id' | 'name'>>();
    for (const draft of drafts) {
      if (draft.sku === null || draft.sku === undefined) continue;
      const twice = skus.get(draft.sku);
      if (twice) throw new SkuTakenError(draft.sku, { id: twice._id.toHexString(), name: twice.name });
      skus.set(draft.sku, draft);
    }
    if (skus.size > 0) {
      const holder = await items.findOne(
        { sku: skuIn([...skus.keys()]) },
        { projection: { name: 1, sku: 1 }, ...inTx(session) },
      );
      if (holder) throw new SkuTakenError(holder.sku!, { id: holder._id.toHexString(), name: holder.name });
    }
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
          after: { quantity: doc.quantity, minStock: doc.minStock, price: doc.price, version: doc.version },
          movement: { delta: doc.quantity, reason: 'created' as const },
          audit: {
            action: 'item.create' as const,
            target: itemTarget(doc),
            changes: itemChanges(null, storedFields(doc)),
          },
        })),
        session,
      );
    }
    return docs.map(toItem);
  }

  /**
   * A write that gives items SKUs. Each write checks inside its transaction; when a concurrent one took the
   * SKU between that check and the commit, the unique index refuses this one (a duplicate key, which is not
   * retried): answered as SkuTakenError naming the item that has it, as the check would have.
   */
  async function skuChecked<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const sku = conflictingSku(error);
      if (sku === undefined) throw error;
      const holder = await items.findOne(
        { sku: skuIs(sku) },
        { projection: { name: 1 }, maxTimeMS: OPERATION_TIME_MS },
      );
      if (!holder) throw error;
      throw new SkuTakenError(sku, { id: holder._id.toHexString(), name: holder.name });
    }
  }

  /** What an item's audit entries are about: the item, by its name then. */
  const itemTarget = (doc: Pick<ItemDoc, '_id' | 'name'>) => ({
    kind: 'item' as const,
    id: doc._id.toHexString(),
    name: doc.name,
  });

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

  /** The update that gives an item new fields (and moves its version on). */
  const fieldsUpdate = (wanted: Settled, now: Date, actor: Actor) => ({
    $set: {
      ...wanted,
      ...stockLevel(wanted.quantity, wanted.minStock),
      search: searchText(wanted),
      nameKey: nameKey(wanted.name),
      updatedAt: now,
      updatedBy: actorOf(actor),
    },
    $inc: { version: 1 },
  });

  /**
   * What new fields come to for the ledger: a changed quantity is a movement of `quantityReason` (a PUT's
   * `adjust`, an import's `import`) of new − current.
   */
  const fieldsChange = (
    before: ItemDoc,
    wanted: Settled,
    actor: Author,
    quantityReason: 'adjust' | 'import',
    at: Date,
    seq: number,
  ): ItemChange => {
    const delta = wanted.quantity - before.quantity;
    return {
      itemId: before._id,
      itemName: wanted.name,
      cause: delta === 0 ? 'updated' : quantityReason,
      actor,
      at,
      seq,
      before: { quantity: before.quantity, minStock: before.minStock, price: before.price },
      after: { quantity: wanted.quantity, minStock: wanted.minStock, price: wanted.price, version: before.version + 1 },
      ...(delta !== 0 ? { movement: { delta, reason: quantityReason } } : {}),
      audit: {
        action: 'item.update',
        target: itemTarget({ _id: before._id, name: wanted.name }),
        changes: itemChanges(storedFields(before), wanted),
      },
    };
  };

  // The import (mongo-import.ts): planned once, applied by a job in chunks, with this file's item writes.
  const imports = mongoImport(collections, ledger, { insertMany, skuChecked, fieldsUpdate, fieldsChange });

  const repository: ItemRepository = {
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
    revision() {
      return ledger.revision();
    },
    async get(id) {
      const doc = await items.findOne({ _id: new ObjectId(id) }, { maxTimeMS: OPERATION_TIME_MS });
      return doc ? toItem(doc) : null;
    },
    async getBySku(sku) {
      const doc = await items.findOne({ sku: skuIs(sku) }, { maxTimeMS: OPERATION_TIME_MS });
      return doc ? toItem(doc) : null;
    },
    async create(input, actor) {
      assertStorableQuantity(input.quantity);
      const [item] = await skuChecked(() => write((session) => insertMany([input], actor, session)));
      return item!;
    },
    async createMany(inputs, actor) {
      // Checked before the transaction starts, and in one transaction, as SQLite's: all or none.
      for (const input of inputs) assertStorableQuantity(input.quantity);
      if (inputs.length === 0) return 0;
      return (await skuChecked(() => write((session) => insertMany(inputs, actor, session)))).length;
    },
    update(id, input, actor, expectedVersion) {
      return skuChecked(() =>
        write(async (session) => {
          const _id = new ObjectId(id);
          const before = await items.findOne({ _id }, inTx(session));
          if (!before) return { ok: false as const, reason: 'not_found' as const };
          if (expectedVersion !== undefined && before.version !== expectedVersion) {
            return { ok: false as const, reason: 'stale' as const, item: toItem(before) };
          }
          // An absent reorder point or SKU keeps the item's (the spec's client knows neither).
          const kept = storedFields(before);
          const sku = storedSku(input.sku);
          const wanted = editable({
            ...input,
            minStock: input.minStock ?? before.minStock,
            sku: sku === undefined ? kept.sku : sku,
          });
          if (ITEM_FIELDS.every((field) => kept[field] === wanted[field]))
            return { ok: true as const, item: toItem(before), changed: false };
          if (wanted.sku !== null && wanted.sku !== kept.sku) {
            const holder = await items.findOne(
              { sku: skuIs(wanted.sku), _id: { $ne: _id } },
              { projection: { name: 1 }, ...inTx(session) },
            );
            if (holder) throw new SkuTakenError(wanted.sku, { id: holder._id.toHexString(), name: holder.name });
          }
          const now = new Date();
          const after = await items.findOneAndUpdate(
            { _id, version: before.version },
            fieldsUpdate(wanted, now, actor),
            { returnDocument: 'after', ...inTx(session) },
          );
          // Inside a transaction a concurrent write aborts us (and withTransaction retries); outside one, say stale.
          if (!after) return { ok: false as const, reason: 'stale' as const, item: toItem(before) };
          await record([fieldsChange(before, wanted, actor, 'adjust', now, await bumpRevision(session))], session);
          return { ok: true as const, item: toItem(after), changed: true };
        }),
      );
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
        const [movementId] = await record(
          [
            {
              itemId: _id,
              itemName: after.name,
              cause: reason,
              actor,
              at: now,
              seq: await bumpRevision(session),
              before: { quantity: after.quantity - change.delta, minStock: after.minStock, price: after.price },
              after: { quantity: after.quantity, minStock: after.minStock, price: after.price, version: after.version },
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
        return { ok: true as const, item: toItem(after), movementId: movementId!.toHexString() };
      });
    },
    undo(movementId, by, limit) {
      return write(async (session): Promise<UndoOutcome> => {
        const _id = new ObjectId(movementId);
        const movement = await movements.findOne({ _id }, inTx(session));
        if (!movement) return { ok: false, reason: 'not_found' };
        if (limit && movement.actor.uid !== by.uid) return { ok: false, reason: 'not_yours' };
        if (limit && movement.at < new Date(limit.ownSince)) return { ok: false, reason: 'too_late' };
        if (!isUndoable(movement.reason)) return { ok: false, reason: 'not_undoable', movementReason: movement.reason };
        const undone = await movements.findOne({ undoOf: _id }, { projection: { _id: 1 }, ...inTx(session) });
        if (undone) return { ok: false, reason: 'already_undone', undoneBy: undone._id.toHexString() };
        const delta = 0 - movement.delta;
        const now = new Date();
        const after = await items.findOneAndUpdate(
          { _id: movement.itemId, quantity: { $gte: -delta, $lte: QUANTITY_MAX - delta } },
          moveStock(delta, now, by),
          { returnDocument: 'after', ...inTx(session) },
        );
        if (!after) {
          const current = await items.findOne(
            { _id: movement.itemId },
            { projection: { quantity: 1 }, ...inTx(session) },
          );
          return current
            ? { ok: false, reason: 'out_of_range', available: current.quantity, delta }
            : { ok: false, reason: 'item_gone' };
        }
        const [undoId] = await record(
          [
            {
              itemId: after._id,
              itemName: after.name,
              cause: 'undo',
              actor: by,
              at: now,
              seq: await bumpRevision(session),
              before: { quantity: after.quantity - delta, minStock: after.minStock, price: after.price },
              after: { quantity: after.quantity, minStock: after.minStock, price: after.price, version: after.version },
              movement: { delta, reason: 'undo', undoOf: _id },
              audit: {
                action: 'stock.undo',
                target: itemTarget(after),
                changes: { quantity: [after.quantity - delta, after.quantity] },
              },
            },
          ],
          session,
        );
        return { ok: true, item: toItem(after), movementId: undoId!.toHexString() };
      }).catch(async (error: unknown) => {
        // Two undos at once: the second's movement is a duplicate key on undoOf.
        if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) throw error;
        const undone = await movements.findOne({ undoOf: new ObjectId(movementId) }, { maxTimeMS: OPERATION_TIME_MS });
        if (!undone) throw error;
        return { ok: false, reason: 'already_undone', undoneBy: undone._id.toHexString() } as const;
      });
    },
    importRows(packed, options) {
      return imports.importRows(packed, options);
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
              before: { quantity: doc.quantity, minStock: doc.minStock, price: doc.price },
              after: null,
              // 0 − quantity, not −quantity: an empty item's delta is the int 0, never a double −0.
              movement: { delta: 0 - doc.quantity, reason: 'deleted', item: toItem(doc) },
              audit: { action: 'item.delete', target: itemTarget(doc), changes: itemChanges(storedFields(doc), null) },
            },
          ],
          session,
        );
        return true;
      });
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

  return {
    repository,
    insertMany,
    /** Whether the store holds no item, read inside the caller's write. */
    /** Import jobs whose process died, taken over and finished (mongo-import.ts). */
    resumeImports: () => imports.resume(),
    isEmpty: async (session?: ClientSession) =>
      (await items.countDocuments({}, { limit: 1, hint: { _id: 1 }, ...inTx(session) })) === 0,
  };
}
