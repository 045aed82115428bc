import type Database from 'better-sqlite3';
import type { Author } from '../store';
import { decideDelete } from '../decisions/delete-item';
import { editWrite } from '../decisions/edit-item';
import { fieldsAfterImportUndo, IMPORT_UNDONE_REASON, type ImportedUpdate } from '../decisions/undo-import';
import { fieldsOf } from '../import-plan';
import { sqliteItemWriter } from './item-writes';
import { toItem } from './rows';
import { indexSearchLater } from './schema-codes';
import type { SqliteLedger } from './sqlite-ledger';
import { anyTime, type WriteTurns } from './write-gate';

/** What takes an applied chunk back (schema-imports.ts). */
export interface UndoRecord {
  created: string[];
  updated: (ImportedUpdate & { itemId: string })[];
}

export interface JobRow {
  id: string;
  by_json: string;
}

/** Why a job found unfinished was undone. */
const STOPPED = 'Its process stopped before the import was written';

/**
 * Taking back an import job's applied chunks (import-job.ts), newest first, by the rule both stores follow
 * (decisions/undo-import.ts): when a chunk cannot be written, and for a job its process left unfinished.
 */
export function sqliteImportUndo(db: Database.Database, ledger: SqliteLedger) {
  const writer = sqliteItemWriter(db, ledger);
  const indexLater = indexSearchLater(db);
  const sql = {
    state: db.prepare<[string, string | null, string, string]>(
      'UPDATE import_jobs SET state = ?, error = coalesce(?, error), updated_at = ? WHERE id = ?',
    ),
    unfinished: db.prepare<[], JobRow>("SELECT id, by_json FROM import_jobs WHERE state IN ('running', 'undoing')"),
    lastUndo: db.prepare<[string], { n: number; record: string }>(
      'SELECT n, record FROM import_undo WHERE job_id = ? ORDER BY n DESC LIMIT 1',
    ),
    dropUndo: db.prepare<[string, number]>('DELETE FROM import_undo WHERE job_id = ? AND n = ?'),
  };
  const now = () => new Date().toISOString();

  /**
   * The newest applied chunk of the job taken back, in one transaction: its updated items given back their
   * fields, its created items deleted (each with its movement and audit entry); the job `undone` after its
   * last, any item of its own still waiting for the trigram index put into it. Answers whether a chunk was
   * left to take back.
   */
  const undoChunk = db.transaction((job: JobRow, error: string | null): boolean => {
    const at = now();
    const last = sql.lastUndo.get(job.id);
    if (!last) {
      indexLater(job.id);
      sql.state.run('undone', error, at, job.id);
      return false;
    }
    sql.state.run('undoing', error, at, job.id);
    const by: Author = { ...(JSON.parse(job.by_json) as Author), reason: IMPORT_UNDONE_REASON };
    const record = JSON.parse(last.record) as UndoRecord;
    for (const { itemId, ...update } of record.updated) {
      const row = writer.read(itemId);
      if (!row) continue;
      const item = toItem(row);
      const restored = fieldsAfterImportUndo({ version: item.version, fields: fieldsOf(item) }, update);
      if (restored) writer.apply(editWrite(item, writer.holdings(row), restored, by, at, 'import'), row);
    }
    for (const id of record.created) {
      const row = writer.read(id);
      const write = row && decideDelete(toItem(row), writer.holdings(row), by, at);
      if (write) writer.apply(write, row);
    }
    sql.dropUndo.run(job.id, last.n);
    ledger.bumpRevision();
    return true;
  });

  /** Takes the job's applied chunks back, a turn each, newest first. */
  async function undo(job: JobRow, error: string | null, turns: WriteTurns) {
    for (let more = true; more;) {
      await turns.take();
      try {
        more = undoChunk(job, error);
      } finally {
        turns.give();
      }
    }
  }

  /** Jobs a process left unfinished (it died midway), each undone; answers how many. */
  async function recover(turns: WriteTurns = anyTime): Promise<number> {
    const left = sql.unfinished.all();
    for (const job of left) await undo(job, STOPPED, turns);
    return left.length;
  }

  return {
    undo,
    recover,
    /** Sets a job's state (and its error, when given). */
    setState: (id: string, state: 'done' | 'undoing' | 'undone', error: string | null, at: string) =>
      sql.state.run(state, error, at, id),
    recoverNow: (): number => {
      const left = sql.unfinished.all();
      for (const job of left) {
        for (let more = true; more;) more = undoChunk(job, STOPPED);
      }
      return left.length;
    },
  };
}
