import fs from 'node:fs';
import path from 'node:path';
import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * Where a worker whose entry is `<sourceDir>/<entry>.ts` starts from: the compiled server has `<entry>.js`
 * beside it (build.mjs bundles every entry into dist/); from source (tsx, jest) the TypeScript, loaded
 * through tsx.
 */
export function workerEntry(entry: string, sourceDir: string): { compiled: string } | { source: string } {
  const compiled = path.join(__dirname, `${entry}.js`);
  return fs.existsSync(compiled) ? { compiled } : { source: path.join(sourceDir, `${entry}.ts`) };
}

/**
 * A worker thread on workerEntry(entry, sourceDir). The store's read worker and the label worker start this
 * way (the import worker is a process of its own: import-runner.ts).
 */
export function spawnThread(
  entry: string,
  sourceDir: string,
  workerData: object,
  resourceLimits?: ResourceLimits,
): Worker {
  const where = workerEntry(entry, sourceDir);
  if ('compiled' in where) return new Worker(where.compiled, { workerData, resourceLimits });
  return new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(where.source)});`, {
    eval: true,
    workerData,
    resourceLimits,
  });
}

/** What a request thread answers each job: `{ id, ok: true, value }` or `{ id, ok: false, message }`. */
type ThreadAnswer = { id: number; ok: boolean; value?: unknown; message?: string };

export interface ThreadRequests<Job, Value> {
  /** Posts `{ id, job }` to the thread (started if none runs) and resolves with its value; refused past the queue. */
  ask(job: Job): Promise<Value>;
  /** Ends the thread (what waits is rejected with it). */
  close(): Promise<void>;
}

/**
 * Jobs sent to one worker thread (`spawn`), started on the first job, each answered by its id: the store's read
 * worker (search-runner.ts) and the label worker (label-runner.ts). A thread that dies takes its jobs with it
 * (each rejected); the next job starts a new one. An idle thread does not keep the process alive, and with
 * `idleMs` it ends after that long with nothing to do. Past `queueMax` waiting jobs the next is refused with
 * `busy()`, not queued. `worker` and `jobs` name them in the errors.
 */
export function threadRequests<Job, Value>(
  spawn: () => Worker,
  options: { worker: string; jobs: string; queueMax: number; busy: () => Error; idleMs?: number },
): ThreadRequests<Job, Value> {
  let worker: Worker | null = null;
  let nextId = 0;
  let idle: NodeJS.Timeout | undefined;
  const waiting = new Map<number, { resolve: (value: Value) => void; reject: (error: unknown) => void }>();

  const failAll = (error: unknown) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  const stop = async () => {
    const running = worker;
    worker = null;
    if (running) await running.terminate();
  };

  function start(): Worker {
    const started = spawn();
    started.on('message', ({ id, ok, value, message }: ThreadAnswer) => {
      const pending = waiting.get(id);
      if (!pending) return;
      waiting.delete(id);
      if (ok) pending.resolve(value as Value);
      else pending.reject(new Error(`${options.jobs} failed: ${message}`));
      if (waiting.size === 0 && options.idleMs !== undefined)
        idle = setTimeout(() => void stop(), options.idleMs).unref();
    });
    started.on('error', (error) => {
      if (worker === started) worker = null;
      failAll(error);
    });
    started.on('exit', () => {
      if (worker === started) worker = null;
      failAll(new Error(`the ${options.worker} worker stopped`));
    });
    started.unref();
    return started;
  }

  return {
    ask(job) {
      if (waiting.size >= options.queueMax) return Promise.reject(options.busy());
      clearTimeout(idle);
      worker ??= start();
      const id = nextId++;
      return new Promise<Value>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker!.postMessage({ id, job });
      });
    },
    close() {
      clearTimeout(idle);
      return stop();
    },
  };
}
