import crypto from 'node:crypto';
import { ObjectId, type ClientSession, type UpdateFilter } from 'mongodb';
import { ITEM_FIELDS, QUANTITY_MAX, type Item, type ItemInput } from '@smart-zone/types/item';
import { itemChanges } from '../audit-entries';
import { importOutcome, type ImportLookup, type ItemFields, keysOf, planImport, type PlannedRow } from '../import-plan';
import type { ImportRows } from '../import-rows';
import type { Author, ImportOutcome, ImportRow } from '../store';
import {
  skuIn,
  toItem,
  type ImportChunkDoc,
  type ImportJobDoc,
  type ItemDoc,
  type MongoCollections,
} from './documents';
import { inTx, type ItemChange, type MongoLedger } from './mongo-ledger';

/**
 * Rows per chunk: one transaction each. A row writes its item, movement, audit entry and change (and a
 * day total): 500 rows are about 2,500 documents, a second or two of work, far inside MongoDB's 60 s
 * transaction lifetime (transactionLifetimeLimitSeconds), its cache, and the ledger's own 20 s per write.
 */
export const IMPORT_CHUNK_ROWS = 500;
/** A running job whose heartbeat (one per chunk) is older than this lost its process: another resumes it. */
const JOB_STALE_MS = 2 * 60_000;
/** Keys per lookup query. */
const LOOKUP_BATCH = 1000;
const CONFLICT = 'Items changed while the import was written: nothing was imported; import the file again';

/** What mongo-items.ts lends the import: its item writes, shared with create and update. */
export interface ImportWrites {
  insertMany(inputs: readonly ItemInput[], by: Author, session?: ClientSession): Promise<Item[]>;
  /** A write that gives items SKUs: a duplicate key from a concurrent write answered as SkuTakenError. */
  skuChecked<T>(run: () => Promise<T>): Promise<T>;
  fieldsUpdate(wanted: ItemFields, now: Date, by: Author): UpdateFilter<ItemDoc>;
  fieldsChange(
    before: ItemDoc,
    wanted: ItemFields,
    by: Author,
    reason: 'adjust' | 'import',
    at: Date,
    seq: number,
  ): ItemChange;
}

/** An item's editable fields as stored (an item from before SKUs has none: null). */
const storedFields = (doc: ItemDoc): ItemFields =>
  Object.fromEntries(
    ITEM_FIELDS.map((field) => [field, field === 'sku' ? (doc.sku ?? null) : doc[field]]),
  ) as ItemFields;

/**
 * A job's documents for a plan, as the job's start writes them: the chunks (a plan's rows that change
 * something, in row order, IMPORT_CHUNK_ROWS each) and the job, `running`, owned by `owner`.
 */
export function importJobDocs(
  planned: readonly PlannedRow[],
  {
    by,
    rows,
    owner,
    chunkRows = IMPORT_CHUNK_ROWS,
    now = new Date(),
  }: {
    by: Author;
    rows: number;
    owner: string;
    chunkRows?: number;
    now?: Date;
  },
): { job: ImportJobDoc; chunks: ImportChunkDoc[] } {
  const jobId = new ObjectId();
  const steps = planned.filter((step) => step.action !== 'unchanged');
  const chunks: ImportChunkDoc[] = [];
  for (let start = 0, n = 0; start < steps.length; start += chunkRows, n += 1) {
    const slice = steps.slice(start, start + chunkRows);
    chunks.push({
      _id: new ObjectId(),
      jobId,
      n,
      creates: slice.flatMap((step) => (step.action === 'create' ? [step.wanted] : [])),
      updates: slice.flatMap((step) =>
        step.action === 'update'
          ? [{ itemId: new ObjectId(step.item._id), version: step.item.version, wanted: step.wanted }]
          : [],
      ),
      applied: false,
      createdAt: now,
    });
  }
  const job: ImportJobDoc = {
    _id: jobId,
    state: 'running',
    by,
    rows,
    chunks: chunks.length,
    applied: 0,
    owner,
    createdAt: now,
    heartbeatAt: now,
  };
  return { job, chunks };
}

/**
 * An import on MongoDB: planned once (import-plan.ts, the rule both stores follow) from what the rows
 * name, then applied by an import job in bounded chunks, each its own transaction, so a file of 100,000
 * rows is never one transaction past MongoDB's limits, and other writes wait for a chunk at most, never
 * for the whole file.
 *
 * The job keeps the import's promises. A dry run, or a plan with errors, writes nothing (no job). The
 * chunks, with the plan, are written first, then the job document (its start): what is to be done is on
 * the server before anything is done. Each chunk's transaction writes its rows, marks itself applied with
 * what undoes it (the items it created, each updated item's fields before) and moves the job's count and
 * heartbeat on. All or nothing: a chunk that fails (an item changed since the plan, a SKU taken meanwhile)
 * makes the job undo its applied chunks, newest first, each in a transaction (created items deleted,
 * updated ones given back their fields, the quantity by a compensating `import` movement, so the ledger
 * still sums), then the error is answered as before. Resumable: a job whose process died (its heartbeat
 * stale) is taken over by another instance (resume(), at open) and finished, or its undoing finished.
 */
