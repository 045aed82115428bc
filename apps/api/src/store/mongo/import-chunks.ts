import { ObjectId, type ClientSession, type UpdateFilter } from 'mongodb';
import { ITEM_FIELDS, type Item } from '@smart-zone/types/item';
import { decideDelete } from '../decisions/delete-item';
import { fieldsAfterImportUndo, IMPORT_UNDONE_REASON } from '../decisions/undo-import';
import { type PlannedCreate, type PlannedUpdate, planRowAgain } from '../import-chunks';
import type { ImportLookup, ItemFields } from '../import-plan';
import { ImportConflictError, type Author, type ImportOptions, type ImportRow } from '../store';
import { toItem, type ImportChunkDoc, type ImportJobDoc, type ItemDoc, type MongoCollections } from './documents';
import { holdingsOfDoc } from './doc-mappers';
import type { PlaceDoc } from './schema-locations';
import { ledgerChange, touchLocations } from './item-writes';
import { inTx, type ItemChange, type MongoLedger } from './mongo-ledger';

/** An item a chunk updates, at the version the plan read: its fields wanted (`reason`, `locationId`: the row's). */
export type ImportUpdateDoc = Pick<PlannedUpdate, 'wanted' | 'reason' | 'locationId'> & {
  itemId: ObjectId;
  version: number;
  row?: ImportRow;
};

/** What mongo-items.ts lends the import: its item writes, shared with create and update. */
export interface ImportWrites {
  /** New items (an import row's `locationId`: where its units are put; a location gone: ImportConflictError). */
  insertMany(inputs: readonly PlannedCreate[], by: Author, session?: ClientSession): Promise<Item[]>;
  /** A write that gives items SKUs: a duplicate key from a concurrent write answered as SkuTakenError. */
  skuChecked<T>(run: () => Promise<T>): Promise<T>;
  /** The update of an item's fields; `before` and `places` (its change's): its stock by location moved with it. */
  fieldsUpdate(
    wanted: ItemFields,
    now: Date,
    by: Author,
    before: ItemDoc,
    places: readonly PlaceDoc[] | undefined,
  ): UpdateFilter<ItemDoc>;
  fieldsChange(
    before: ItemDoc,
    wanted: ItemFields,
    by: Author,
    reason: 'edit' | 'import' | 'restock',
    at: Date,
    seq: number,
    locationId?: string,
  ): ItemChange;
}

/** An item's editable fields as stored (an item from before SKUs has none: null). */
const storedFields = (doc: ItemDoc): ItemFields =>
  Object.fromEntries(
    ITEM_FIELDS.map((field) => [
      field,
      field === 'sku' ? (doc.sku ?? null) : field === 'barcodes' ? (doc.barcodes ?? []) : doc[field],
    ]),
  ) as ItemFields;

/**
 * An import job's chunks written and taken back (mongo-import.ts runs the job): each in one transaction,
 * which also checks that the job is still `owner`'s and moves its heartbeat on.
 */
