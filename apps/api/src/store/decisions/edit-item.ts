import { type Item, type ItemInput, ITEM_FIELDS, storedSku } from '@smart-zone/types/item';
import { itemChanges } from '../audit-entries';
import { fieldsOf, type ItemFields, sameFields } from '../import-plan';
import type { Author, UpdateOutcome } from '../ports/items';
import { itemChange, itemTarget, settledBarcodes, withFields, type ItemWrite } from './change';
import { assertCodesFree, type SkuHolder } from './create-items';
import { type Holdings, keptPlaces, takeFrom } from './places';

export type EditDecision =
  | Exclude<UpdateOutcome, { ok: true }>
  /** Nothing differs: nothing is written. */
  | { ok: true; changed: false; item: Item }
  | { ok: true; changed: true; write: ItemWrite };

/** Why an edit of an item's fields moved its quantity: a PUT's `edit`, an import's `import`, a receiving file's `restock`. */
type EditReason = 'edit' | 'import' | 'restock';

/**
 * An item given new fields (settled: its reorder point, and its SKU or null), already checked: a changed
 * quantity is a movement of `quantityReason` (a PUT's `edit`, an import's `import`, a receiving file's
 * `restock`, recorded as a restock is: a `stock.restock` audit entry) of new − current.
 */
export function editWrite(
  before: Item,
  holdings: Holdings,
  wanted: ItemFields,
  by: Author,
  at: string,
  quantityReason: EditReason,
  /** Where more goes, and less is taken from first (an import row's `location`); absent: Main. */
  locationId?: string,
): ItemWrite {
  const item = withFields(before, wanted, at);
  const delta = item.quantity - before.quantity;
  // More goes to Main (or `locationId`); less is taken where the most are (never below 0 anywhere: the item
  // holds them all), from `locationId` first.
  const more = delta > 0 && locationId ? [{ locationId, delta }] : undefined;
  const places = keptPlaces(delta < 0 ? (takeFrom(holdings, -delta, locationId) ?? undefined) : more);
  const audit = {
    action: quantityReason === 'restock' ? ('stock.restock' as const) : ('item.update' as const),
    target: itemTarget(item),
    changes: itemChanges(fieldsOf(before), wanted),
  };
  return {
    kind: 'fields',
    item,
    change: itemChange(before, item, {
      cause: delta === 0 ? 'updated' : quantityReason,
      actor: by,
      audit,
      at,
      ...(delta !== 0 ? { movement: { delta, reason: quantityReason, ...(places ? { places } : {}) } } : {}),
    }),
  };
}

/**
 * A PUT of an item's editable fields (ITEM_FIELDS): an absent `minStock`, `sku` or `barcodes` keeps the
 * item's, '' or null clears the SKU, [] the barcodes. With `expectedVersion`, only while the item still has it
 * (else `stale`). A new code (SKU or barcode) another item holds (`holderOf`: the item the adapter found
 * holding a code of codesAsked([input]), over every item's SKU and barcodes) throws SkuTakenError.
 */
export function decideEdit(
  before: Item | null,
  holdings: Holdings,
  input: ItemInput,
  read: { holderOf: (code: string) => SkuHolder | undefined },
  by: Author,
  at: string,
  expectedVersion?: number,
): EditDecision {
  if (!before) return { ok: false, reason: 'not_found' };
  if (expectedVersion !== undefined && before.version !== expectedVersion) {
    return { ok: false, reason: 'stale', item: before };
  }
  const kept = fieldsOf(before);
  const sku = storedSku(input.sku);
  const wanted = Object.fromEntries(ITEM_FIELDS.map((field) => [field, input[field]])) as ItemFields;
  wanted.minStock = input.minStock ?? before.minStock;
  wanted.sku = sku === undefined ? kept.sku : sku;
  wanted.barcodes = settledBarcodes(wanted.sku, input.barcodes ?? kept.barcodes);
  if (sameFields(kept, wanted)) return { ok: true, changed: false, item: before };
  const had = new Set([kept.sku, ...kept.barcodes]);
  assertCodesFree({ _id: before._id, ...wanted }, read.holderOf, (code) => !had.has(code));
  return { ok: true, changed: true, write: editWrite(before, holdings, wanted, by, at, 'edit') };
}
