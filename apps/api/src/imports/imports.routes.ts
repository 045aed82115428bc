import { z } from 'zod';
import { ITEM_CSV_COLUMNS } from '@smart-zone/types/csv';
import {
  IMPORT_BYTES_MAX,
  IMPORT_REQUIRED_COLUMNS,
  IMPORT_SHOWN_MAX,
  type ImportError,
  importQuerySchema,
  importReportSchema,
} from '@smart-zone/types/imports';
import { currentAuthor } from '../auth/require-user';
import { AppError, badRequest } from '../errors/app-error';
import { json } from '../http/route-docs';
import { route } from '../http/route';
import { StoreBusyError, type Store } from '../store/store';
import { FileTooLargeError, readImport } from './read-import';

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

/** Items from a CSV file: a dry run says what it would change; the import writes it all, or nothing. */
export function importsRoutes(deps: { store: Store }) {
  return [
    route({
      method: 'post',
      path: '/imports',
      operationId: 'importItems',
      tag: 'inventory',
      summary: 'Import items from a CSV file (with a dry run first)',
      description:
        `The body is the file itself (\`text/csv\`, UTF-8 with or without a byte order mark, up to ` +
        `${IMPORT_BYTES_MAX / 1024 / 1024} MB, read as it arrives). Its header names columns of ` +
        `${ITEM_CSV_COLUMNS.join(', ')} in any order (what GET /inventory.csv writes); ` +
        `${IMPORT_REQUIRED_COLUMNS.join(', ')} are required, and a column left out keeps each item's value. ` +
        'Each row updates the item with its `id`, else the one with its `sku`, else adds an item. A changed ' +
        'quantity is an `import` movement of new − current, so a delivery made since the export is not undone ' +
        'silently: the dry run shows it. With `dryRun=true` nothing is written and the answer says what would ' +
        'change; without it every row is written in one transaction, and low-stock alerts and the change feed ' +
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
        429: 'Other imports are waiting (rate_limited); try again shortly',
      },
      async handle({ query }, req, res) {
        if (!MEDIA_TYPES.test(req.get('content-type') ?? '')) {
          throw badRequest('Send the CSV file itself as the request body, with Content-Type: text/csv');
        }
        if (Number(req.get('content-length')) > IMPORT_BYTES_MAX) throw tooLarge();
        const dryRun = query.dryRun === 'true';
        // 100,000 rows take a minute or more: the connection's idle limit (60 s) would cut the answer off.
        req.setTimeout(IMPORT_IDLE_MS);
        const file = await readImport(req, IMPORT_BYTES_MAX).catch((error: unknown) => {
          throw error instanceof FileTooLargeError ? tooLarge() : error;
        });
        if (file.badHeader) throw invalid(file.errors.shown, file.errors.count);
        // With errors in some rows, the rest are still matched (dry): every error of the file is told at once.
        const apply = !dryRun && file.errors.count === 0;
        const outcome = await deps.store.items
          .importRows(file.rows, { by: currentAuthor(res, IMPORT_REASON), apply })
          .catch((error: unknown) => {
            if (!(error instanceof StoreBusyError)) throw error;
            throw new AppError(
              429,
              'rate_limited',
              'Other imports are running: try again in a minute',
              undefined,
              error.message,
            );
          });
        if (!outcome.ok || file.errors.count > 0) {
          const found = outcome.ok ? [] : outcome.errors;
          throw invalid([...file.errors.shown, ...found], file.errors.count + (outcome.ok ? 0 : outcome.errorCount));
        }
        res.json({ dryRun, ...outcome.report } satisfies z.input<typeof importReportSchema>);
      },
    }),
  ];
}
