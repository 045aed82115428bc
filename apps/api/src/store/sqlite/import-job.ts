import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import type { Item } from '@smart-zone/types/item';
import type { SkuHolder } from '../decisions/create-items';
import { importChunks, type ImportChunk, planRowAgain } from '../import-chunks';
import {
  fieldsOf,
  importOptions,
  type ImportLookup,
  keysOf,
  locationsByPath,
  pathKeys,
  planImport,
} from '../import-plan';
import { importOutcome } from '../import-outcome';
import type { Author, ImportOptions, ImportOutcome, ImportRow } from '../store';
import { sqliteImportWriter } from './import-writes';
import { sqliteImportUndo, type UndoRecord } from './import-undo';
import { indexSearchLater } from './schema-codes';
import { toItem, type ItemRow } from './rows';
import { type DeferredGrams, sqliteDeferredGrams } from './short-search';
import type { SqliteLedger } from './sqlite-ledger';
import { anyTime, type WriteTurns } from './write-gate';

/** Keys per lookup statement of an import (json_each of this many ids or SKUs). */
const LOOKUP_BATCH = 500;
/** New items put into the trigram index per transaction after an import's rows: a turn of ~30–70 ms. */
const SEARCH_SLICE_ROWS = 2_000;

const now = () => new Date().toISOString();

/**
 * An import on a SQLite file (issue 32), as on MongoDB (mongo-import.ts): planned once from one snapshot
 * (import-plan.ts, the rule both stores follow), then written in chunks (importChunks), each its own
 * transaction at a turn the server gives, so this process's and the server's other writes go on between
 * them. Each chunk plans again the rows of items written since the plan (replanned); all or nothing: a row
 * that cannot be written now (replanned, or a code it gives taken since) fails the import, whose applied
 * chunks are then taken back, newest first (decisions/undo-import.ts), and the failure is thrown
 * (ImportConflictError, SkuTakenError).
 * A job of more than one chunk is recorded with its first (schema-imports.ts), so a process that dies
 * midway leaves it to be undone by the next one to open the file or start an import (recover).
 */