export function chunkWrites(
  { items, importJobs, importChunks, locations }: MongoCollections,
  { write, record, bumpRevision }: MongoLedger,
  writes: ImportWrites,
  owner: string,
  /** The items rows name (mongo-import.ts), for a row planned again. */
  lookup: (rows: readonly ImportRow[], options: ImportOptions) => Promise<ImportLookup>,
) {
  /** The job is still this process's and in `state`: moves its heartbeat on (and its count), in the caller's write. */
  async function hold(job: ImportJobDoc, state: ImportJobDoc['state'], applied: number, session?: ClientSession) {
    const held = await importJobs.updateOne(
      { _id: job._id, owner, state },
      { $set: { heartbeatAt: new Date() }, $inc: { applied } },
      inTx(session),
    );
    if (held.matchedCount === 0)
      throw new Error(`Import job ${job._id.toHexString()} was taken over by another instance`);
  }

  /**
   * One chunk's rows, in one transaction: creates, then updates. An item written since the plan has its row
   * planned again from it as it is now (import-chunks.ts' planRowAgain, as SQLite's import-job.ts does).
   */
  async function applyChunk(job: ImportJobDoc, chunk: ImportChunkDoc) {
    await write(async (session) => {
      // Applied already (a retried transaction that did commit, a resumed job): nothing to do.
      const current = await importChunks.findOne({ _id: chunk._id }, { projection: { applied: 1 }, ...inTx(session) });
      if (!current || current.applied) return;
      await hold(job, 'running', 1, session);
      const created = await writes.insertMany(chunk.creates, job.by, session);
      const ids = chunk.updates.map((update) => update.itemId);
      const docs = new Map(
        (await items.find({ _id: { $in: ids } }, inTx(session)).toArray()).map((doc) => [doc._id.toHexString(), doc]),
      );
      const now = new Date();
      const befores: {
        before: ItemDoc;
        wanted: ItemFields;
        reason: 'import' | 'restock';
        locationId?: string;
        again?: true;
      }[] = [];
      for (const { itemId, version, wanted, reason, locationId, row } of chunk.updates) {
        const before = docs.get(itemId.toHexString());
        if (before && before.version === version) {
          befores.push({ before, wanted, reason: reason ?? 'import', locationId });
          continue;
        }
        // A job from before rows were kept with their chunk cannot plan one again.
        if (!before || !row || !job.options) throw new ImportConflictError();
        const again = planRowAgain(row, itemId.toHexString(), await lookup([row], job.options), job.options);
        // Read outside this transaction: the item must be the one read in it.
        if (again && again.item.version !== before.version) throw new ImportConflictError();
        if (again) {
          const { wanted: given, reason: why, locationId: to } = again;
          befores.push({ before, wanted: given, reason: why ?? 'import', locationId: to, again: true });
        }
      }
      if (befores.length > 0) {
        const first = await bumpRevision(session, befores.length);
        const changes = befores.map(({ before, wanted, reason, locationId }, at) =>
          writes.fieldsChange(before, wanted, job.by, reason, now, first + at, locationId),
        );
        // Units put at a row's location: it is still there, and written with them (item-writes.ts).
        if (
          await touchLocations(
            locations,
            changes.map((change) => change.movement?.places),
            session,
          )
        ) {
          throw new ImportConflictError();
        }
        const written = await items.bulkWrite(
          befores.map(({ before, wanted }, at) => ({
            updateOne: {
              filter: { _id: before._id, version: before.version },
              update: writes.fieldsUpdate(wanted, now, job.by, before, changes[at]!.movement?.places),
            },
          })),
          { ordered: true, ...inTx(session) },
        );
        if (written.matchedCount !== befores.length) throw new ImportConflictError();
        await record(changes, session);
      }
      await importChunks.updateOne(
        { _id: chunk._id },
        {
          $set: {
            applied: true,
            undo: {
              created: created.map((item) => new ObjectId(item._id)),
              updated: befores.map(({ before, wanted, again }) => ({
                itemId: before._id,
                version: before.version + 1,
                before: storedFields(before),
                ...(again ? { wanted } : {}),
              })),
            },
          },
        },
        inTx(session),
      );
    });
  }

  /**
   * One applied chunk taken back, in one transaction: its created items deleted (with their `deleted`
   * movement and audit entry), its updated items given back their fields; an item written since keeps
   * the fields that write changed, and its quantity moves by the import's delta taken back (within 0 and
   * QUANTITY_MAX), as a movement, so the ledger still sums.
   */
  async function undoChunk(job: ImportJobDoc, chunk: ImportChunkDoc) {
    const by: Author = { ...job.by, reason: IMPORT_UNDONE_REASON };
    await write(async (session) => {
      const current = await importChunks.findOne({ _id: chunk._id }, inTx(session));
      if (!current?.applied || current.undone || !current.undo) return;
      await hold(job, 'undoing', 0, session);
      const now = new Date();
      const changes: ItemChange[] = [];
      for (const { itemId, version, before, wanted: givenAgain } of current.undo.updated) {
        const doc = await items.findOne({ _id: itemId }, inTx(session));
        if (!doc) continue;
        const wanted = givenAgain ?? current.updates.find((update) => update.itemId.equals(itemId))?.wanted;
        // As decisions/undo-import.ts decides it for both stores.
        const restored = fieldsAfterImportUndo(
          { version: doc.version, fields: storedFields(doc) },
          { version, before, wanted },
        );
        if (!restored) continue;
        const change = writes.fieldsChange(doc, restored, by, 'import', now, await bumpRevision(session));
        const put = await items.updateOne(
          { _id: itemId, version: doc.version },
          writes.fieldsUpdate(restored, now, by, doc, change.movement?.places),
          inTx(session),
        );
        if (put.matchedCount !== 1) throw new ImportConflictError();
        changes.push(change);
      }
      const created = await items.find({ _id: { $in: current.undo.created } }, inTx(session)).toArray();
      if (created.length > 0) {
        await items.deleteMany({ _id: { $in: created.map((doc) => doc._id) } }, inTx(session));
        const first = await bumpRevision(session, created.length);
        // Each deleted as the store's remove() decides it (decisions/delete-item.ts).
        created.forEach((doc, at) => {
          const write = decideDelete(toItem(doc), holdingsOfDoc(doc), by, now.toISOString());
          if (write) changes.push(ledgerChange(write.change, first + at));
        });
      }
      if (changes.length > 0) await record(changes, session);
      await importChunks.updateOne({ _id: chunk._id }, { $set: { undone: true } }, inTx(session));
    });
  }

  return { applyChunk, undoChunk };
}
