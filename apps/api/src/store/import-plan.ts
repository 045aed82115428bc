import {
  IMPORT_SHOWN_MAX,
  IMPORT_SUPPLIER_DEFAULT,
  type ImportChange,
  type ImportError,
  type ImportStale,
} from '@smart-zone/types/imports';
import { ITEM_FIELDS, QUANTITY_MAX, type Item, type ItemInput } from '@smart-zone/types/item';
import { PATH_SEPARATOR } from '@smart-zone/types/location';
import { itemChanges } from './audit-entries';
import type { ImportOptions, ImportRow } from './store';

/** An item's editable fields, settled: its reorder point, its SKU or null, and its barcodes ([] for none). */
export type ItemFields = Omit<ItemInput, 'minStock' | 'sku' | 'barcodes'> & {
  minStock: number;
  sku: string | null;
  barcodes: string[];
};

export const fieldsOf = (item: Item): ItemFields =>
  Object.fromEntries(
    ITEM_FIELDS.map((field) => [field, field === 'barcodes' ? (item.barcodes ?? []) : (item[field] ?? null)]),
  ) as ItemFields;

/** Whether two items have the same value of a field (barcodes compared as lists). */
export const sameField = (field: keyof ItemFields, a: ItemFields, b: ItemFields): boolean =>
  field === 'barcodes' ? a.barcodes.join('\n') === b.barcodes.join('\n') : a[field] === b[field];

/** Whether two items' fields are the same. */
export const sameFields = (a: ItemFields, b: ItemFields): boolean =>
  ITEM_FIELDS.every((field) => sameField(field, a, b));

/** What a created item has where the file has no column. */
const NEW_ITEM_DEFAULTS = {
  supplier: IMPORT_SUPPLIER_DEFAULT,
  description: '',
  img: '',
  minStock: 0,
  sku: null,
  barcodes: [],
};

/**
 * What one row of the file comes to. (Its changes as [old, new] are made again for the few the answer
 * shows, not kept for every row: at 200,000 rows they were a third of the import's memory.)
 */
export type PlannedRow =
  /** `locationId`: where its added units go (the row's `location`; absent: Main). */
  | { row: number; action: 'create'; wanted: ItemFields; locationId?: string }
  /** `reason`: a changed quantity's movement (absent: `import`; a receiving file's rows: `restock`). */
  | { row: number; action: 'update'; item: Item; wanted: ItemFields; reason?: 'restock'; locationId?: string }
  | { row: number; action: 'unchanged'; item: Item };

/** The items a file's rows name, as an adapter found them (inside its transaction when it applies). */
export interface ImportLookup {
  byId(id: string): Item | undefined;
  /** The item that has this code, as its SKU or one of its barcodes. */
  bySku(sku: string): Item | undefined;
  /** The items with exactly this name (looked up for a receiving file's rows without id or SKU). */
  byName(name: string): readonly Item[];
  /** The location with this path (`paths` of keysOf, case aside; the root's is its name), or undefined. */
  locationOf(path: string): string | undefined;
}

/** A path as the locations keep its key: case aside (decisions/locations.ts). */
const pathKeyOf = (path: string) => path.toLowerCase();

/** The keys an adapter finds the `paths` of keysOf by (its locations' `pathKey`; the root's name, by `nameKey`). */
export const pathKeys = (paths: readonly string[]): string[] => paths.map(pathKeyOf);

/**
 * A lookup's `locationOf`, from the locations an adapter found by pathKeys (the root among them: its path is its
 * name). A location below the root whose path is the root's name is the one meant.
 */
export function locationsByPath(found: readonly { id: string; pathKey: string; nameKey: string; root: boolean }[]) {
  const byKey = new Map<string, string>();
  for (const { id, nameKey } of found.filter((location) => location.root)) byKey.set(nameKey, id);
  for (const { id, pathKey } of found.filter((location) => !location.root)) byKey.set(pathKey, id);
  return (path: string): string | undefined => byKey.get(pathKeyOf(path));
}

/** The import's options as the store takes them: the route's `stale` and `mode`, with their defaults. */
export const IMPORT_DEFAULTS: ImportOptions = { stale: 'app', mode: 'update' };

