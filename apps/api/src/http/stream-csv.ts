import type { Response } from 'express';
import { stringify } from 'csv-stringify/sync';
import { STALLED_READER_MS, streamChunks } from './stream-json';

/**
 * A cell a spreadsheet would take for a formula (it starts with = + - @, a tab
 * or a carriage return) gets a leading apostrophe, as OWASP advises against CSV
 * injection: Excel and LibreOffice then show the text as it is.
 */
export function neutralised(cell: string | number): string | number {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

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
): Promise<void> {
  res.type('text/csv; charset=utf-8');
  res.attachment(name);
  const csv = (rows: readonly (readonly (string | number)[])[]) =>
    stringify(
      rows.map((row) => row.map(neutralised)),
      { record_delimiter: 'windows' },
    );
  async function* chunks() {
    yield csv([header]);
    for await (const rows of batches) if (rows.length > 0) yield csv(rows);
  }
  await streamChunks(res, chunks(), stalledReaderMs);
}
