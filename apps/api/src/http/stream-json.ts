import { once } from 'node:events';
import type { Response } from 'express';

/**
 * Answers a JSON array written batch by batch, waiting whenever the client
 * reads slower than we write: memory holds one batch, however long the list.
 * Each batch is flushed, compressed or not, so the client sees it at once.
 */
export async function streamJsonArray(res: Response, batches: AsyncIterable<readonly unknown[]>): Promise<void> {
  res.type('json');
  res.write('[');
  let first = true;
  for await (const batch of batches) {
    if (res.destroyed) return;
    let chunk = '';
    for (const value of batch) {
      chunk += (first ? '' : ',') + JSON.stringify(value);
      first = false;
    }
    const drained = res.write(chunk);
    // Compressed (compressJson), a batch would otherwise wait in zlib's buffer.
    if (typeof res.flush === 'function') res.flush();
    if (!drained) {
      // A client that hangs up never drains: stop on close as well.
      await Promise.race([once(res, 'drain'), once(res, 'close')]);
    }
  }
  res.end(']');
}
