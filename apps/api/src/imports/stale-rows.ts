import { IMPORT_SHOWN_MAX, IMPORT_SINCE_SHOWN, type ImportSince, type ImportStale } from '@smart-zone/types/imports';
import { AppError } from '../errors/app-error';
import type { Store } from '../store/store';

/**
 * Each stale row with what changed in the app since the export: its item's audit entries newer than the
 * row's version (one entry per write, each write one version on), newest first, the first IMPORT_SINCE_SHOWN.
 */
export async function withSince(store: Store, rows: readonly ImportStale[]): Promise<ImportStale[]> {
  return Promise.all(
    rows.map(async (row) => {
      const limit = Math.min(row.version - row.fileVersion, IMPORT_SINCE_SHOWN);
      const { entries } = await store.audit.list({ itemId: row.itemId }, { limit, skip: 0 });
      const since: ImportSince[] = entries.map((entry) => ({
        at: entry.at,
        by: entry.actor.email,
        action: entry.action,
        changes: entry.changes ?? {},
      }));
      return { ...row, since };
    }),
  );
}

/** One write since the export, in a few words: "stock.restock quantity 78 → 98 by ada@example.com". */
const sinceText = ({ action, changes, by }: ImportSince) =>
  `${action}${Object.entries(changes)
    .map(([field, [was, now]]) => ` ${field} ${String(was)} → ${String(now)}`)
    .join(',')} by ${by}`;

/** `stale=refuse` with stale rows: a 409 naming each, with what changed since, and nothing written. */
export function staleRefusal(rows: readonly ImportStale[], count: number): AppError {
  const error = new AppError(
    409,
    'import_stale',
    `${count} ${count === 1 ? 'row is' : 'rows are'} about items changed in the app since the file was exported: ` +
      'nothing was imported. Export again, or import with stale rows keeping the app’s quantity (or the file’s).',
  );
  error.rows = rows.slice(0, IMPORT_SHOWN_MAX).map((row) => ({
    row: row.row,
    column: 'version',
    message:
      `"${row.name}" changed since the export (version ${row.fileVersion}, now ${row.version}): quantity ` +
      `${row.quantity.file ?? '–'} in the file, ${row.quantity.app} in the app` +
      (row.since.length > 0 ? `; since: ${row.since.map(sinceText).join('; ')}` : ''),
  }));
  return error;
}