export function sqliteImportJob(
  db: Database.Database,
  ledger: SqliteLedger,
  /** The item that holds a code now (sqlite-items.ts'), for a chunk's new codes. */
  holderOf: (code: string) => SkuHolder | undefined,
) {
  const writeChunk = sqliteImportWriter(db, ledger);
  const indexLater = indexSearchLater(db);
  const { undo, recover, recoverNow, setState } = sqliteImportUndo(db, ledger);
  const sql = {
    manyById: db.prepare<[string], ItemRow>('SELECT * FROM items WHERE id IN (SELECT value FROM json_each(?))'),
    versions: db.prepare<[string], { id: string; version: number }>(
      'SELECT id, version FROM items WHERE id IN (SELECT value FROM json_each(?))',
    ),
    /** The items that have these codes (as SKU or barcode), each with the code it was found by. */
    manyByCode: db.prepare<[string], ItemRow & { found: string }>(
      `SELECT i.*, c.code AS found FROM item_codes c JOIN items i ON i.id = c.item_id
       WHERE c.code IN (SELECT value FROM json_each(?))`,
    ),
    manyByName: db.prepare<[string], ItemRow>('SELECT * FROM items WHERE name IN (SELECT value FROM json_each(?))'),
    /** The locations with these path keys, and the root (its path is its name). */
    locations: db.prepare<[string], { id: string; pathKey: string; nameKey: string; root: number }>(
      `SELECT id, path_key AS pathKey, name_key AS nameKey, parent_id IS NULL AS root FROM locations
       WHERE path_key IN (SELECT value FROM json_each(?)) OR parent_id IS NULL`,
    ),
    addJob: db.prepare(
      `INSERT INTO import_jobs (id, state, by_json, rows, chunks, applied, created_at, updated_at)
       VALUES (@id, 'running', @by, @rows, @chunks, 0, @at, @at)`,
    ),
    applied: db.prepare<[number, string, string]>('UPDATE import_jobs SET applied = ?, updated_at = ? WHERE id = ?'),
    addUndo: db.prepare<[string, number, string]>('INSERT INTO import_undo (job_id, n, record) VALUES (?, ?, ?)'),
    dropAllUndo: db.prepare<[string]>('DELETE FROM import_undo WHERE job_id = ?'),
    /** The items written since a change (the feed's log: each item write is a row). */
    writtenSince: db.prepare<[number], string>('SELECT item_id FROM changes WHERE seq > ?').pluck(),
    lastChange: db.prepare<[], number>('SELECT coalesce(max(seq), 0) FROM changes').pluck(),
  };

  /** The items the rows name, a batch of keys per statement. */
  function lookup(rows: readonly ImportRow[], options: ImportOptions): ImportLookup {
    const { ids, skus, names, paths } = keysOf(rows, options);
    const byId = new Map<string, Item>();
    const bySku = new Map<string, Item>();
    const byName = new Map<string, Item[]>();
    for (let at = 0; at < ids.length; at += LOOKUP_BATCH) {
      for (const row of sql.manyById.all(JSON.stringify(ids.slice(at, at + LOOKUP_BATCH))))
        byId.set(row.id, toItem(row));
    }
    for (let at = 0; at < skus.length; at += LOOKUP_BATCH) {
      for (const row of sql.manyByCode.all(JSON.stringify(skus.slice(at, at + LOOKUP_BATCH)))) {
        bySku.set(row.found, byId.get(row.id) ?? toItem(row));
      }
    }
    for (let at = 0; at < names.length; at += LOOKUP_BATCH) {
      for (const row of sql.manyByName.all(JSON.stringify(names.slice(at, at + LOOKUP_BATCH)))) {
        byName.set(row.name, [...(byName.get(row.name) ?? []), byId.get(row.id) ?? toItem(row)]);
      }
    }
    const found = paths.length === 0 ? [] : sql.locations.all(JSON.stringify(pathKeys(paths)));
    return {
      byId: (id) => byId.get(id),
      bySku: (sku) => bySku.get(sku),
      byName: (name) => byName.get(name) ?? [],
      locationOf: locationsByPath(found.map((location) => ({ ...location, root: location.root === 1 }))),
    };
  }

  /** The plan, from one snapshot of the file (a read transaction). */
  const plan = db.transaction((rows: readonly ImportRow[], options: ImportOptions, apply: boolean) => {
    const planned = planImport(rows, lookup(rows, options), options);
    return { planned: planned.planned, outcome: importOutcome(rows.length, planned, options, apply) };
  });

  type Job = {
    id: string;
    by: Author;
    rows: number;
    chunks: number;
    options: ImportOptions;
    /** The file's rows by their number, for a row planned again. */
    row: Map<number, ImportRow>;
    /** Where its new items' grams wait (a job of more than one chunk), and the last change it has seen. */
    deferred?: DeferredGrams;
    seen: number;
  };

  /** Inside the job's transaction: its waiting items written by others since its last (short-search.ts). */
  function othersWrote(job: Job) {
    // Before its first chunk's end (seen 0) none of its items waits.
    if (!job.deferred || job.seen === 0) return;
    job.deferred.written(sql.writtenSince.all(job.seen));
  }
  /** At the end of the job's transaction: the changes it has seen. */
  const seenNow = (job: Job) => {
    if (job.deferred) job.seen = sql.lastChange.get()!;
  };
  function finish(job: Job, at: string) {
    setState(job.id, 'done', null, at);
    sql.dropAllUndo.run(job.id);
  }

  /**
   * A chunk's updates, each of an item written since the plan (a restock between two chunks) planned again
   * from the item as it is now (import-chunks.ts' planRowAgain): a receiving row adds to the stock as it is, a
   * stale row keeps the app's quantity; one that now plans otherwise fails the import.
   */
  function replanned(job: Job, updates: ImportChunk['updates']): ImportChunk['updates'] {
    const current = new Map(
      sql.versions.all(JSON.stringify(updates.map((update) => update.item._id))).map((row) => [row.id, row.version]),
    );
    return updates.flatMap((update) => {
      if (current.get(update.item._id) === update.item.version) return [update];
      const row = job.row.get(update.row)!;
      return planRowAgain(row, update.item._id, lookup([row], job.options), job.options) ?? [];
    });
  }

  /**
   * Chunk `n` of `job`, in one transaction; the first records the job, the last finishes it (or the last slice
   * of its new items' grams does, applySlice).
   */
  const applyChunk = db.transaction((job: Job, n: number, planned: ImportChunk) => {
    othersWrote(job);
    const chunk = { creates: planned.creates, updates: replanned(job, planned.updates) };
    const at = now();
    const written = writeChunk(chunk, holderOf, job.by, at, job.deferred, job.deferred && job.id);
    ledger.bumpRevision();
    if (job.chunks === 1) return;
    seenNow(job);
    if (n === 0) sql.addJob.run({ id: job.id, by: JSON.stringify(job.by), rows: job.rows, chunks: job.chunks, at });
    if (n === job.chunks - 1 && !job.deferred) finish(job, at);
    else {
      const record: UndoRecord = {
        created: written.created,
        updated: chunk.updates.map(({ item, wanted }, at) => ({
          itemId: item._id,
          version: written.updated[at]!.version,
          before: fieldsOf(item),
          wanted,
        })),
      };
      sql.addUndo.run(job.id, n, JSON.stringify(record));
    }
    sql.applied.run(n + 1, at, job.id);
  });

  /**
   * Step `n` after the job's rows, in one transaction: its new items into the trigram index, SEARCH_SLICE_ROWS a
   * step for the first `searchSlices` steps (the last of them all that are left, those written by others
   * meanwhile among them), then a slice of their short grams each; the last step finishes the job.
   */
  const applySlice = db.transaction((job: Job, n: number, searchSlices: number, last: boolean) => {
    othersWrote(job);
    if (n < searchSlices) indexLater(job.id, n === searchSlices - 1 ? undefined : SEARCH_SLICE_ROWS);
    else job.deferred!.write(n - searchSlices);
    // A search finds more now: the list's ETag moves on.
    ledger.bumpRevision();
    seenNow(job);
    if (last) finish(job, now());
  });

  /**
   * Planned, then written chunk by chunk, a turn and a transaction each. Their commits are not synced but the
   * last's (which says the import is done): one lost to a power cut takes the later ones with it (the WAL is
   * read in order), and the job they belong to is undone at the next open; a write of the server between two
   * chunks syncs the chunks before it with its own commit.
   */
  async function write(rows: readonly ImportRow[], by: Author, options: ImportOptions, turns: WriteTurns) {
    const { planned, outcome } = plan(rows, options, true);
    if (!outcome.ok) return outcome;
    const chunks = importChunks(planned);
    const deferred =
      chunks.length > 1 && chunks.some((chunk) => chunk.creates.length > 0) ? sqliteDeferredGrams(db) : undefined;
    const job: Job = {
      id: new ObjectId().toHexString(),
      by,
      rows: rows.length,
      chunks: chunks.length,
      options,
      row: new Map(rows.map((row) => [row.row, row])),
      deferred,
      seen: 0,
    };
    const synchronous = db.pragma('synchronous', { simple: true }) as number;
    /** `count` steps, a turn and a transaction each, the last synced when it ends the job. */
    async function inTurns(count: number, ends: boolean, step: (n: number) => void) {
      for (let n = 0; n < count; n += 1) {
        if (ends && n === count - 1) db.pragma(`synchronous = ${synchronous}`);
        await turns.take();
        try {
          step(n);
        } catch (error) {
          turns.give();
          db.pragma(`synchronous = ${synchronous}`);
          await undo({ id: job.id, by_json: JSON.stringify(by) }, String(error), turns);
          throw error;
        }
        turns.give();
      }
    }
    db.pragma('synchronous = NORMAL');
    try {
      await inTurns(chunks.length, !deferred, (n) => {
        try {
          applyChunk.immediate(job, n, chunks[n]!);
        } catch (error) {
          deferred?.dropped();
          throw error;
        }
        deferred?.kept();
      });
      const created = deferred ? chunks.reduce((sum, chunk) => sum + chunk.creates.length, 0) : 0;
      const searchSlices = Math.ceil(created / SEARCH_SLICE_ROWS);
      const slices = searchSlices + (deferred?.slice() ?? 0);
      await inTurns(slices, true, (n) => applySlice.immediate(job, n, searchSlices, n === slices - 1));
    } finally {
      db.pragma(`synchronous = ${synchronous}`);
    }
    return outcome;
  }

  return {
    recover,
    /** A dry run (what the file would change, from one snapshot), or the import written at the turns given. */
    async run(
      rows: readonly ImportRow[],
      by: Author,
      apply: boolean,
      asked: Partial<ImportOptions> = {},
      turns: WriteTurns = anyTime,
    ): Promise<ImportOutcome> {
      const options = importOptions(asked);
      if (!apply) return plan(rows, options, false).outcome;
      await recover(turns);
      return write(rows, by, options, turns);
    },
    /** At the store's open, before anything else writes: what a process that died left, undone now. */
    recoverNow,
  };
}
