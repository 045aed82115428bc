import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import type { ImportRows } from '../import-rows';
import { type Author, type ImportOptions, type ImportOutcome, StoreBusyError } from '../store';
import { spawnWorker } from './search-runner';
import type { WriteGate } from './write-gate';

/** Imports waiting for the import worker beyond this: the next is refused (429), not queued. */
const IMPORTS_WAITING_MAX = 4;

export interface ImportRunner {
  run(rows: ImportRows, by: Author, apply: boolean, options?: Partial<ImportOptions>): Promise<ImportOutcome>;
  close(): Promise<void>;
}

type Waiting = { resolve: (value: ImportOutcome) => void; reject: (error: unknown) => void; worker: Worker };

/**
 * Where a file's imports run: a worker thread with a connection of its own
 * (import-worker.ts), one import at a time, so that planning and writing
 * 100,000 rows never holds the server's event loop. An import that writes
 * holds the write gate until its transaction is over: this process's other
 * writes wait for it without blocking (write-gate.ts). Each import has a
 * worker of its own, ended once it has answered: the heap that planned
 * 200,000 rows (~150 MB, collected only when V8 gets round to it) goes back
 * to the system with it, and imports one after another do not stack up their
 * garbage in one heap (4 at once: 1.1 GB of RSS before). Starting one takes
 * ~0.1 s, next to the seconds an import takes.
 */
export function importRunner(file: string, gate: WriteGate): ImportRunner {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, Waiting>();
  let queue: Promise<unknown> = Promise.resolve();

  function start(): Worker {
    const started = spawnWorker('import-worker', file);
    started.on(
      'message',
      ({ id, ok, value, message }: { id: number; ok: boolean; value?: ImportOutcome; message?: string }) => {
        const pending = waiting.get(id);
        if (!pending) return;
        waiting.delete(id);
        // An idle worker does not keep the process alive; one at work does (a script awaiting its import).
        if (waiting.size === 0) started.unref();
        if (ok) pending.resolve(value!);
        else pending.reject(new Error(`import failed: ${message}`));
      },
    );
    // Only this worker's import fails with it (the next one's worker may already be starting).
    const fail = (error: unknown) => {
      if (worker === started) worker = null;
      for (const [id, pending] of waiting) {
        if (pending.worker !== started) continue;
        waiting.delete(id);
        pending.reject(error);
      }
    };
    started.on('error', fail);
    started.on('exit', () => fail(new Error('the import worker stopped')));
    started.unref();
    return started;
  }

  async function ask(
    rows: ImportRows,
    by: Author,
    apply: boolean,
    options: Partial<ImportOptions> = {},
  ): Promise<ImportOutcome> {
    const running = (worker = start());
    const id = nextId++;
    const answer = new Promise<ImportOutcome>((resolve, reject) => {
      waiting.set(id, { resolve, reject, worker: running });
    });
    running.ref();
    // The rows go a packed batch per message and turn of the event loop (import-rows.ts): a buffer copied,
    // not 5,000 objects cloned on the event loop.
    for (const batch of rows.batches()) {
      running.postMessage({ id, batch });
      await nextTurn();
    }
    running.postMessage({ id, by, apply, options });
    return answer.finally(() => {
      if (worker === running) worker = null;
      void running.terminate();
    });
  }

  let queued = 0;
  return {
    run(rows, by, apply, options) {
      if (queued >= IMPORTS_WAITING_MAX) return Promise.reject(new StoreBusyError('Too many imports are waiting'));
      queued += 1;
      // Held from the moment it is asked for: a write asked for after it commits after it.
      const release = apply ? gate.close() : () => undefined;
      // One at a time: a second import's plan reads what the first one wrote.
      const turn = queue.then(() => ask(rows, by, apply, options));
      queue = turn.catch(() => undefined);
      return turn.finally(() => {
        queued -= 1;
        release();
      });
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}
