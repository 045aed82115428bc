import { MongoServerError, ObjectId, type ClientSession } from 'mongodb';
import { assertStorableQuantity, type Item, type ItemInput } from '@smart-zone/types/item';
import { decideStockChange } from '../decisions/change-stock';
import { decideCreate, skuAsked, skusAsked } from '../decisions/create-items';
import { decideDelete } from '../decisions/delete-item';
import { decideEdit, editWrite } from '../decisions/edit-item';
import { decideUndo } from '../decisions/undo-movement';
import { importOutcome, type ImportLookup, type ItemFields, keysOf, planImport } from '../import-plan';
import type { Author, ImportRow, ItemRepository, UndoOutcome } from '../ports/items';
import { skuIn, skuIs, toItem, type ItemDoc, type MongoCollections } from './documents';
import { mongoItemReads } from './item-reads';
import { fieldsUpdate, ledgerChange, mongoItemWriter, newItemDoc } from './item-writes';
import { inTx, OPERATION_TIME_MS, type MongoLedger } from './mongo-ledger';
import { DUPLICATE_KEY, skuChecked as skuCheckedIn } from './sku-conflict';

/** Documents per insert inside createMany's one transaction: each insert stays well within its time limit. */
const INSERT_BATCH = 1000;
/**
 * An import's one transaction may run this long: 100,000 rows are many round trips. MongoDB's own limit on
 * a transaction's life (transactionLifetimeLimitSeconds, 60 s by default) is the other bound.
 */
const IMPORT_TIME_MS = 55_000;

type Settled = ItemFields;

/** Now, as every write stamps it. */
const now = () => new Date().toISOString();

/**
 * The item writes: each reads what its decision (decisions/) needs inside its write, calls it, and stores
 * what it decided (item-writes.ts); the reads are item-reads.ts'.
 */