export function mongoImport(
  { items, importJobs, importChunks }: MongoCollections,
  ledger: MongoLedger,
  writes: ImportWrites,
) {
  const { write, record, bumpRevision } = ledger;
  /** This process, as a job's owner. */
  const owner = crypto.randomUUID();

  /** The items the rows name, a batch of keys per query; `docs` by id, for the updates. */
  async function lookup(rows: readonly ImportRow[]): Promise<ImportLookup> {
    const { ids, skus } = keysOf(rows);
    const byId = new Map<string, Item>();
    const bySku = new Map<string, Item>();
    for (let at = 0; at < ids.length; at += LOOKUP_BATCH) {
      const batch = ids.slice(at, at + LOOKUP_BATCH).map((id) => new ObjectId(id));
      for (const doc of await items.find({ _id: { $in: batch } }, inTx()).toArray()) {
        byId.set(doc._id.toHexString(), toItem(doc));
      }
    }
    for (let at = 0; at < skus.length; at += LOOKUP_BATCH) {
      for (const doc of await items.find({ sku: skuIn(skus.slice(at, at + LOOKUP_BATCH)) }, inTx()).toArray()) {
        bySku.set(doc.sku!, byId.get(doc._id.toHexString()) ?? toItem(doc));
      }
    }
    return { byId: (id) => byId.get(id), bySku: (sku) => bySku.get(sku) };
  }

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

  /** One chunk's rows, in one transaction: creates, then updates (each still at the version planned). */
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
      const befores = chunk.updates.map(({ itemId, version, wanted }) => {
        const before = docs.get(itemId.toHexString());
        if (!before || before.version !== version) throw new Error(CONFLICT);
        return { before, wanted };
      });
      if (befores.length > 0) {
        const first = await bumpRevision(session, befores.length);
        const written = await items.bulkWrite(
          befores.map(({ before, wanted }) => ({
            updateOne: {
              filter: { _id: before._id, version: before.version },
              update: writes.fieldsUpdate(wanted, now, job.by),
            },
          })),
          { ordered: true, ...inTx(session) },
        );
        if (written.matchedCount !== befores.length) throw new Error(CONFLICT);
        await record(
          befores.map(({ before, wanted }, at) =>
            writes.fieldsChange(before, wanted, job.by, 'import', now, first + at),
          ),
          session,
        );
      }
      await importChunks.updateOne(
        { _id: chunk._id },
        {
          $set: {
            applied: true,
            undo: {
              created: created.map((item) => new ObjectId(item._id)),
              updated: befores.map(({ before }) => ({
                itemId: before._id,
                version: before.version + 1,
                before: storedFields(before),
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
    const by: Author = { ...job.by, reason: 'Import undone: it failed before its last rows were written' };
    await write(async (session) => {
      const current = await importChunks.findOne({ _id: chunk._id }, inTx(session));
      if (!current?.applied || current.undone || !current.undo) return;
      await hold(job, 'undoing', 0, session);
      const now = new Date();
      const changes: ItemChange[] = [];
      for (const { itemId, version, before } of current.undo.updated) {
        const doc = await items.findOne({ _id: itemId }, inTx(session));
        if (!doc) continue;
        const planned = current.updates.find((update) => update.itemId.equals(itemId))?.wanted;
        const kept = storedFields(doc);
        // Each field the import set and nobody changed since goes back; the quantity by the import's delta.
        const restored = Object.fromEntries(
          ITEM_FIELDS.map((field) => {
            const untouched = doc.version === version || (planned !== undefined && kept[field] === planned[field]);
            return [field, untouched ? before[field] : kept[field]];
          }),
        ) as ItemFields;
        const importDelta = planned ? planned.quantity - before.quantity : 0;
        restored.quantity =
          doc.version === version ? before.quantity : Math.min(QUANTITY_MAX, Math.max(0, doc.quantity - importDelta));
        if (ITEM_FIELDS.every((field) => kept[field] === restored[field])) continue;
        const put = await items.updateOne(
          { _id: itemId, version: doc.version },
          writes.fieldsUpdate(restored, now, by),
          inTx(session),
        );
        if (put.matchedCount !== 1) throw new Error(CONFLICT);
        changes.push(writes.fieldsChange(doc, restored, by, 'import', now, await bumpRevision(session)));
      }
      const created = await items.find({ _id: { $in: current.undo.created } }, inTx(session)).toArray();
      if (created.length > 0) {
        await items.deleteMany({ _id: { $in: created.map((doc) => doc._id) } }, inTx(session));
        const first = await bumpRevision(session, created.length);
        created.forEach((doc, at) => changes.push(deletion(doc, by, now, first + at)));
      }
      if (changes.length > 0) await record(changes, session);
      await importChunks.updateOne({ _id: chunk._id }, { $set: { undone: true } }, inTx(session));
    });
  }

  /** An item's deletion for the ledger, as the store's remove() records it. */
  const deletion = (doc: ItemDoc, by: Author, at: Date, seq: number): ItemChange => ({
    itemId: doc._id,
    itemName: doc.name,
    cause: 'deleted',
    actor: by,
    at,
    seq,
    before: { quantity: doc.quantity, minStock: doc.minStock },
    after: null,
    movement: { delta: 0 - doc.quantity, reason: 'deleted', item: toItem(doc) },
    audit: {
      action: 'item.delete',
      target: { kind: 'item', id: doc._id.toHexString(), name: doc.name },
      changes: itemChanges(storedFields(doc), null),
    },
  });

  /** The job's chunks in `order` that `filter` holds, a chunk read at a time (each may be megabytes). */
  async function* chunksOf(job: ImportJobDoc, filter: object, order: 1 | -1) {
    let after: number | undefined;
    for (;;) {
      const n = after === undefined ? {} : { n: order === 1 ? { $gt: after } : { $lt: after } };
      const chunk = await importChunks.findOne({ jobId: job._id, ...filter, ...n }, { sort: { n: order }, ...inTx() });
      if (!chunk) return;
      yield chunk;
      after = chunk.n;
    }
  }

  /** The job's end: its state, and its chunks (the plan and the undo) let go. */
  async function finish(job: ImportJobDoc, state: 'done' | 'undone') {
    await importJobs.updateOne({ _id: job._id, owner }, { $set: { state, heartbeatAt: new Date() } }, inTx());
    await importChunks.deleteMany({ jobId: job._id }, { maxTimeMS: 60_000 });
  }

  /** Takes the applied chunks back, newest first, then marks the job undone. */
  async function undo(job: ImportJobDoc) {
    for await (const chunk of chunksOf(job, { applied: true, undone: { $ne: true } }, -1)) await undoChunk(job, chunk);
    await finish(job, 'undone');
  }

  /** Applies what is left of a running job; a failure undoes it, then is thrown. */
  async function run(job: ImportJobDoc) {
    try {
      for await (const chunk of chunksOf(job, { applied: false }, 1)) await applyChunk(job, chunk);
    } catch (error) {
      const undoing = await importJobs.updateOne(
        { _id: job._id, owner, state: 'running' },
        { $set: { state: 'undoing', error: String(error), heartbeatAt: new Date() } },
        inTx(),
      );
      if (undoing.matchedCount === 1) await undo({ ...job, state: 'undoing' });
      throw error;
    }
    await finish(job, 'done');
  }

  return {
    async importRows(packed: ImportRows, { by, apply }: { by: Author; apply: boolean }): Promise<ImportOutcome> {
      const rows = packed.all();
      const plan = planImport(rows, await lookup(rows));
      const outcome = importOutcome(rows.length, plan);
      if (!apply || !outcome.ok) return outcome;
      const { job, chunks } = importJobDocs(plan.planned, { by, rows: rows.length, owner });
      for (const chunk of chunks) await importChunks.insertOne(chunk, { ignoreUndefined: true, ...inTx() });
      await importJobs.insertOne(job, inTx());
      await writes.skuChecked(() => run(job));
      return outcome;
    },

    /**
     * Jobs whose process died (a heartbeat older than JOB_STALE_MS), taken over one at a time and finished:
     * a running job applies its remaining chunks (or, failing, is undone), an undoing one finishes undoing.
     * Answers how many it took over.
     */
    async resume(): Promise<number> {
      let taken = 0;
      for (;;) {
        const job = await importJobs.findOneAndUpdate(
          { state: { $in: ['running', 'undoing'] }, heartbeatAt: { $lt: new Date(Date.now() - JOB_STALE_MS) } },
          { $set: { owner, heartbeatAt: new Date() } },
          { returnDocument: 'after', sort: { heartbeatAt: 1 }, ...inTx() },
        );
        if (!job) return taken;
        taken += 1;
        if (job.state === 'undoing') await undo(job);
        else await run(job).catch(() => undefined);
      }
    },
  };
}
