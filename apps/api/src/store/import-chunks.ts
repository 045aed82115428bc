import type { ItemFields, PlannedRow } from './import-plan';

/** The changed rows an import writes together (MongoDB: one transaction each; SQLite: the one it runs in). */
export const IMPORT_CHUNK_ROWS = 500;

/** A chunk of an import's changes: its new items, then its updates, each in row order. */
export interface ImportChunk {
  creates: ItemFields[];
  updates: Extract<PlannedRow, { action: 'update' }>[];
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
      creates: slice.flatMap((step) => (step.action === 'create' ? [step.wanted] : [])),
      updates: slice.flatMap((step) => (step.action === 'update' ? [step] : [])),
    });
  }
  return chunks;
}
