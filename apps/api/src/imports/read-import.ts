import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import type { z } from 'zod';
import { columnOf, ITEM_CSV_COLUMNS, type ItemCsvColumn, pathInCell, restored } from '@smart-zone/types/csv';
import { LOCATION_DEPTH_MAX, locationNameSchema, PATH_SEPARATOR } from '@smart-zone/types/location';
import { objectIdSchema } from '@smart-zone/types/ids';
import {
  IMPORT_REQUIRED_COLUMNS,
  IMPORT_SHOWN_MAX,
  type ImportError,
  type ImportMode,
  RECEIVE_REQUIRED_COLUMNS,
} from '@smart-zone/types/imports';
import { itemInputSchema } from '@smart-zone/types/item';
import { ImportRows } from '../store/import-rows';
import type { ImportFields, ImportRow } from '../store/store';

/**
 * How long reading a file may hold the event loop before it lets others' requests go on (looked at every
 * 64 records). By time, not by count: four big files read at once, 1,000 rows a turn each, made a page
 * of 6 items wait up to 290 ms. The route reads in a thread of its own now (read-thread.ts), whose loop
 * takes the file's next chunks in these pauses.
 */
const SLICE_MS = 4;

/** The file is larger than the route takes (413): reading stopped there. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is over ${maxBytes / 1024 / 1024} MB: nothing was imported`);
    this.name = 'FileTooLargeError';
  }
}

/** The file has more data rows than the server takes (413): reading stopped there. */
export class TooManyRowsError extends Error {
  constructor(readonly maxRows: number) {
    super(
      `The file has more than ${maxRows.toLocaleString('en')} rows: nothing was imported. Split it into files of at most ${maxRows.toLocaleString('en')} rows.`,
    );
    this.name = 'TooManyRowsError';
  }
}

/** The body is a gzip file sent as if it were the CSV itself (415): reading stopped at its first bytes. */
export class CompressedFileError extends Error {
  constructor() {
    super(
      'The file is compressed (gzip): unpack it and import the .csv, or send it with Content-Encoding: gzip. Nothing was imported.',
    );
    this.name = 'CompressedFileError';
  }
}

/** Every error, counted; the first IMPORT_SHOWN_MAX kept to show. */
export class ImportErrors {
  readonly shown: ImportError[] = [];
  count = 0;
  add(error: ImportError) {
    this.count += 1;
    if (this.shown.length < IMPORT_SHOWN_MAX) this.shown.push(error);
  }
}

export interface ReadImport {
  /** The rows whose every cell is right (the store matches them), packed; rows in error are in `errors`. */
  rows: ImportRows;
  errors: ImportErrors;
  /** Rows read, the header not counted. */
  read: number;
  /** The header is wrong: no row was looked at. */
  badHeader: boolean;
  /** The header's columns not read (unknown, or not a receiving file's), as the file names them. */
  ignoredColumns: string[];
  /** The header has a `version` column (an export's): a row's item changed since can be told. */
  versioned: boolean;
}

/** The columns a receiving file's rows are read by: the others are ignored. */
const RECEIVE_COLUMNS: readonly ItemCsvColumn[] = ['id', 'sku', 'name', 'quantity', 'location'];

const NUMBER = { price: /^-?\d+(\.\d+)?$/, quantity: /^-?\d+$/, minStock: /^-?\d+$/, version: /^\d+$/ } as const;
const NUMBER_HINT = {
  price: 'a number such as 12.50 (a point for decimals, no currency sign)',
  quantity: 'a whole number',
  minStock: 'a whole number (0 or empty: no reorder point)',
  version: 'a whole number (as an export writes it), or empty',
} as const;
const LABEL: Record<ItemCsvColumn, string> = {
  id: 'id',
  sku: 'SKU',
  barcodes: 'Barcodes',
  name: 'Name',
  supplier: 'Supplier',
  price: 'Price',
  quantity: 'Quantity',
  minStock: 'Reorder point',
  description: 'Description',
  img: 'Image',
  location: 'Location',
  version: 'Version',
};

/** A `location` cell's path (pathInCell), each name checked as a location's; or the error to show. */
function locationPath(raw: string): { path?: string } | { error: string } {
  const path = pathInCell(restored(raw));
  if (path === undefined) return {};
  const names = path.split(PATH_SEPARATOR);
  if (names.length > LOCATION_DEPTH_MAX) {
    return { error: `A location is at most ${LOCATION_DEPTH_MAX} levels deep: "${path}" has ${names.length}` };
  }
  for (const name of names) {
    const parsed = locationNameSchema.safeParse(name);
    if (!parsed.success) return { error: `${firstIssue(parsed)}: "${name}" in "${path}"` };
  }
  return { path };
}

