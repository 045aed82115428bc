import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { itemQueries, runSearchJob, type SearchJob } from './item-queries';

/**
 * The search worker: a thread with its own connection to the store's file,
 * answering the searches whose cost grows with their matches (search-runner.ts),
 * so that none of them holds the server's event loop. It only reads.
 */
const db = new Database((workerData as { file: string }).file, { fileMustExist: true });
db.pragma('query_only = ON');
db.pragma('busy_timeout = 5000');
const queries = itemQueries(db);

parentPort?.on('message', ({ id, job }: { id: number; job: SearchJob }) => {
  try {
    parentPort?.postMessage({ id, ok: true, value: runSearchJob(queries, job) });
  } catch (error) {
    parentPort?.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
