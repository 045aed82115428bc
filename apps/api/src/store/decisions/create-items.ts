import { assertStorableQuantity, codesOf, type Item, type ItemInput, storedSku } from '@smart-zone/types/item';
import { itemChanges } from '../audit-entries';
import { fieldsOf } from '../import-plan';
import { SkuTakenError } from '../ports/errors';
import type { Author } from '../ports/items';
import { itemChange, itemTarget, settledBarcodes, type ItemWrite } from './change';
import { keptPlaces } from './places';

/** An item that holds a code (as its SKU or a barcode), as an adapter read it: what a SkuTakenError names. */
export interface SkuHolder {
  id: string;
  name: string;
}

/** The SKU an input asks for (none when it keeps or clears its item's): what an adapter looks up before deciding. */
export function skuAsked(input: Pick<ItemInput, 'sku'>): string | undefined {
  const sku = storedSku(input.sku);
  return typeof sku === 'string' ? sku : undefined;
}

/** The SKUs these inputs ask for, each once. */
export const skusAsked = (inputs: readonly Pick<ItemInput, 'sku'>[]): string[] => [
  ...new Set(inputs.map(skuAsked).filter((sku) => sku !== undefined)),
];

/**
 * Every code these inputs ask for (SKUs and barcodes), each once: what an adapter looks up (holderOf)
 * before deciding. An input that keeps its item's barcodes (absent) asks for none.
 */
export const codesAsked = (inputs: readonly Pick<ItemInput, 'sku' | 'barcodes'>[]): string[] => [
  ...new Set([...skusAsked(inputs), ...inputs.flatMap((input) => input.barcodes ?? [])]),
];

/**
 * The codes an item has that another item holds: the first such code throws SkuTakenError naming its holder
 * (`field`: whether the item has it as its SKU or a barcode). `holderOf` answers the item that has a code.
 */
export function assertCodesFree(
  item: { _id: string; sku?: string | null; barcodes?: readonly string[] },
  holderOf: (code: string) => SkuHolder | undefined,
  only: (code: string) => boolean = () => true,
): void {
  for (const code of codesOf(item)) {
    if (!only(code)) continue;
    const holder = holderOf(code);
    if (holder && holder.id !== item._id) throw new SkuTakenError(code, holder, code === item.sku ? 'sku' : 'barcodes');
  }
}

/**
 * New items, in the order given, each with its `created` movement of its quantity: all or none. A quantity
 * outside 0..QUANTITY_MAX throws a RangeError; a code (SKU or barcode) another item holds (`holderOf`, read by
 * the adapter in the write's transaction, over every item's SKU and barcodes) or given twice in `inputs` throws
 * a SkuTakenError. `ids`: one new id per input. An input's `locationId` (an import row's `location`) is where
 * its units are put; absent, at Main.
 */
export function decideCreate(
  inputs: readonly (ItemInput & { locationId?: string })[],
  read: { ids: readonly string[]; holderOf: (sku: string) => SkuHolder | undefined },
  by: Author,
  at: string,
): ItemWrite[] {
  for (const input of inputs) assertStorableQuantity(input.quantity);
  const taken = new Map<string, SkuHolder>();
  return inputs.map((input, index) => {
    const sku = skuAsked(input);
    const barcodes = settledBarcodes(sku, input.barcodes);
    const item: Item = {
      _id: read.ids[index]!,
      name: input.name,
      supplier: input.supplier,
      price: input.price,
      quantity: input.quantity,
      description: input.description,
      img: input.img,
      minStock: input.minStock ?? 0,
      ...(sku !== undefined ? { sku } : {}),
      ...(barcodes.length > 0 ? { barcodes } : {}),
      createdAt: at,
      updatedAt: at,
      version: 1,
    };
    assertCodesFree(item, (code) => taken.get(code) ?? read.holderOf(code));
    for (const code of codesOf(item)) taken.set(code, { id: item._id, name: item.name });
    const audit = {
      action: 'item.create' as const,
      target: itemTarget(item),
      changes: itemChanges(null, fieldsOf(item)),
    };
    const places = keptPlaces(input.locationId ? [{ locationId: input.locationId, delta: item.quantity }] : undefined);
    const movement = { delta: item.quantity, reason: 'created' as const, ...(places ? { places } : {}) };
    return {
      kind: 'create',
      item,
      change: itemChange(null, item, { cause: 'created', actor: by, audit, at, movement }),
    };
  });
}
