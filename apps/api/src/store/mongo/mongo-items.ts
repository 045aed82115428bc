import { MongoServerError, ObjectId, type ClientSession } from 'mongodb';
import { assertStorableQuantity, type Item, type ItemInput, SYSTEM_ACTOR } from '@smart-zone/types/item';
import { decideStockChange } from '../decisions/change-stock';
import { codesAsked, decideCreate, type SkuHolder } from '../decisions/create-items';
import { decideDelete, decideEmptyDemo, DEMO_ITEMS_MAX } from '../decisions/delete-item';
import { decideEdit, editWrite } from '../decisions/edit-item';
import { decideUndo } from '../decisions/undo-movement';
import type { ItemFields } from '../import-plan';
import {
  type Author,
  type BatchTransferOutcome,
  type ItemRepository,
  LineRefused,
  type UndoOutcome,
} from '../ports/items';
import { ImportConflictError } from '../ports/errors';
import { decideTransfer } from '../decisions/transfer';
import { MAIN_LOCATION_ID, type Transfer } from '@smart-zone/types/location';
import { holdingsOfDoc, placesOf } from './doc-mappers';
import { codeIn, toItem, type ItemDoc, type MongoCollections } from './documents';
import { mongoItemReads } from './item-reads';
import { fieldsUpdate, ledgerChange, locationsThere, mongoItemWriter, newItemDoc, touchLocations } from './item-writes';
import { mongoImport } from './mongo-import';
import { inTx, OPERATION_TIME_MS, type MongoLedger } from './mongo-ledger';
import { DUPLICATE_KEY, skuChecked as skuCheckedIn } from './sku-conflict';

/** Documents per insert inside createMany's one transaction: each insert stays well within its time limit. */
const INSERT_BATCH = 1000;
type Settled = ItemFields;

/** Now, as every write stamps it. */
const now = () => new Date().toISOString();

/**
 * The item writes: each reads what its decision (decisions/) needs inside its write, calls it, and stores
 * what it decided (item-writes.ts); the reads are item-reads.ts'.
 */
