import { deserialize, serialize } from 'node:v8';
import type { ImportRow } from './store';

/** Rows packed into one buffer. */
const ROWS_PER_BATCH = 5_000;

/**
 * An import's rows as they are read, kept compactly: every ROWS_PER_BATCH rows
 * are serialized (v8, the structured clone's format) into one buffer outside
 * the JavaScript heap, so a file of 200,000 rows waits for its turn in ~30 MB,
 * not ~150 MB of objects; and those buffers are what goes to the import worker
 * (import-runner.ts), a batch a message, with no second copy of every row made
 * to send it. An adapter that plans in its own process unpacks them (all()).
 */
export class ImportRows {
  private readonly packed: Buffer[] = [];
  private pending: ImportRow[] = [];
  private counted = 0;

  static of(rows: readonly ImportRow[]): ImportRows {
    const packed = new ImportRows();
    for (const row of rows) packed.push(row);
    return packed;
  }

  push(row: ImportRow): void {
    this.pending.push(row);
    this.counted += 1;
    if (this.pending.length >= ROWS_PER_BATCH) this.seal();
  }

  /** How many rows. */
  get length(): number {
    return this.counted;
  }

  /** The rows, a serialized batch each (node:v8 deserialize gives back an ImportRow[]). */
  batches(): readonly Buffer[] {
    this.seal();
    return this.packed;
  }

  /** Every row, unpacked. */
  all(): ImportRow[] {
    return this.batches().flatMap((batch) => deserialize(batch) as ImportRow[]);
  }

  private seal() {
    if (this.pending.length === 0) return;
    this.packed.push(serialize(this.pending));
    this.pending = [];
  }
}
