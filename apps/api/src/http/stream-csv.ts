import type { Response } from 'express';
import { stringify } from 'csv-stringify/sync';
import { neutralised } from '@smart-zone/types/csv';
import { STALLED_READER_MS, streamChunks } from './stream-json';

/** Text cells as `neutralised` writes them (no formula reaches a spreadsheet); numbers as they are. */
const cellOf = (cell: string | number) => (typeof cell === 'string' ? neutralised(cell) : cell);

/** Rows as CSV text: RFC 4180, CRLF lines, each text cell `neutralised`. */
export const csvText = (rows: readonly (readonly (string | number)[])[]): string =>
  stringify(
    rows.map((row) => row.map(cellOf)),
    { record_delimiter: 'windows' },
  );

/** The byte order mark: with it first, Excel reads the file as UTF-8 (`?bom=1`). */
const BOM = '\ufeff';

/**
 * Answers a CSV file (RFC 4180: CRLF lines, quotes doubled, UTF-8) written a
 * batch of rows at a time with the JSON stream's backpressure: memory holds one
 * batch however many rows. `name` is the file name offered for saving.
 */
export async function streamCsv(
  res: Response,
  name: string,
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly (string | number)[])[]>,
  stalledReaderMs = STALLED_READER_MS,
  { bom = false }: { bom?: boolean } = {},
): Promise<void> {
  res.type('text/csv; charset=utf-8');
  res.attachment(name);
  const csv = csvText;
  async function* chunks() {
    yield `${bom ? BOM : ''}${csv([header])}`;
    for await (const rows of batches) if (rows.length > 0) yield csv(rows);
  }
  await streamChunks(res, chunks(), stalledReaderMs);
}