/** A cell's value as its field's schema takes it, or the reason it cannot be one. */
function cellValue(
  column: Exclude<ItemCsvColumn, 'id' | 'version'>,
  raw: string,
): { value: unknown } | { error: string } {
  if (column === 'price' || column === 'quantity' || column === 'minStock') {
    // A price as other apps write it: a currency sign before it.
    const text = column === 'price' ? raw.trim().replace(/^[$€£]\s*/, '') : raw.trim();
    if (text === '') return column === 'minStock' ? { value: 0 } : { error: `${LABEL[column]} is required` };
    if (!NUMBER[column].test(text)) return { error: `${LABEL[column]} must be ${NUMBER_HINT[column]}: "${text}"` };
    return { value: Number(text) };
  }
  // Text as the export wrote it: a would-be formula's apostrophe comes off (csv.ts).
  const text = restored(raw);
  if (column === 'sku') return text.trim() === '' ? { value: null } : { value: text };
  if (column === 'barcodes') return { value: text.split(/\s+/).filter((code) => code !== '') };
  return { value: text };
}

function firstIssue(result: z.ZodSafeParseResult<unknown>): string {
  return result.success ? '' : (result.error.issues[0]?.message ?? 'is not valid');
}

/**
 * Reads an import file as it arrives (csv-parse, RFC 4180, UTF-8 with or without a byte order mark):
 * the header by ITEM_CSV_COLUMNS and their aliases (csv.ts: without case; a column not read is ignored and
 * named), then each row's cells against the item's own schemas. A row
 * number is the file's row as a spreadsheet shows it (the header is 1). Never throws for what is in the
 * file: broken quoting, a cell that is not UTF-8 and every other mistake is an error with its row and column.
 */
export async function readImport(
  body: Readable,
  { maxBytes, maxRows, mode = 'update' }: { maxBytes: number; maxRows: number; mode?: ImportMode },
): Promise<ReadImport> {
  const errors = new ImportErrors();
  const rows = new ImportRows();
  let header: (ItemCsvColumn | null)[] | null = null;
  let names: string[] = [];
  let badHeader = false;
  let read = 0;
  let row = 0;
  // Empty lines are read (and passed over), so that row numbers stay the spreadsheet's.
  const parser = parse({ bom: true, relax_column_count: true, info: true });
  let bytes = 0;
  let stopped = false;
  let sliceStart = performance.now();
  const stop = (error: Error) => {
    if (stopped) return;
    stopped = true;
    body.unpipe(parser);
    parser.destroy(error);
  };
  body.on('data', (chunk: Buffer) => {
    // A gzip file's first two bytes: read as text it would be one "unknown column" of binary.
    if (bytes === 0 && chunk[0] === 0x1f && chunk[1] === 0x8b) stop(new CompressedFileError());
    bytes += chunk.length;
    if (bytes > maxBytes) stop(new FileTooLargeError(maxBytes));
  });
  body.on('error', stop);
  body.on('aborted', () => stop(new Error('The upload was cut off')));
  body.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { records: number } }>) {
      row = info.records;
      // Counted as they are read, before any is kept: a file of tiny rows is refused at the limit, not at its end.
      if (row - 1 > maxRows) {
        stop(new TooManyRowsError(maxRows));
        continue;
      }
      if (row % 64 === 0 && performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
      if (!header) {
        names = record.map((cell) => cell.trim());
        header = names.map((name) => {
          const column = columnOf(name) ?? null;
          return mode === 'receive' && column && !RECEIVE_COLUMNS.includes(column) ? null : column;
        });
        badHeader = !checkHeader(names, header, mode, errors);
        continue;
      }
      if (badHeader) continue;
      read += 1;
      if (record.every((cell) => cell.trim() === '')) continue;
      const parsed = readRow(row, header, record, errors, mode);
      if (parsed) rows.push(parsed);
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // csv-parse stops at broken quoting: the row it was reading, and the column when it knows it.
    const at = (error as CsvError & { records?: number; index?: number }).records ?? row;
    const index = (error as CsvError & { index?: number }).index;
    errors.add({
      row: at + 1,
      column: (index !== undefined && names[index]) || '',
      message: `The file cannot be read as CSV here (${error.message.replace(/^[^:]*: /, '')}). A quote inside a cell must be doubled, and a cell with a comma, a quote or a line break must be in quotes.`,
    });
    // The rest of the upload is read and dropped when the refusal is sent (http/unread-body.ts). (Rows
    // read before it may not have been looked at: the file is refused for this error alone.)
    body.unpipe(parser);
    return { rows: new ImportRows(), errors, read, badHeader: true, ignoredColumns: [], versioned: false };
  }
  if (!header) {
    errors.add({
      row: 1,
      column: '',
      message: `The file is empty: its first row must be the header (${ITEM_CSV_COLUMNS.join(',')})`,
    });
    badHeader = true;
  }
  const ignoredColumns = names.filter((name, at) => header?.[at] === null && name !== '');
  return { rows, errors, read, badHeader, ignoredColumns, versioned: header?.includes('version') ?? false };
}