/** The options asked for, each left out (or undefined) as IMPORT_DEFAULTS has it. */
export const importOptions = (asked: Partial<ImportOptions> = {}): ImportOptions => ({
  stale: asked.stale ?? IMPORT_DEFAULTS.stale,
  mode: asked.mode ?? IMPORT_DEFAULTS.mode,
});

/**
 * The ids, codes and names an adapter must look up for these rows (`skus`: their SKUs and barcodes, each found
 * as any item's SKU or barcode; names: a receiving file's rows without either).
 */
export function keysOf(
  rows: readonly ImportRow[],
  { mode }: Pick<ImportOptions, 'mode'> = IMPORT_DEFAULTS,
): { ids: string[]; skus: string[]; names: string[]; paths: string[] } {
  const ids = new Set<string>();
  const skus = new Set<string>();
  const names = new Set<string>();
  const paths = new Set<string>();
  for (const { id, fields, location } of rows) {
    if (id !== undefined) ids.add(id);
    // The path, and each location above it (a missing one is made with it).
    const levels = location?.split(PATH_SEPARATOR) ?? [];
    for (let depth = 1; depth <= levels.length; depth += 1) paths.add(levels.slice(0, depth).join(PATH_SEPARATOR));
    for (const code of fields.barcodes ?? []) skus.add(code);
    if (fields.sku) skus.add(fields.sku);
    else if (mode === 'receive' && id === undefined && fields.name) names.add(fields.name);
  }
  return { ids: [...ids], skus: [...skus], names: [...names], paths: [...paths] };
}

/** An import's plan: each row's step, the file's errors, and its stale rows (the first IMPORT_SHOWN_MAX, and how many). */
export interface ImportPlan {
  planned: PlannedRow[];
  errors: ImportError[];
  stale: { count: number; rows: ImportStale[] };
  /** The `location` paths no location has, each with the first row naming it. */
  newLocations: Map<string, number>;
}

/** A receiving file's row: its item's quantity plus the row's, a restock; the item's other fields kept. */
function receiveStep(
  row: Pick<ImportRow, 'row' | 'fields'>,
  item: Item | undefined,
  fail: (column: string, message: string) => void,
) {
  const { fields } = row;
  if (!item) {
    const named = fields.sku ? `the SKU "${fields.sku}"` : `the name "${fields.name ?? ''}"`;
    fail(
      fields.sku ? 'sku' : 'name',
      `No item has ${named}: receiving adds stock to items you have (add the item first, or fix the ${fields.sku ? 'SKU' : 'name'})`,
    );
    return undefined;
  }
  const received = fields.quantity ?? 0;
  if (received < 0) {
    fail('quantity', 'A delivery note’s quantity cannot be negative: take stock away on the item’s page');
    return undefined;
  }
  if (item.quantity + received > QUANTITY_MAX) {
    fail('quantity', `That would make the stock ${item.quantity + received}, over the limit of ${QUANTITY_MAX}`);
    return undefined;
  }
  const wanted = { ...fieldsOf(item), quantity: item.quantity + received };
  return received === 0
    ? ({ row: row.row, action: 'unchanged', item } as const)
    : ({ row: row.row, action: 'update', item, wanted, reason: 'restock' } as const);
}

/** A planned row's `locationId` when it has one. */
const placed = (locationId: string | undefined) => (locationId === undefined ? {} : { locationId });

/**
 * The one import rule, for both adapters: a row's item is the one with its `id`, else the one with its
 * SKU, else the row creates one. Errors: an id no item has, a SKU another item holds (or another row of
 * the file gives), two rows about one item. An update keeps what the file has no column for.
 *
 * A row whose `version` is older than its item's is stale (the item changed in the app since the export):
 * with `stale: 'app'` it keeps the item's quantity and takes the file's other fields, with `file` the
 * file's quantity too; `refuse` is the outcome's (importOutcome). In `receive` mode a row names an item
 * that exists (by id, SKU or name; none is an error) and its quantity is added, a restock.
 */
