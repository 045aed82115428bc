import { type ChildProcess, fork } from 'node:child_process';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import { ImportRows } from '../import-rows';
import {
  type Author,
  ImportConflictError,
  type ImportOptions,
  type ImportOutcome,
  SkuTakenError,
  StoreBusyError,
} from '../store';
import { workerEntry } from '../../worker-thread';
import type { WriteGate } from './write-gate';

/** Imports waiting for the import worker beyond this: the next is refused (429), not queued. */
const IMPORTS_WAITING_MAX = 4;

export interface ImportRunner {
  run(rows: ImportRows, by: Author, apply: boolean, options?: Partial<ImportOptions>): Promise<ImportOutcome>;
  close(): Promise<void>;
}

type Waiting = { resolve: (value: ImportOutcome) => void; reject: (error: unknown) => void; worker: ChildProcess };

/** What the import worker says: an import's answer, or (`turn`) that it wants a turn at the write lock or is done with it. */
type WorkerMessage =
  | { id: number; turn: 'ask' | 'done' }
  | {
      id: number;
      ok: boolean;
      value?: ImportOutcome;
      message?: string;
      error?: 'conflict' | 'sku';
      sku?: SkuTakenJson;
    };
type SkuTakenJson = { sku: string; holder: { id: string; name: string }; field: 'sku' | 'barcodes' };

/** An import's failure as the worker told it, as the error the route answers. */
const failure = ({ message, error, sku }: Extract<WorkerMessage, { ok: boolean }>) =>
  error === 'conflict'
    ? new ImportConflictError(message)
    : error === 'sku' && sku
      ? new SkuTakenError(sku.sku, sku.holder, sku.field)
      : new Error(`import failed: ${message}`);

/**
 * Where a file's imports run: a child process with a connection of its own
 * (import-worker.ts), one import at a time, so that planning and writing
 * 100,000 rows never holds the server's event loop. An import is written in
 * chunks (import-job.ts), each at a turn this process gives (write-gate.ts):
 * its own writes wait for one chunk at most, without blocking. Each import has a
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

export function importRunner(
  file: string,
  gate: WriteGate,
  /**
   * Whether the server's own commits may copy the WAL into the file (SQLite's automatic checkpoint): not while
   * an import's chunks are written, whose pages would be copied on its event loop; the import worker does.
   */
  checkpoints: (on: boolean) => void = () => undefined,
): ImportRunner {
  let worker: ChildProcess | null = null;
  let nextId = 0;
  /** Closed (the store's close): no worker is started again. A recovery is under way (its failure starts none). */
  let closed = false;
  let recovering = false;
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
    /** The end of the turn the worker holds now, if it holds one. */
    let turn: (() => void) | undefined;
    started.on('message', (message: WorkerMessage) => {
      if ('turn' in message) {
        if (message.turn === 'done') {
          turn?.();
          turn = undefined;
          return;
        }
        void gate.turn().then((release) => {
          if (!started.connected) return release();
          turn = release;
          started.send({ id: message.id, turn: 'go' });
        });
        return;
      }
      const pending = waiting.get(message.id);
      if (!pending) return;
      waiting.delete(message.id);
      // An idle worker does not keep the process alive; one at work does (a script awaiting its import).
      if (waiting.size === 0) letGo(started);
      if (message.ok) pending.resolve(message.value!);
      else pending.reject(failure(message));
    });
    // Only this worker's import fails with it (the next one's worker may already be starting).
    const fail = (error: unknown) => {
      turn?.();
      turn = undefined;
      if (worker === started) worker = null;
      // It may have left chunks written: the next worker takes them back (recover) before anything else.
      if (!closed && !recovering && [...waiting.values()].some((pending) => pending.worker === started)) recoverLater();
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

  /** After a worker died midway: a worker of its own takes back what it wrote, before the next import. */
  function recoverLater() {
    recovering = true;
    // An import of no rows: every import the worker writes first undoes what an earlier worker left (import-job.ts).
    const recovery = queue.then(() => (closed ? undefined : ask(ImportRows.of([]), SYSTEM_ACTOR, true)));
    queue = recovery.catch(() => undefined).finally(() => (recovering = false));
  }

  let queued = 0;
  return {
    run(rows, by, apply, options) {
      if (queued >= IMPORTS_WAITING_MAX) return Promise.reject(new StoreBusyError('Too many imports are waiting'));
      queued += 1;
      // One at a time: a second import's plan reads what the first one wrote.
      const turn = queue.then(async () => {
        if (apply) checkpoints(false);
        try {
          return await ask(rows, by, apply, options);
        } finally {
          if (apply) checkpoints(true);
        }
      });
      queue = turn.catch(() => undefined);
      return turn.finally(() => {
        queued -= 1;
      });
    },
    async close() {
      closed = true;
      const running = worker;
      worker = null;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill();
      await exited;
    },
  };
}
