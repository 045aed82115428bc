import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Response } from 'express';

/** A reader that takes nothing for this long is dropped: its socket, its batch and its compressor are freed. */
export const STALLED_READER_MS = 30_000;

/**
 * Answers a JSON array written batch by batch, waiting whenever the client
 * reads slower than we write: memory holds one batch, however long the list.
 */
export async function streamJsonArray(
  res: Response,
  batches: AsyncIterable<readonly unknown[]>,
  stalledReaderMs = STALLED_READER_MS,
): Promise<void> {
  res.type('json');
  async function* chunks() {
    let first = true;
    yield '[';
    for await (const batch of batches) {
      let chunk = '';
      for (const value of batch) {
        chunk += (first ? '' : ',') + JSON.stringify(value);
        first = false;
      }
      yield chunk;
    }
    yield ']';
  }
  await streamChunks(res, chunks(), stalledReaderMs);
}

/**
 * Writes text a chunk at a time, waiting whenever the client reads slower than
 * we write, then ends the answer. Each chunk is flushed, compressed or not, so
 * the client sees it at once, and the event loop is handed back between chunks,
 * so other requests are answered in between however fast this client reads.
 */
export async function streamChunks(
  res: Response,
  chunks: AsyncIterable<string>,
  stalledReaderMs = STALLED_READER_MS,
): Promise<void> {
  for await (const chunk of chunks) {
    // Leaving the loop ends the store's iterator (its cursor or statement) as well.
    if (res.destroyed) return;
    const drained = res.write(chunk);
    // Compressed (compressJson), a chunk would otherwise wait in zlib's buffer.
    if (typeof res.flush === 'function') res.flush();
    if (!drained) {
      const outcome = await drainOf(res, stalledReaderMs);
      if (outcome === 'stalled') res.destroy();
      if (outcome !== 'drained') return;
    }
    // Always through the check phase: resumed straight from 'drain', one fast reader's batches
    // follow each other inside the poll phase and no other request gets in (measured: a 6-item
    // page waited the whole 0.6 s of a 100,000-item download).
    await nextTurn();
  }
  res.end();
}

/** Waits until the client has taken what was written, has gone, or has taken nothing for `ms`; leaves no listener behind. */
function drainOf(res: Response, ms: number): Promise<'drained' | 'closed' | 'stalled'> {
  return new Promise((resolve) => {
    const done = (outcome: 'drained' | 'closed' | 'stalled') => {
      clearTimeout(timer);
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(outcome);
    };
    const onDrain = () => done('drained');
    const onClose = () => done('closed');
    const timer = setTimeout(() => done('stalled'), ms);
    // once: the compression middleware hands `drain` listeners to its zlib stream but not their removal, so
    // an `on` added per wait would stay there (MaxListenersExceededWarning on a long compressed export).
    res.once('drain', onDrain);
    res.on('close', onClose);
  });
}