export function planImport(
  rows: readonly ImportRow[],
  lookup: ImportLookup,
  { stale: policy, mode }: ImportOptions = IMPORT_DEFAULTS,
): ImportPlan {
  const planned: PlannedRow[] = [];
  const errors: ImportError[] = [];
  const stale: ImportPlan['stale'] = { count: 0, rows: [] };
  const rowOfItem = new Map<string, number>();
  const rowOfSku = new Map<string, number>();
  const newLocations = new Map<string, number>();
  const newKeys = new Set<string>();
  for (const { row, id, version, fields, location } of rows) {
    const before = errors.length;
    const fail = (column: string, message: string) => errors.push({ row, column, message });
    const locationId = location === undefined ? undefined : lookup.locationOf(location);
    /** The row's location, when its units move (else it is not used): a missing one, and above it, noted once. */
    const placedHere = (moves: boolean) => {
      if (!moves) return {};
      if (location !== undefined && locationId === undefined) {
        const names = location.split(PATH_SEPARATOR);
        for (let depth = 1; depth <= names.length; depth += 1) {
          const path = names.slice(0, depth).join(PATH_SEPARATOR);
          // Each path once, as first written (case aside, as the locations' names).
          if (newKeys.has(pathKeyOf(path)) || lookup.locationOf(path) !== undefined) continue;
          newKeys.add(pathKeyOf(path));
          newLocations.set(path, row);
        }
      }
      return placed(locationId);
    };
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
    } else if (mode === 'receive' && fields.name !== undefined) {
      const named = lookup.byName(fields.name);
      if (named.length > 1) {
        fail('name', `${named.length} items are named "${fields.name}": give the row its SKU`);
        continue;
      }
      item = named[0];
    }
    if (mode === 'receive') {
      if (errors.length > before) continue;
      const step = receiveStep({ row, fields }, item, fail);
      if (item && step) {
        const earlier = rowOfItem.get(item._id);
        if (earlier !== undefined) fail('', `Row ${earlier} is about the same item: one row per item`);
        else {
          rowOfItem.set(item._id, row);
          planned.push(step.action === 'update' ? { ...step, ...placedHere(true) } : step);
        }
      }
      continue;
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
    for (const code of fields.barcodes ?? []) {
      const holder = lookup.bySku(code);
      const earlier = rowOfSku.get(code);
      if (holder && holder._id !== (item?._id ?? id)) {
        fail('barcodes', `Barcode "${code}" belongs to another item: "${holder.name}" (${holder._id})`);
      } else if (earlier !== undefined && earlier !== row) {
        fail('barcodes', `Barcode "${code}" is on row ${earlier} too: a code names one item`);
      } else {
        rowOfSku.set(code, row);
      }
    }
    if (errors.length > before) continue;
    if (!item) {
      const wanted = { ...NEW_ITEM_DEFAULTS, ...fields } as ItemFields;
      planned.push({ row, action: 'create', wanted, ...placedHere(wanted.quantity > 0) });
      continue;
    }
    const wanted = { ...fieldsOf(item), ...fields } as ItemFields;
    if (version !== undefined && version < item.version) {
      const file = fields.quantity ?? null;
      if (policy !== 'file') wanted.quantity = item.quantity;
      stale.count += 1;
      if (stale.rows.length < IMPORT_SHOWN_MAX) {
        const quantity = { file, app: item.quantity, kept: wanted.quantity };
        stale.rows.push({
          row,
          itemId: item._id,
          name: item.name,
          fileVersion: version,
          version: item.version,
          quantity,
          since: [],
        });
      }
    }
    planned.push(
      changesOf(item, wanted)
        ? { row, action: 'update', item, wanted, ...placedHere(wanted.quantity !== item.quantity) }
        : { row, action: 'unchanged', item },
    );
  }
  return { planned, errors, stale, newLocations };
}

/** A row's changes as [old, new] by field (an item created: from null); undefined when it changes nothing. */
export const changesOf = (item: Item | null, wanted: ItemFields): ImportChange['changes'] | undefined =>
  itemChanges(item && fieldsOf(item), wanted);
