import { type ChildProcess, fork } from 'node:child_process';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ImportRows } from '../import-rows';
import { type Author, type ImportOptions, type ImportOutcome, StoreBusyError } from '../store';
import { workerEntry } from '../../worker-thread';
import type { WriteGate } from './write-gate';

/** Imports waiting for the import worker beyond this: the next is refused (429), not queued. */
const IMPORTS_WAITING_MAX = 4;

export interface ImportRunner {
  run(rows: ImportRows, by: Author, apply: boolean, options?: Partial<ImportOptions>): Promise<ImportOutcome>;
  close(): Promise<void>;
}

type Waiting = { resolve: (value: ImportOutcome) => void; reject: (error: unknown) => void; worker: ChildProcess };

/**
 * Where a file's imports run: a child process with a connection of its own
 * (import-worker.ts), one import at a time, so that planning and writing
 * 100,000 rows never holds the server's event loop. An import that writes
 * holds the write gate until its transaction is over: this process's other
 * writes wait for it without blocking (write-gate.ts). Each import has a
 * process of its own, ended once it has answered: everything it took — the
 * heap that planned 200,000 rows (~150 MB) and SQLite's page cache of its one
 * transaction — goes back to the system with it. A worker thread gave the V8
 * heap back but not the C heap: the server's RSS stayed ~250 MB higher after
 * each 100,000-row import (issue 32). Starting one takes ~0.2 s, next to the
 * seconds an import takes; its rows go over the IPC channel as packed batches.
 */
/** Neither the child nor its channel keeps this process alive. */
function letGo(child: ChildProcess) {
  child.unref();
  child.channel?.unref();
}

export function importRunner(file: string, gate: WriteGate): ImportRunner {
  let worker: ChildProcess | null = null;
  let nextId = 0;
  const waiting = new Map<number, Waiting>();
  let queue: Promise<unknown> = Promise.resolve();

  function start(): ChildProcess {
    const where = workerEntry('import-worker', __dirname);
    const started =
      'compiled' in where
        ? fork(where.compiled, [file], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
        : fork(where.source, [file], {
            serialization: 'advanced',
            stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
            execArgv: ['--require', require.resolve('tsx/cjs')],
          });
    started.on(
      'message',
      ({ id, ok, value, message }: { id: number; ok: boolean; value?: ImportOutcome; message?: string }) => {
        const pending = waiting.get(id);
        if (!pending) return;
        waiting.delete(id);
        // An idle worker does not keep the process alive; one at work does (a script awaiting its import).
        if (waiting.size === 0) letGo(started);
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
    letGo(started);
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
    running.channel?.ref();
    // The rows go a packed batch per message and turn of the event loop (import-rows.ts): a buffer copied,
    // not 5,000 objects cloned on the event loop.
    for (const batch of rows.batches()) {
      running.send({ id, batch });
      await nextTurn();
    }
    running.send({ id, by, apply, options });
    return answer.finally(() => {
      if (worker === running) worker = null;
      // It closes its connection and exits (import-worker.ts).
      if (running.connected) running.disconnect();
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
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill();
      await exited;
    },
  };
}
