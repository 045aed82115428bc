import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { readers, runReadJob, type ReadJob } from './read-jobs';

/**
 * The read worker: a thread with its own connection to the store's file,
 * answering the searches whose cost grows with their matches and the deep pages
 * and counted totals of the audit and the deliveries (search-runner.ts,
 * read-jobs.ts), so that none of them holds the server's event loop. It only reads.
 */
const db = new Database((workerData as { file: string }).file, { fileMustExist: true });
db.pragma('query_only = ON');
db.pragma('busy_timeout = 5000');
const reads = readers(db);

parentPort?.on('message', ({ id, job }: { id: number; job: ReadJob }) => {
  try {
    parentPort?.postMessage({ id, ok: true, value: runReadJob(reads, job) });
  } catch (error) {
    parentPort?.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