/**
 * The header names each column it reads once, and the required ones: an update's IMPORT_REQUIRED_COLUMNS,
 * a receiving file's quantity and its SKU or name. Columns it does not read are not errors (ignoredColumns).
 */
function checkHeader(
  names: readonly string[],
  header: readonly (ItemCsvColumn | null)[],
  mode: ImportMode,
  errors: ImportErrors,
): boolean {
  const before = errors.count;
  const seen = new Map<ItemCsvColumn, string>();
  header.forEach((column, at) => {
    if (column === null) return;
    const earlier = seen.get(column);
    if (earlier !== undefined) {
      errors.add({
        row: 1,
        column: names[at]!,
        message: `The columns "${earlier}" and "${names[at]!}" are both read as ${LABEL[column]}: keep one`,
      });
    }
    seen.set(column, names[at]!);
  });
  const required: readonly ItemCsvColumn[] = mode === 'receive' ? RECEIVE_REQUIRED_COLUMNS : IMPORT_REQUIRED_COLUMNS;
  for (const column of required) {
    if (!seen.has(column))
      errors.add({
        row: 1,
        column,
        message: `The header has no "${column}" column (${LABEL[column]}): it is required`,
      });
  }
  if (mode === 'receive' && !seen.has('sku') && !seen.has('name') && !seen.has('id')) {
    errors.add({
      row: 1,
      column: 'sku',
      message: 'A delivery note needs a "sku" (or "name") column to tell which item each row is',
    });
  }
  return errors.count === before;
}

/** One row's cells as an ImportRow, or null (its errors added) when any cell is wrong. */
function readRow(
  row: number,
  header: readonly (ItemCsvColumn | null)[],
  record: readonly string[],
  errors: ImportErrors,
  mode: ImportMode = 'update',
): ImportRow | null {
  const before = errors.count;
  if (record.length !== header.length) {
    errors.add({
      row,
      column: '',
      message: `This row has ${record.length} cells and the header ${header.length}: a cell with a comma must be in quotes`,
    });
    return null;
  }
  let id: string | undefined;
  let version: number | undefined;
  let location: string | undefined;
  const fields: Record<string, unknown> = {};
  header.forEach((column, index) => {
    if (column === null) return;
    const raw = record[index]!;
    if (raw.includes('\uFFFD')) {
      errors.add({
        row,
        column,
        message: 'This cell is not UTF-8 text: save the file as "CSV UTF-8" and import it again',
      });
      return;
    }
    if (column === 'id') {
      if (raw.trim() === '') return;
      const parsed = objectIdSchema.safeParse(raw.trim());
      if (parsed.success) id = parsed.data;
      else
        errors.add({
          row,
          column,
          message: `The id ${firstIssue(parsed)} (as an export writes it), or empty for a new item`,
        });
      return;
    }
    if (column === 'location') {
      const read = locationPath(raw);
      if ('error' in read) errors.add({ row, column, message: read.error });
      else location = read.path;
      return;
    }
    if (column === 'version') {
      const text = raw.trim();
      if (text === '') return;
      if (NUMBER.version.test(text) && Number(text) >= 1) version = Number(text);
      else errors.add({ row, column, message: `Version must be ${NUMBER_HINT.version}: "${text}"` });
      return;
    }
    // A delivery note's row names its item by SKU or by name: the other may be empty.
    if (mode === 'receive' && column === 'name' && raw.trim() === '') return;
    const cell = cellValue(column, raw);
    if ('error' in cell) {
      errors.add({ row, column, message: cell.error });
      return;
    }
    const parsed = itemInputSchema.shape[column].safeParse(cell.value);
    if (parsed.success) fields[column] = parsed.data;
    else errors.add({ row, column, message: firstIssue(parsed) });
  });
  if (errors.count > before) return null;
  // Each value is its field's schema's output (above).
  const checked: ImportFields = fields;
  return {
    row,
    ...(id !== undefined ? { id } : {}),
    ...(version !== undefined ? { version } : {}),
    fields: checked,
    ...(location !== undefined ? { location } : {}),
  };
}
