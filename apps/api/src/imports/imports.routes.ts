import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { IMPORT_TEMPLATE_ROWS, ITEM_CSV_ALIASES, ITEM_CSV_COLUMNS } from '@smart-zone/types/csv';
import { makePaths } from '../locations/make-paths';
import {
  IMPORT_BYTES_MAX,
  IMPORT_REQUIRED_COLUMNS,
  IMPORT_ROWS_DEFAULT,
  IMPORTS_AT_ONCE_MAX,
  IMPORT_SHOWN_MAX,
  type ImportError,
  importQuerySchema,
  importReportSchema,
  IMPORT_SUPPLIER_DEFAULT,
} from '@smart-zone/types/imports';
import { currentAuthor } from '../auth/require-user';
import { AppError, badRequest } from '../errors/app-error';
import { json } from '../http/route-docs';
import { route } from '../http/route';
import { csvText } from '../http/stream-csv';
import { ImportConflictError, SkuTakenError, StoreBusyError, type Store } from '../store/store';
import { keptFiles } from './kept-files';
import { CompressedFileError, FileTooLargeError, TooManyRowsError } from './read-import';
import { readImportInThread } from './read-thread';
import { staleRefusal, withSince } from './stale-rows';

/** How long an import's connection may stay silent while the store writes it. */
const IMPORT_IDLE_MS = 10 * 60_000;
/** The reason an import's audit entries give. */
const IMPORT_REASON = 'CSV import';
const MEDIA_TYPES = /^(text\/csv|text\/plain|application\/csv|application\/vnd\.ms-excel)\s*(;|$)/i;

/** The file's errors, the reader's and the store's, in row order: a 400 with nothing written. */
function invalid(errors: ImportError[], count: number): AppError {
  const error = new AppError(
    400,
    'import_invalid',
    `The file has ${count} ${count === 1 ? 'error' : 'errors'}: nothing was imported. ` +
      (count > IMPORT_SHOWN_MAX
        ? `The first ${IMPORT_SHOWN_MAX} are listed.`
        : 'Each is listed with its row and column.'),
  );
  error.rows = errors.sort((a, b) => a.row - b.row).slice(0, IMPORT_SHOWN_MAX);
  return error;
}

const tooLarge = () =>
  new AppError(413, 'payload_too_large', `The file is over ${IMPORT_BYTES_MAX / 1024 / 1024} MB: nothing was imported`);

/** How long a client refused for imports at once is told to wait. */
const BUSY_RETRY_SECONDS = 30;
const busy = (res: Response, reason: string) => {
  res.set('Retry-After', String(BUSY_RETRY_SECONDS));
  return new AppError(429, 'rate_limited', 'Other imports are running: try again in a minute', undefined, reason);
};

/** The Content-Encodings an import is read in (inflated as it arrives; the size limit counts what comes out). */
const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * The file as it was written: the body itself, or the body inflated as its Content-Encoding says. `body`: the
 * request as it arrives, or its chunks taken whole (kept-files.ts).
 */
function decodedBody(req: Request, body: Request | Buffer[] = req): Readable {
  const encoding = (req.get('content-encoding') ?? 'identity').trim().toLowerCase();
  const sent = Array.isArray(body) ? Readable.from(body) : body;
  if (encoding === 'identity') return sent;
  const decoder = DECODERS[encoding];
  if (!decoder) {
    throw new AppError(
      415,
      'unsupported_media_type',
      `The file is sent with Content-Encoding ${encoding.slice(0, 40)}: send it as it is, or gzip, deflate or br. Nothing was imported.`,
    );
  }
  const inflating = decoder();
  // A cut-off upload ends the inflating too (pipe passes on data, not failures).
  req.once('aborted', () => inflating.emit('error', new Error('The upload was cut off')));
  return sent.pipe(inflating) as unknown as Readable;
}

/** What reading the file failed of, as the answer to give. */
function readFailure(error: unknown): unknown {
  if (error instanceof FileTooLargeError) return tooLarge();
  if (error instanceof TooManyRowsError) return new AppError(413, 'payload_too_large', error.message);
  if (error instanceof CompressedFileError) return new AppError(415, 'unsupported_media_type', error.message);
  // zlib's own codes (Z_DATA_ERROR, Z_BUF_ERROR, ERR_BROTLI…): the body is not what its encoding says.
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(Z_|ERR_BROTLI|ERR__?ZLIB)/.test(code)) {
    return badRequest('The file could not be inflated as its Content-Encoding says: nothing was imported');
  }
  return error;
}

