import { deserialize, serialize } from 'node:v8';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { ImportRow } from './store';

/** Rows packed into one buffer. */
const ROWS_PER_BATCH = 1_000;

/**
 * An import's rows as they are read, kept compactly: every ROWS_PER_BATCH rows
 * are serialized (v8, the structured clone's format) and deflated (level 1,
 * ~1 ms a batch) into one buffer outside the JavaScript heap, so a file of
 * 200,000 rows waits for its turn in ~10 MB, not ~150 MB of objects; and those
 * buffers are what goes to the import worker (import-runner.ts), a batch a
 * message, with no second copy of every row made to send it. An adapter that
 * plans in its own process unpacks them (all(), unpack()).
 */
export class ImportRows {
  private readonly packed: Buffer[] = [];
  private pending: ImportRow[] = [];
  private counted = 0;

  /** Rows packed elsewhere (another thread's batches() and length). */
  static fromBatches(batches: readonly Buffer[], length: number): ImportRows {
    const rows = new ImportRows();
    rows.packed.push(...batches);
    rows.counted = length;
    return rows;
  }

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

  /** The bytes its packed batches hold (and its rows not packed yet, counted at 1 KB each). */
  get bytes(): number {
    return this.packed.reduce((sum, batch) => sum + batch.length, 0) + this.pending.length * 1024;
  }

  /** One packed batch's rows. */
  static unpack(batch: Uint8Array): ImportRow[] {
    return deserialize(inflateRawSync(batch)) as ImportRow[];
  }

  /** The rows, a packed batch each (unpack() gives back its rows). */
  batches(): readonly Buffer[] {
    this.seal();
    return this.packed;
  }

  /** Every row, unpacked. */
  all(): ImportRow[] {
    return this.batches().flatMap((batch) => ImportRows.unpack(batch));
  }

  private seal() {
    if (this.pending.length === 0) return;
    this.packed.push(deflateRawSync(serialize(this.pending), { level: 1 }));
    this.pending = [];
  }
}
