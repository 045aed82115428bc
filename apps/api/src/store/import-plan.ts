import { IMPORT_SHOWN_MAX, type ImportChange, type ImportError } from '@smart-zone/types/imports';
import { ITEM_FIELDS, type Item, type ItemInput } from '@smart-zone/types/item';
import { itemChanges } from './audit-entries';
import type { ImportOutcome, ImportRow } from './store';

/** An item's editable fields, settled: its reorder point, and its SKU or null. */
export type ItemFields = Omit<ItemInput, 'minStock' | 'sku'> & { minStock: number; sku: string | null };

export const fieldsOf = (item: Item): ItemFields =>
  Object.fromEntries(ITEM_FIELDS.map((field) => [field, item[field] ?? null])) as ItemFields;

/** What a created item has where the file has no column. */
const NEW_ITEM_DEFAULTS = { description: '', img: '', minStock: 0, sku: null };

/**
 * What one row of the file comes to. (Its changes as [old, new] are made again for the few the answer
 * shows, not kept for every row: at 200,000 rows they were a third of the import's memory.)
 */
export type PlannedRow =
  | { row: number; action: 'create'; wanted: ItemFields }
  | { row: number; action: 'update'; item: Item; wanted: ItemFields }
  | { row: number; action: 'unchanged'; item: Item };

/** The items a file's rows name, as an adapter found them (inside its transaction when it applies). */
export interface ImportLookup {
  byId(id: string): Item | undefined;
  bySku(sku: string): Item | undefined;
}

/** The ids and SKUs an adapter must look up for these rows. */
export function keysOf(rows: readonly ImportRow[]): { ids: string[]; skus: string[] } {
  const ids = new Set<string>();
  const skus = new Set<string>();
  for (const { id, fields } of rows) {
    if (id !== undefined) ids.add(id);
    if (fields.sku) skus.add(fields.sku);
  }
  return { ids: [...ids], skus: [...skus] };
}

/**
 * The one import rule, for both adapters: a row's item is the one with its `id`, else the one with its
 * SKU, else the row creates one. Errors: an id no item has, a SKU another item holds (or another row of
 * the file gives), two rows about one item. An update keeps what the file has no column for.
 */
export function planImport(
  rows: readonly ImportRow[],
  lookup: ImportLookup,
): { planned: PlannedRow[]; errors: ImportError[] } {
  const planned: PlannedRow[] = [];
  const errors: ImportError[] = [];
  const rowOfItem = new Map<string, number>();
  const rowOfSku = new Map<string, number>();
  for (const { row, id, fields } of rows) {
    const before = errors.length;
    const fail = (column: string, message: string) => errors.push({ row, column, message });
    const sku = fields.sku ?? null;
    let item: Item | undefined;
    if (id !== undefined) {
      item = lookup.byId(id);
      if (!item)
        fail(
          'id',
          `No item has the id ${id} (it may have been deleted): leave the id empty to add the row as a new item`,
        );
    } else if (sku !== null) {
      item = lookup.bySku(sku);
    }
    if (item) {
      const earlier = rowOfItem.get(item._id);
      if (earlier !== undefined) {
        fail(id !== undefined ? 'id' : 'sku', `Row ${earlier} is about the same item: one row per item`);
        continue;
      }
      rowOfItem.set(item._id, row);
    }
    if (sku !== null) {
      const holder = lookup.bySku(sku);
      const earlier = rowOfSku.get(sku);
      if (holder && holder._id !== (item?._id ?? id)) {
        fail('sku', `SKU "${sku}" belongs to another item: "${holder.name}" (${holder._id})`);
      } else if (earlier !== undefined) {
        fail('sku', `SKU "${sku}" is on row ${earlier} too: a SKU names one item`);
      } else {
        rowOfSku.set(sku, row);
      }
    }
    if (errors.length > before) continue;
    if (!item) {
      const wanted = { ...NEW_ITEM_DEFAULTS, ...fields } as ItemFields;
      planned.push({ row, action: 'create', wanted });
      continue;
    }
    const wanted = { ...fieldsOf(item), ...fields } as ItemFields;
    planned.push(
      changesOf(item, wanted) ? { row, action: 'update', item, wanted } : { row, action: 'unchanged', item },
    );
  }
  return { planned, errors };
}

/** A row's changes as [old, new] by field (an item created: from null); undefined when it changes nothing. */
const changesOf = (item: Item | null, wanted: ItemFields): ImportChange['changes'] | undefined =>
  itemChanges(item && fieldsOf(item), wanted);

/** The answer for a plan: its errors, or its counts and first changes. */
export function importOutcome(rows: number, plan: { planned: PlannedRow[]; errors: ImportError[] }): ImportOutcome {
  if (plan.errors.length > 0) {
    return { ok: false, errors: plan.errors.slice(0, IMPORT_SHOWN_MAX), errorCount: plan.errors.length };
  }
  const count = { create: 0, update: 0, unchanged: 0 };
  const changes: ImportChange[] = [];
  for (const step of plan.planned) {
    count[step.action] += 1;
    if (step.action === 'unchanged' || changes.length >= IMPORT_SHOWN_MAX) continue;
    changes.push({
      row: step.row,
      action: step.action,
      ...(step.action === 'update' ? { itemId: step.item._id } : {}),
      name: step.wanted.name,
      changes: changesOf(step.action === 'update' ? step.item : null, step.wanted) ?? {},
    });
  }
  return { ok: true, report: { rows, ...count, changes } };
}

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