export function mongoItems(collections: MongoCollections, ledger: MongoLedger) {
  const { items, movements, locations } = collections;
  /** One move, inside the caller's write: the paths of the locations it names and the item holds, read at once. */
  async function transferOne(id: string, asked: Transfer, actor: Author, session?: ClientSession) {
    const before = await writer.read(new ObjectId(id), session);
    const holdings = holdingsOfDoc(before);
    const named = [asked.to, ...(asked.from ? [asked.from] : []), MAIN_LOCATION_ID, ...holdings.others.keys()];
    const found = await locations
      .find({ _id: { $in: named.map((hex) => new ObjectId(hex)) } }, { projection: { path: 1 }, ...inTx(session) })
      .toArray();
    const paths = new Map(found.map((doc) => [doc._id.toHexString(), doc.path]));
    const decision = decideTransfer(before && toItem(before), holdings, asked, paths, actor, now());
    if (!decision.ok) return decision;
    const movementId = await writer.apply(decision.write, before!, session);
    return { ok: true as const, item: decision.write.item!, movementId: movementId! };
  }

  /**
   * The demo's items (one more than it may have: then it is not the demo), and whether a person wrote since (a
   * movement by anyone but the system, or a delivery), read in the caller's write.
   */
  async function demoState(session?: ClientSession) {
    const docs = await items
      .find({}, { sort: { seq: 1, _id: 1 }, limit: DEMO_ITEMS_MAX + 1, ...inTx(session) })
      .toArray();
    const person = await movements.findOne(
      { 'actor.uid': { $ne: SYSTEM_ACTOR.uid } },
      { projection: { _id: 1 }, ...inTx(session) },
    );
    const delivery = await collections.deliveries.findOne({}, { projection: { _id: 1 }, ...inTx(session) });
    return { docs, touched: docs.length === 0 || person !== null || delivery !== null };
  }

  /** A location's path, read in the write (null: there is none). */
  const pathOf = async (locationId: string, session?: ClientSession) =>
    (await locations.findOne({ _id: new ObjectId(locationId) }, { projection: { path: 1 }, ...inTx(session) }))?.path ??
    null;
  const { write, record, bumpRevision } = ledger;
  const writer = mongoItemWriter(collections, ledger);
  const skuChecked = <T>(run: () => Promise<T>) => skuCheckedIn(items, run);

  /** The items that have these codes (as SKU or barcode), read in the write's transaction: a decision's holderOf. */
  async function holdersOf(codes: readonly string[], session?: ClientSession) {
    const holders = new Map<string, SkuHolder>();
    if (codes.length === 0) return (code: string) => holders.get(code);
    const asked = new Set(codes);
    const found = items.find({ codes: codeIn(codes) }, { projection: { name: 1, codes: 1 }, ...inTx(session) });
    for await (const doc of found) {
      for (const code of doc.codes ?? []) {
        if (asked.has(code)) holders.set(code, { id: doc._id.toHexString(), name: doc.name });
      }
    }
    return (code: string) => holders.get(code);
  }

  /**
   * Inserts the items, in the order given, each with its `created` movement, inside the caller's write, as
   * decided (all or none: a bad quantity or a SKU taken anywhere writes nothing).
   */
  async function insertMany(
    inputs: readonly (ItemInput & { locationId?: string })[],
    actor: Author,
    session?: ClientSession,
  ): Promise<Item[]> {
    if (inputs.length === 0) return [];
    const holderOf = await holdersOf(codesAsked(inputs), session);
    const ids = inputs.map(() => new ObjectId().toHexString());
    const writes = decideCreate(inputs, { ids, holderOf }, actor, now());
    // An import's new items put at a location (its row's): the location still there, and written with them.
    const gone = await touchLocations(
      locations,
      writes.map(({ change }) => change.movement?.places),
      session,
    );
    if (gone) throw new ImportConflictError();
    const first = await bumpRevision(session, writes.length);
    for (let start = 0; start < writes.length; start += INSERT_BATCH) {
      const batch = writes.slice(start, start + INSERT_BATCH);
      await items.insertMany(
        batch.map(({ item, change }, index) =>
          newItemDoc(item!, actor, first + start + index, change.movement?.places),
        ),
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
    quantityReason: 'edit' | 'import' | 'restock',
    at: Date,
    seq: number,
    locationId?: string,
  ) =>
    ledgerChange(
      editWrite(toItem(before), holdingsOfDoc(before), wanted, actor, at.toISOString(), quantityReason, locationId)
        .change,
      seq,
    );

  // The import (mongo-import.ts): planned once, applied by a job in chunks, with this file's item writes.
  const imports = mongoImport(collections, ledger, { insertMany, skuChecked, fieldsUpdate, fieldsChange });

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
          const holderOf = await holdersOf(codesAsked([input]), session);
          const item = before && toItem(before);
          const decision = decideEdit(item, holdingsOfDoc(before), input, { holderOf }, actor, now(), expectedVersion);
          if (!decision.ok || !decision.changed) return decision;
          await writer.apply(decision.write, before!, session);
          return { ok: true as const, item: decision.write.item!, changed: true };
        }),
      );
    },
    changeStock(id, change, actor) {
      return writer.decided(async (session) => {
        const before = await writer.read(new ObjectId(id), session);
        const found = change.locationId === undefined || (await pathOf(change.locationId, session)) !== null;
        const item = before && toItem(before);
        const decision = decideStockChange(item, holdingsOfDoc(before), change, actor, now(), found);
        if (!decision.ok) return decision;
        const movementId = await writer.apply(decision.write, before!, session);
        return { ok: true as const, item: decision.write.item!, movementId: movementId! };
      });
    },
    transfer(id, asked, actor) {
      return writer.decided((session) => transferOne(id, asked, actor, session));
    },
    transferMany({ to, note, lines }, actor) {
      // Every line in the one write, or none: the first refused throws, and the transaction is not committed.
      return writer
        .decided(async (session): Promise<BatchTransferOutcome> => {
          const movementIds: string[] = [];
          for (const [line, { itemId, from, quantity }] of lines.entries()) {
            const asked = { to, quantity, ...(from ? { from } : {}), ...(note ? { note } : {}) };
            const outcome = await transferOne(itemId, asked, actor, session);
            if (!outcome.ok) throw new LineRefused(line, itemId, outcome);
            movementIds.push(outcome.movementId);
          }
          return { ok: true, movementIds };
        })
        .catch((error: unknown) => {
          if (error instanceof LineRefused) return error.outcome;
          throw error;
        });
    },
    async stockByLocation(id) {
      const doc = await items.findOne(
        { _id: new ObjectId(id) },
        { projection: { quantity: 1, stock: 1 }, maxTimeMS: OPERATION_TIME_MS },
      );
      if (!doc) return null;
      const { main, others } = holdingsOfDoc(doc);
      const ids = [...(main > 0 ? [MAIN_LOCATION_ID] : []), ...others.keys()].map((hex) => new ObjectId(hex));
      const found = await locations
        .find({ _id: { $in: ids } }, { projection: { path: 1, pathKey: 1 }, maxTimeMS: OPERATION_TIME_MS })
        .toArray();
      // Main first (its pathKey is ''), then by path, as SQLite orders them.
      return found
        .sort((a, b) => (a.pathKey < b.pathKey ? -1 : a.pathKey > b.pathKey ? 1 : 0))
        .map(({ _id, path }) => {
          const locationId = _id.toHexString();
          return { locationId, path, quantity: locationId === MAIN_LOCATION_ID ? main : others.get(locationId)! };
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
            ...(movement.places ? { places: placesOf(movement.places) } : {}),
          };
          // The locations its places name that are still there: units put back elsewhere go to Main.
          const exists = await locationsThere(locations, movement?.places, session);
          const item = before && toItem(before);
          const decision = decideUndo(target, item, holdingsOfDoc(before), exists, by, now(), limit);
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
    importRows(packed, options) {
      return imports.importRows(packed, options);
    },
    remove(id, actor) {
      return writer.decided(async (session) => {
        const before = await writer.read(new ObjectId(id), session);
        const write = decideDelete(before && toItem(before), holdingsOfDoc(before), actor, now());
        if (!write) return false;
        await writer.apply(write, before!, session);
        return true;
      });
    },
    async demoOnly() {
      const { docs, touched } = await demoState();
      return !touched && docs.length <= DEMO_ITEMS_MAX;
    },
    emptyDemo(by) {
      return writer.decided(async (session) => {
        const { docs, touched } = await demoState(session);
        const read = docs.map((doc) => ({ item: toItem(doc), holdings: holdingsOfDoc(doc) }));
        const decision = decideEmptyDemo(touched, read, by, now());
        if (!decision.ok) return decision;
        for (const [index, write] of decision.writes.entries()) await writer.apply(write, docs[index]!, session);
        return { ok: true as const, removed: docs.length };
      });
    },
  };

  return {
    repository,
    insertMany,
    /** Whether the store holds no item, read inside the caller's write. */
    isEmpty: async (session?: ClientSession) =>
      (await items.countDocuments({}, { limit: 1, hint: { _id: 1 }, ...inTx(session) })) === 0,
    /** Import jobs whose process died, taken over and finished (mongo-import.ts). */
    resumeImports: () => imports.resume(),
  };
}
