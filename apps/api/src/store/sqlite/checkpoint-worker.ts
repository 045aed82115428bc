import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/**
 * The import worker's checkpointer (import-worker.ts): a thread with its own connection to the store's file
 * (`workerData.file`) that copies the WAL into the file when asked, beside the import's chunks (on the other
 * core), not between them. PASSIVE: it never waits for a lock, and copies what no reader still needs.
 */
const { file } = workerData as { file: string };
const db = new Database(file, { fileMustExist: true });
parentPort?.on('message', () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy now (another checkpoint under way): the next turn asks again.
  }
  parentPort?.postMessage('done');
});
