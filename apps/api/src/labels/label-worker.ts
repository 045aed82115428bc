import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type LabelsJob, renderLabels } from './render-labels';

/**
 * The label worker: a thread that draws the labels' PDF (render-labels.ts), so that a long sheet never
 * holds the server's event loop (docs/decisions/008). One job at a time, in the order sent; the PDF's
 * bytes are handed back, not copied.
 */
// On Linux a thread has a niceness of its own: this one yields the CPU to the server's thread (requests first).
try {
  os.setPriority(10);
} catch {
  // Not allowed here: drawn at the server's priority.
}

parentPort?.on('message', ({ id, job }: { id: number; job: LabelsJob }) => {
  renderLabels(job).then(
    (rendered) => parentPort?.postMessage({ id, ok: true, value: rendered }, [rendered.pdf.buffer as ArrayBuffer]),
    (error: unknown) =>
      parentPort?.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});
