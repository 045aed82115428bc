import type { Worker } from 'node:worker_threads';
import { spawnThread } from '../worker-thread';
import type { LabelsJob, RenderedLabels } from './render-labels';

/** Label sheets waiting for the worker beyond which the next is refused (a 429), not queued. */
export const LABEL_QUEUE_MAX = 8;
/** A worker with nothing to draw for this long ends (its fonts and pages freed); the next sheet starts one. */
const IDLE_MS = 60_000;

export class LabelsBusyError extends Error {}

export interface LabelRunner {
  render(job: LabelsJob): Promise<RenderedLabels>;
  close(): Promise<void>;
}

type Waiting = { resolve: (value: RenderedLabels) => void; reject: (error: unknown) => void };

/**
 * Where label PDFs are drawn: one worker thread (label-worker.ts), as the store's read worker
 * (store/sqlite/search-runner.ts), started with the first sheet and ended after a minute idle. The server's
 * thread only reads the items and sends the bytes back.
 */
export function labelRunner(): LabelRunner {
  let worker: Worker | null = null;
  let nextId = 0;
  let idle: NodeJS.Timeout | undefined;
  const waiting = new Map<number, Waiting>();

  const failAll = (error: unknown) => {
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  const stop = () => {
    const running = worker;
    worker = null;
    return running ? running.terminate().then(() => undefined) : Promise.resolve();
  };

  function start(): Worker {
    const started = spawnThread('label-worker', __dirname, {});
    started.on(
      'message',
      ({ id, ok, value, message }: { id: number; ok: boolean; value?: RenderedLabels; message?: string }) => {
        const pending = waiting.get(id);
        if (!pending) return;
        waiting.delete(id);
        if (ok) pending.resolve(value!);
        else pending.reject(new Error(`labels failed: ${message}`));
        if (waiting.size === 0) idle = setTimeout(() => void stop(), IDLE_MS).unref();
      },
    );
    // A worker that dies takes its sheets with it; the next sheet starts a new one.
    started.on('error', (error) => {
      if (worker === started) worker = null;
      failAll(error);
    });
    started.on('exit', () => {
      if (worker === started) worker = null;
      failAll(new Error('the label worker stopped'));
    });
    // An idle worker does not keep the process alive.
    started.unref();
    return started;
  }

  return {
    render(job) {
      if (waiting.size >= LABEL_QUEUE_MAX) {
        return Promise.reject(new LabelsBusyError(`${LABEL_QUEUE_MAX} label sheets are waiting`));
      }
      clearTimeout(idle);
      worker ??= start();
      const id = nextId++;
      return new Promise<RenderedLabels>((resolve, reject) => {
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
