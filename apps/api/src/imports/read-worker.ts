import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import type { ImportMode } from '@smart-zone/types/imports';
import { readImport } from './read-import';
import type { ThreadMessage, ThreadRead } from './read-thread';

/**
 * The import file reader's thread (read-thread.ts): reads the chunks it is sent as one file (readImport), then
 * answers what it read, its rows packed, or why it stopped. All it allocated goes with the thread.
 */
const options = workerData as { maxBytes: number; maxRows: number; mode: ImportMode };
const body = new Readable({ read: () => undefined });
// What the reading has taken in, told as it goes: the route sends the rest no faster (read-thread.ts).
let took = 0;
body.on('data', (chunk: Buffer) => {
  took += chunk.length;
  parentPort!.postMessage({ took } satisfies ThreadRead);
});
parentPort!.on('message', (message: ThreadMessage) => {
  if (message === 'end') body.push(null);
  else body.push(Buffer.from(message.buffer, message.byteOffset, message.byteLength));
});
readImport(body, options).then(
  (file) => {
    const { rows, errors, ...rest } = file;
    const answer: ThreadRead = {
      ok: true,
      file: { ...rest, batches: [...rows.batches()], length: rows.length, shown: errors.shown, count: errors.count },
    };
    parentPort!.postMessage(answer);
  },
  (error: unknown) => {
    const { name, message, maxBytes, maxRows } = error as Error & { maxBytes?: number; maxRows?: number };
    const answer: ThreadRead = { ok: false, error: { name, message, maxBytes, maxRows } };
    parentPort!.postMessage(answer);
  },
);