/** Items from a CSV file: a dry run says what it would change; the import writes it all, or nothing. */
/** A store's refusal of an import as the API answers it. */
const importFailure =
  (res: Response) =>
  (error: unknown): never => {
    if (error instanceof StoreBusyError) throw busy(res, error.message);
    // Written in chunks, and taken back whole when one could not be written as planned.
    if (error instanceof ImportConflictError) throw new AppError(409, 'import_conflict', error.message);
    if (error instanceof SkuTakenError) {
      const taken = `${error.message.replace(/\.$/, '')} (taken while the import was written)`;
      throw new AppError(409, 'import_conflict', `${taken}: nothing was imported; import the file again.`);
    }
    throw error;
  };

export function importsRoutes(deps: { store: Store; rowsMax?: number }) {
  const rowsMax = deps.rowsMax ?? IMPORT_ROWS_DEFAULT;
  // Imports being read or waiting for the store, counted from before a byte of their body is read.
  let atOnce = 0;
  const files = keptFiles();
  return [
    route({
      method: 'post',
      path: '/imports',
      operationId: 'importItems',
      tag: 'inventory',
      summary: 'Import items from a CSV file (with a dry run first)',
      description:
        `The body is the file itself (\`text/csv\`, UTF-8 with or without a byte order mark, up to ` +
        `${IMPORT_BYTES_MAX / 1024 / 1024} MB and the server's row limit, read as it arrives; \`Content-Encoding\` gzip, ` +
        'deflate or br is inflated as it arrives, the limits counting what comes out). Its header names columns of ' +
        `${ITEM_CSV_COLUMNS.join(', ')} in any order (what GET /inventory.csv writes); ` +
        `${IMPORT_REQUIRED_COLUMNS.join(', ')} are required, and a column left out keeps each item's value. ` +
        'Each row updates the item with its `id`, else the one with its `sku`, else adds an item (with supplier ' +
        `"${IMPORT_SUPPLIER_DEFAULT}" when the file has no supplier column). Headers are read without case, and ` +
        `with other apps' names (${Object.values(ITEM_CSV_ALIASES)
          .map((names) => names.join('/'))
          .join(', ')}); a column not read is ignored and named in \`ignoredColumns\`. A changed ` +
        'quantity is an `import` movement of new − current. A row whose `version` (the export writes it) is ' +
        "older than its item's is stale: the item changed in the app since the export; it is listed in `stale` " +
        "with what changed since, and `stale` says what it takes (default: the app's quantity, the file's other " +
        'fields). With `mode=receive` each row (SKU or name, and quantity) adds its quantity to its item as a ' +
        'restock movement. With `dryRun=true` nothing is written and the answer says what would ' +
        'change (its reading of the file is kept a few minutes for an import by the same user of the same bytes); without it every row is written, all or nothing (in chunks, between which other writes go on: ' +
        'a chunk that cannot be written takes back the ones before it, a 409 `import_conflict`), and low-stock ' +
        'alerts and the change feed ' +
        'follow each change as they do every write. Any error in the file (listed by row and column, the ' +
        `first ${IMPORT_SHOWN_MAX}) is a 400 \`import_invalid\`, dry run or not, and nothing is written. A ` +
        'text cell the export wrote with a leading apostrophe (a would-be formula) is read without it.',
      access: 'manageItems',
      query: importQuerySchema,
      upload: {
        mediaType: 'text/csv',
        maxBytes: IMPORT_BYTES_MAX,
        description: `The CSV file, header first (${ITEM_CSV_COLUMNS.join(',')})`,
      },
      responses: {
        '200': {
          description: 'What the file changes (dry run: would change); the first changes with their old and new values',
          content: json(importReportSchema),
        },
      },
      refusals: {
        400: 'The file has errors (import_invalid, each with its row and column), or is not sent as text/csv; nothing changed',
        409:
          'stale=refuse and rows are stale (import_stale, each row listed with what changed in the app since the export); ' +
          'or, while the import was written, an item it updates changed or a code it gives was taken (import_conflict): ' +
          'what was written of it is taken back; nothing changed',
        413: `More data rows than the server's IMPORT_ROWS_MAX (default ${IMPORT_ROWS_DEFAULT.toLocaleString('en')}), refused as they are read (payload_too_large); nothing changed`,
        415: 'The body is compressed in a way not read, or is a gzip file sent without Content-Encoding: gzip (unsupported_media_type); nothing changed',
        429: `${IMPORTS_AT_ONCE_MAX} imports are already being read or written (rate_limited, refused before the body is read; Retry-After); try again shortly`,
      },
      async handle({ query }, req, res) {
        if (!MEDIA_TYPES.test(req.get('content-type') ?? '')) {
          throw badRequest('Send the CSV file itself as the request body, with Content-Type: text/csv');
        }
        if (Number(req.get('content-length')) > IMPORT_BYTES_MAX) throw tooLarge();
        // Admitted before its body is read: a fifth upload at once costs nothing but its refusal.
        if (atOnce >= IMPORTS_AT_ONCE_MAX) throw busy(res, `${atOnce} imports at once`);
        atOnce += 1;
        res.once('close', () => (atOnce -= 1));
        const dryRun = query.dryRun === 'true';
        // 100,000 rows take a minute or more: the connection's idle limit (60 s) would cut the answer off.
        req.setTimeout(IMPORT_IDLE_MS);
        const mode = query.mode ?? 'update';
        const by = currentAuthor(res, IMPORT_REASON);
        const file = await files
          .read(req, { uid: by.uid, mode, dryRun }, (body) =>
            readImportInThread(decodedBody(req, body), { maxBytes: IMPORT_BYTES_MAX, maxRows: rowsMax, mode }),
          )
          .catch((error: unknown) => {
            throw readFailure(error);
          });
        if (file.badHeader) throw invalid(file.errors.shown, file.errors.count);
        // With errors in some rows, the rest are still matched (dry): every error of the file is told at once.
        const apply = !dryRun && file.errors.count === 0;
        const importing = async (apply: boolean) =>
          deps.store.items.importRows(file.rows, { by, apply, stale: query.stale, mode });
        let outcome = await importing(apply).catch(importFailure(res));
        // Its rows name locations no location has, its only errors (nothing written): they are made, and the
        // file imported again.
        const made = (!outcome.ok && outcome.newLocations) || [];
        if (made.length > 0) {
          await makePaths(deps.store, made, by);
          outcome = await importing(apply).catch(importFailure(res));
        }
        if (!outcome.ok && outcome.stale && file.errors.count === 0) {
          throw staleRefusal(await withSince(deps.store, outcome.stale.rows), outcome.stale.count);
        }
        if (!outcome.ok || file.errors.count > 0) {
          const found = outcome.ok || outcome.stale ? [] : outcome.errors;
          const count = outcome.ok || outcome.stale ? 0 : outcome.errorCount;
          throw invalid([...file.errors.shown, ...found], file.errors.count + count);
        }
        const { report } = outcome;
        const stale = { ...report.stale, rows: await withSince(deps.store, report.stale.rows) };
        res.json({
          dryRun,
          ...report,
          // Written: the locations made for it (its dry run's); a dry run: those it would make.
          newLocations: dryRun ? report.newLocations : made,
          stale,
          versioned: file.versioned,
          ignoredColumns: file.ignoredColumns,
        } satisfies z.input<typeof importReportSchema>);
      },
    }),
    route({
      method: 'get',
      path: '/imports/template.csv',
      operationId: 'importTemplate',
      tag: 'inventory',
      summary: 'A CSV file to fill in for an import: the header and one example row',
      description:
        'The columns the import reads, as an export names them (without id and version: each row adds an ' +
        'item, or updates the one with its SKU), and one example row to write over.',
      access: 'public',
      responses: {
        '200': {
          description: 'The template, offered for saving as smart-zone-import-template.csv',
          content: { 'text/csv': { schema: z.string() } },
        },
      },
      handle(_input, _req, res) {
        res.type('text/csv; charset=utf-8');
        res.attachment('smart-zone-import-template.csv');
        res.send(csvText(IMPORT_TEMPLATE_ROWS));
      },
    }),
  ];
}
