import type { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { spawnThread, threadRequests } from '../../worker-thread';
import { StoreBusyError } from '../store';
import { readers, runReadJob, type ReadJob } from './read-jobs';

/** More searches than this waiting for the worker: the next one is refused, not queued. */
export const SEARCH_QUEUE_MAX = 64;

export interface SearchRunner {
  run<T>(job: ReadJob): Promise<T>;
  close(): Promise<void>;
}

/**
 * Where the reads that grow with the data run (searches, the audit's and the
 * deliveries' deep pages and counted totals: read-jobs.ts): a worker thread with
 * its own connection for a database file, started on the first such read (the
 * seed script never starts one), one per store; inline for an in-memory
 * database, which no other connection can open.
 */
export function searchRunner(db: Database.Database): SearchRunner {
  return db.memory ? inlineRunner(db) : workerRunner(db.name);
}

/** The reads answered on this connection, in this thread (an in-memory database; the import worker). */
export function inlineRunner(db: Database.Database): SearchRunner {
  const reads = readers(db);
  return {
    run: <T>(job: ReadJob) => Promise.resolve(runReadJob(reads, job) as T),
    close: () => Promise.resolve(),
  };
}

function workerRunner(file: string): SearchRunner {
  const requests = threadRequests<ReadJob, unknown>(() => spawnWorker('search-worker', file), {
    worker: 'search',
    jobs: 'search',
    queueMax: SEARCH_QUEUE_MAX,
    busy: () => new StoreBusyError('Too many searches are waiting'),
  });
  return { run: <T>(job: ReadJob) => requests.ask(job) as Promise<T>, close: () => requests.close() };
}

/** The store's read worker thread on `file` (worker-thread.ts). */
export function spawnWorker(entry: 'search-worker', file: string): Worker {
  return spawnThread(entry, __dirname, { file });
}
