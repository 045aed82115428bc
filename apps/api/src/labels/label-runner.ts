import { spawnThread, threadRequests } from '../worker-thread';
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

/**
 * Where label PDFs are drawn: one worker thread (label-worker.ts), as the store's read worker
 * (store/sqlite/search-runner.ts), started with the first sheet and ended after a minute idle. The server's
 * thread only reads the items and sends the bytes back.
 */
export function labelRunner(): LabelRunner {
  const requests = threadRequests<LabelsJob, RenderedLabels>(() => spawnThread('label-worker', __dirname, {}), {
    worker: 'label',
    jobs: 'labels',
    queueMax: LABEL_QUEUE_MAX,
    busy: () => new LabelsBusyError(`${LABEL_QUEUE_MAX} label sheets are waiting`),
    idleMs: IDLE_MS,
  });
  return { render: (job) => requests.ask(job), close: () => requests.close() };
}
