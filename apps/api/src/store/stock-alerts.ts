import type { AlertKind } from '@smart-zone/types/alert';
import { mayRaiseAlert } from '@smart-zone/types/movement-kinds';
import { isLowStock } from '@smart-zone/types/stock';
import type { ChangeCause } from './store';

/** What the rule needs of an item on each side of a change. */
export interface StockLevel {
  quantity: number;
  minStock: number;
}

/**
 * The one low-stock rule, used by both adapters inside the transaction of
 * every change (group commit included): the alert a change raises, if any.
 *
 * - `out` when the quantity goes from above 0 to 0;
 * - else `low` when the item goes from not low to low (a reorder point is set
 *   and the quantity is at or below it): by a delivery, a removal, a PUT of the
 *   quantity, or a PUT that raises the reorder point to the quantity or above.
 *
 * One alert per crossing: further decreases while low raise nothing; `low`
 * re-arms once the quantity is above the reorder point again, `out` once it is
 * above 0. An item that goes straight from not low to 0 raises `out` alone (it
 * is low too, and one message says so). Nothing is raised by a movement whose
 * kind raises none (movement-kinds.ts: an item's opening stock, for it starts in
 * whatever state it is given, and a deletion); a cancel only brings stock back.
 */
export function alertFor(cause: ChangeCause, before: StockLevel | null, after: StockLevel | null): AlertKind | null {
  if (!before || !after || !mayRaiseAlert(cause)) return null;
  if (before.quantity > 0 && after.quantity === 0) return 'out';
  if (!isLowStock(before) && isLowStock(after)) return 'low';
  return null;
}