export function mongoItems(collections: MongoCollections, ledger: MongoLedger) {
  const { items, movements } = collections;
  const { write, record, bumpRevision } = ledger;
  const writer = mongoItemWriter(collections, ledger);
  const skuChecked = <T>(run: () => Promise<T>) => skuCheckedIn(items, run);

  /**
   * Inserts the items, in the order given, each with its `created` movement, inside the caller's write, as
   * decided (all or none: a bad quantity or a SKU taken anywhere writes nothing).
   */
  async function insertMany(inputs: readonly ItemInput[], actor: Author, session?: ClientSession): Promise<Item[]> {
    if (inputs.length === 0) return [];
    const skus = skusAsked(inputs);
    const holders =
      skus.length === 0
        ? []
        : await items.find({ sku: skuIn(skus) }, { projection: { name: 1, sku: 1 }, ...inTx(session) }).toArray();
    const holderOf = (sku: string) => {
      const holder = holders.find((doc) => doc.sku === sku);
      return holder && { id: holder._id.toHexString(), name: holder.name };
    };
    const ids = inputs.map(() => new ObjectId().toHexString());
    const writes = decideCreate(inputs, { ids, holderOf }, actor, now());
    const first = await bumpRevision(session, writes.length);
    for (let start = 0; start < writes.length; start += INSERT_BATCH) {
      const batch = writes.slice(start, start + INSERT_BATCH);
      await items.insertMany(
        batch.map(({ item }, index) => newItemDoc(item!, actor, first + start + index)),
        inTx(session),
      );
      await record(
        batch.map(({ change }, index) => ledgerChange(change, first + start + index)),
        session,
      );
    }
    return writes.map(({ item }) => item!);
  }

  /** What new fields come to for the ledger (an import's, decided by editWrite). */
  const fieldsChange = (
    before: ItemDoc,
    wanted: Settled,
    actor: Author,
    quantityReason: 'adjust' | 'import',
    at: Date,
    seq: number,
  ) => ledgerChange(editWrite(toItem(before), wanted, actor, at.toISOString(), quantityReason).change, seq);

  /**
   * An import's updates inside its write, a batch per bulk write and per insert of the ledger; each item
   * must still have the version the plan read (inside a transaction it does: a concurrent write aborts
   * and withTransaction runs the import again).
   */
  async function writeImported(updates: { before: ItemDoc; wanted: Settled }[], by: Author, session?: ClientSession) {
    for (let start = 0; start < updates.length; start += INSERT_BATCH) {
      const batch = updates.slice(start, start + INSERT_BATCH);
      const now = new Date();
      const first = await bumpRevision(session, batch.length);
      const written = await items.bulkWrite(
        batch.map(({ before, wanted }) => ({
          updateOne: { filter: { _id: before._id, version: before.version }, update: fieldsUpdate(wanted, now, by) },
        })),
        { ordered: true, ...inTx(session) },
      );
      if (written.matchedCount !== batch.length) {
        throw new Error('Items changed while the import was written: nothing more was imported; import the file again');
      }
      await record(
        batch.map(({ before, wanted }, index) => fieldsChange(before, wanted, by, 'import', now, first + index)),
        session,
      );
    }
  }

  /** The items an import's rows name, a batch of keys per query (inside its transaction when it applies). */
  async function importLookup(
    rows: readonly ImportRow[],
    session?: ClientSession,
  ): Promise<ImportLookup & { docs: Map<string, ItemDoc> }> {
    const { ids, skus } = keysOf(rows);
    const docs = new Map<string, ItemDoc>();
    const byId = new Map<string, Item>();
    const bySku = new Map<string, Item>();
    for (let at = 0; at < ids.length; at += INSERT_BATCH) {
      const batch = ids.slice(at, at + INSERT_BATCH).map((id) => new ObjectId(id));
      for (const doc of await items.find({ _id: { $in: batch } }, inTx(session)).toArray()) {
        docs.set(doc._id.toHexString(), doc);
        byId.set(doc._id.toHexString(), toItem(doc));
      }
    }
    for (let at = 0; at < skus.length; at += INSERT_BATCH) {
      for (const doc of await items.find({ sku: skuIn(skus.slice(at, at + INSERT_BATCH)) }, inTx(session)).toArray()) {
        const id = doc._id.toHexString();
        if (!docs.has(id)) docs.set(id, doc);
        bySku.set(doc.sku!, byId.get(id) ?? toItem(doc));
      }
    }
    return { docs, byId: (id) => byId.get(id), bySku: (sku) => bySku.get(sku) };
  }

  /** An import planned, and (when asked and clean) written in the caller's write. */
  async function importRows(rows: readonly ImportRow[], by: Author, apply: boolean, session?: ClientSession) {
    const lookup = await importLookup(rows, session);
    const plan = planImport(rows, lookup);
    const outcome = importOutcome(rows.length, plan);
    if (!apply || !outcome.ok) return outcome;
    const creates = plan.planned.flatMap((step) => (step.action === 'create' ? [step.wanted] : []));
    await insertMany(creates, by, session);
    const updates = plan.planned.flatMap((step) =>
      step.action === 'update' ? [{ before: lookup.docs.get(step.item._id)!, wanted: step.wanted }] : [],
    );
    await writeImported(updates, by, session);
    return outcome;
  }

  const repository: ItemRepository = {
    ...mongoItemReads(collections),
    revision() {
      return ledger.revision();
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
        writer.decided(async (session) => {
          const before = await writer.read(new ObjectId(id), session);
          const sku = skuAsked(input);
          const holder =
            sku === undefined
              ? null
              : await items.findOne({ sku: skuIs(sku) }, { projection: { name: 1 }, ...inTx(session) });
          const skuHolder = holder ? { id: holder._id.toHexString(), name: holder.name } : undefined;
          const decision = decideEdit(before && toItem(before), input, { skuHolder }, actor, now(), expectedVersion);
          if (!decision.ok || !decision.changed) return decision;
          await writer.apply(decision.write, before!, session);
          return { ok: true as const, item: decision.write.item!, changed: true };
        }),
      );
    },
    changeStock(id, change, actor) {
      return writer.decided(async (session) => {
        const before = await writer.read(new ObjectId(id), session);
        const decision = decideStockChange(before && toItem(before), change, actor, now());
        if (!decision.ok) return decision;
        const movementId = await writer.apply(decision.write, before!, session);
        return { ok: true as const, item: decision.write.item!, movementId: movementId! };
      });
    },
    undo(movementId, by, limit) {
      return writer
        .decided(async (session): Promise<UndoOutcome> => {
          const _id = new ObjectId(movementId);
          const movement = await movements.findOne({ _id }, inTx(session));
          const undone =
            movement && (await movements.findOne({ undoOf: _id }, { projection: { _id: 1 }, ...inTx(session) }));
          const before = movement && (await writer.read(movement.itemId, session));
          const target = movement && {
            id: movementId,
            actorUid: movement.actor.uid,
            at: movement.at.toISOString(),
            reason: movement.reason,
            delta: movement.delta,
            ...(undone ? { undoneBy: undone._id.toHexString() } : {}),
          };
          const decision = decideUndo(target, before && toItem(before), by, now(), limit);
          if (!decision.ok) return decision;
          const undoId = await writer.apply(decision.write, before!, session);
          return { ok: true, item: decision.write.item!, movementId: undoId! };
        })
        .catch(async (error: unknown) => {
          // Two undos at once: the second's movement is a duplicate key on undoOf.
          if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) throw error;
          const undone = await movements.findOne(
            { undoOf: new ObjectId(movementId) },
            { maxTimeMS: OPERATION_TIME_MS },
          );
          if (!undone) throw error;
          return { ok: false, reason: 'already_undone', undoneBy: undone._id.toHexString() } as const;
        });
    },
    async importRows(packed, { by, apply }) {
      const rows = packed.all();
      if (!apply) return importRows(rows, by, false);
      return skuChecked(() => write((session) => importRows(rows, by, true, session), { timeMs: IMPORT_TIME_MS }));
    },
    remove(id, actor) {
      return writer.decided(async (session) => {
        const before = await writer.read(new ObjectId(id), session);
        const write = decideDelete(before && toItem(before), actor, now());
        if (!write) return false;
        await writer.apply(write, before!, session);
        return true;
      });
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
