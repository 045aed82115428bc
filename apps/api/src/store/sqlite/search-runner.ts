import type { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { spawnThread } from '../../worker-thread';
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

type Waiting = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

function workerRunner(file: string): SearchRunner {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, Waiting>();

  const failAll = (error: unknown) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };

  function start(): Worker {
    const started = spawnWorker('search-worker', file);
    started.on(
      'message',
      ({ id, ok, value, message }: { id: number; ok: boolean; value?: unknown; message?: string }) => {
        const pending = waiting.get(id);
        if (!pending) return;
        waiting.delete(id);
        if (ok) pending.resolve(value);
        else pending.reject(new Error(`search failed: ${message}`));
      },
    );
    // A worker that dies takes its searches with it; the next search starts a new one.
    started.on('error', (error) => {
      if (worker === started) worker = null;
      failAll(error);
    });
    started.on('exit', () => {
      if (worker === started) worker = null;
      failAll(new Error('the search worker stopped'));
    });
    // An idle worker does not keep the process alive.
    started.unref();
    return started;
  }

  return {
    run<T>(job: ReadJob): Promise<T> {
      if (waiting.size >= SEARCH_QUEUE_MAX) return Promise.reject(new StoreBusyError('Too many searches are waiting'));
      worker ??= start();
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        worker!.postMessage({ id, job });
      });
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}

/** The store's read worker thread on `file` (worker-thread.ts). */
export function spawnWorker(entry: 'search-worker', file: string): Worker {
  return spawnThread(entry, __dirname, { file });
}
