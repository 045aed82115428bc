import crypto from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { Item } from '@smart-zone/types/item';
import { IMPORT_CHUNK_ROWS, importChunks } from '../import-chunks';
import {
  type ImportLookup,
  importOptions,
  keysOf,
  locationsByPath,
  pathKeys,
  planImport,
  type PlannedRow,
} from '../import-plan';
import { importOutcome } from '../import-outcome';
import type { ImportRows } from '../import-rows';
import type { Author, ImportOptions, ImportOutcome, ImportRow } from '../store';
import { codeIn, toItem, type ImportChunkDoc, type ImportJobDoc, type MongoCollections } from './documents';
import { chunkWrites, type ImportWrites } from './import-chunks';
import { inTx, type MongoLedger } from './mongo-ledger';

/**
 * Rows per chunk: one transaction each. A row writes its item, movement, audit entry and change (and a
 * day total): 500 rows are about 2,500 documents, a second or two of work, far inside MongoDB's 60 s
 * transaction lifetime (transactionLifetimeLimitSeconds), its cache, and the ledger's own 20 s per write.
 */
/** A running job whose heartbeat (one per chunk) is older than this lost its process: another resumes it. */
const JOB_STALE_MS = 2 * 60_000;
/** Keys per lookup query. */
const LOOKUP_BATCH = 1000;

/**
 * A job's documents for a plan, as the job's start writes them: the chunks (a plan's rows that change
 * something, as importChunks orders them) and the job, `running`, owned by `owner`.
 */
export function importJobDocs(
  planned: readonly PlannedRow[],
  {
    by,
    rows,
    owner,
    chunkRows = IMPORT_CHUNK_ROWS,
    now = new Date(),
    options,
    file,
  }: {
    by: Author;
    rows: number;
    owner: string;
    chunkRows?: number;
    now?: Date;
    /** How the file is read, and its rows: kept with the job, for a row planned again. */
    options?: ImportOptions;
    file?: readonly ImportRow[];
  },
): { job: ImportJobDoc; chunks: ImportChunkDoc[] } {
  const jobId = new ObjectId();
  const rowOf = new Map(file?.map((row) => [row.row, row]));
  const chunks: ImportChunkDoc[] = importChunks(planned, chunkRows).map(({ creates, updates }, n) => ({
    _id: new ObjectId(),
    jobId,
    n,
    creates,
    updates: updates.map((step) => ({
      itemId: new ObjectId(step.item._id),
      version: step.item.version,
      wanted: step.wanted,
      ...(step.reason ? { reason: step.reason } : {}),
      ...(step.locationId ? { locationId: step.locationId } : {}),
      ...(rowOf.has(step.row) ? { row: rowOf.get(step.row) } : {}),
    })),
    applied: false,
    createdAt: now,
  }));
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
    ...(options ? { options } : {}),
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
export function mongoImport(collections: MongoCollections, ledger: MongoLedger, writes: ImportWrites) {
  const { items, importJobs, importChunks } = collections;
  /** This process, as a job's owner. */
  const owner = crypto.randomUUID();
  const { applyChunk, undoChunk } = chunkWrites(collections, ledger, writes, owner, lookup);

  /** The items the rows name, a batch of keys per query; `docs` by id, for the updates. */
  async function lookup(rows: readonly ImportRow[], options: ImportOptions): Promise<ImportLookup> {
    const { ids, skus, names, paths } = keysOf(rows, options);
    const byId = new Map<string, Item>();
    const bySku = new Map<string, Item>();
    const byName = new Map<string, Item[]>();
    for (let at = 0; at < ids.length; at += LOOKUP_BATCH) {
      const batch = ids.slice(at, at + LOOKUP_BATCH).map((id) => new ObjectId(id));
      for (const doc of await items.find({ _id: { $in: batch } }, inTx()).toArray()) {
        byId.set(doc._id.toHexString(), toItem(doc));
      }
    }
    // A row's SKU finds the item that has that code, as its SKU or a barcode (as SQLite's item_codes).
    for (let at = 0; at < skus.length; at += LOOKUP_BATCH) {
      const batch = skus.slice(at, at + LOOKUP_BATCH);
      const asked = new Set(batch);
      for (const doc of await items.find({ codes: codeIn(batch) }, inTx()).toArray()) {
        const item = byId.get(doc._id.toHexString()) ?? toItem(doc);
        for (const code of doc.codes ?? []) if (asked.has(code)) bySku.set(code, item);
      }
    }
    for (let at = 0; at < names.length; at += LOOKUP_BATCH) {
      const batch = names.slice(at, at + LOOKUP_BATCH);
      for (const doc of await items.find({ name: { $in: batch } }, inTx()).toArray()) {
        const item = byId.get(doc._id.toHexString()) ?? toItem(doc);
        byName.set(item.name, [...(byName.get(item.name) ?? []), item]);
      }
    }
    // The locations the rows' paths name, and the root (its path is its name).
    const found =
      paths.length === 0
        ? []
        : await collections.locations
            .find({ $or: [{ pathKey: { $in: pathKeys(paths) } }, { parentId: null }] }, inTx())
            .project<{ _id: ObjectId; pathKey: string; nameKey: string; parentId: ObjectId | null }>({
              pathKey: 1,
              nameKey: 1,
              parentId: 1,
            })
            .toArray();
    return {
      byId: (id) => byId.get(id),
      bySku: (sku) => bySku.get(sku),
      byName: (name) => byName.get(name) ?? [],
      locationOf: locationsByPath(
        found.map(({ _id, pathKey, nameKey, parentId }) => ({
          id: _id.toHexString(),
          pathKey,
          nameKey,
          root: parentId === null,
        })),
      ),
    };
  }

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
    async importRows(
      packed: ImportRows,
      { by, apply, ...asked }: { by: Author; apply: boolean } & Partial<ImportOptions>,
    ): Promise<ImportOutcome> {
      const options = importOptions(asked);
      const rows = packed.all();
      const plan = planImport(rows, await lookup(rows, options), options);
      const outcome = importOutcome(rows.length, plan, options, apply);
      if (!apply || !outcome.ok) return outcome;
      const { job, chunks } = importJobDocs(plan.planned, { by, rows: rows.length, owner, options, file: rows });
      // Every row as the item already is: nothing to write, no job.
      if (chunks.length === 0) return outcome;
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
        const stale = {
          state: { $in: ['running' as const, 'undoing' as const] },
          heartbeatAt: { $lt: new Date(Date.now() - JOB_STALE_MS) },
        };
        // Looked for first (a read on its index): the usual answer, none, writes nothing.
        if (!(await importJobs.findOne(stale, { projection: { _id: 1 }, ...inTx() }))) return taken;
        // Taken with its heartbeat still stale: of two instances at it, one gets it.
        const job = await importJobs.findOneAndUpdate(
          stale,
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
