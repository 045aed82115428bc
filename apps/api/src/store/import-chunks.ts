import { type ImportLookup, type ItemFields, planImport, type PlannedRow } from './import-plan';
import { ImportConflictError } from './ports/errors';
import type { ImportOptions, ImportRow } from './store';

/** The changed rows an import writes together (MongoDB: one transaction each; SQLite: the one it runs in). */
export const IMPORT_CHUNK_ROWS = 500;

/** A new item of an import: its fields, and where its units go (absent: Main). */
export type PlannedCreate = ItemFields & { locationId?: string };

/** An item an import updates. */
export type PlannedUpdate = Extract<PlannedRow, { action: 'update' }>;

/** A chunk of an import's changes: its new items, then its updates, each in row order. */
export interface ImportChunk {
  creates: PlannedCreate[];
  updates: PlannedUpdate[];
}

/**
 * The order both stores record an import's changes in (its audit entries, movements and change feed):
 * the rows that change something, IMPORT_CHUNK_ROWS at a time, each chunk's new items first and then its
 * updates, each in row order.
 */
export function importChunks(planned: readonly PlannedRow[], chunkRows = IMPORT_CHUNK_ROWS): ImportChunk[] {
  const steps = planned.filter((step) => step.action !== 'unchanged');
  const chunks: ImportChunk[] = [];
  for (let start = 0; start < steps.length; start += chunkRows) {
    const slice = steps.slice(start, start + chunkRows);
    chunks.push({
      creates: slice.flatMap((step) =>
        step.action !== 'create'
          ? []
          : [step.locationId ? { ...step.wanted, locationId: step.locationId } : step.wanted],
      ),
      updates: slice.flatMap((step) => (step.action === 'update' ? [step] : [])),
    });
  }
  return chunks;
}

/**
 * One row of an import planned again, for an item written since the plan (between two chunks): from the item
 * as it is now, as the import would have read it then. Answers the row's update, or null when it now changes
 * nothing; throws ImportConflictError when it now plans otherwise (an error, a stale row refused, its item
 * gone or another one, its location gone).
 */
export function planRowAgain(
  row: ImportRow,
  itemId: string,
  lookup: ImportLookup,
  options: ImportOptions,
): Extract<PlannedRow, { action: 'update' }> | null {
  const again = planImport([row], lookup, options);
  const step = again.planned[0];
  const refused = options.stale === 'refuse' && again.stale.count > 0;
  const moved = again.errors.length > 0 || refused || again.newLocations.size > 0;
  if (moved || !step || step.action === 'create' || step.item._id !== itemId) {
    throw new ImportConflictError();
  }
  return step.action === 'update' ? step : null;
}
