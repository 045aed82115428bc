import type { Item } from '@smart-zone/types/item';
import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import { removalReasonText } from '@smart-zone/types/removal-reasons';
import type { Author, StockChange, StockOutcome } from '../ports/items';
import { stockMove, storable, type ItemWrite } from './change';
import { type Holdings, unitsAt } from './places';

export type StockDecision = Exclude<StockOutcome, { ok: true }> | { ok: true; write: ItemWrite };

/**
 * A restock (a positive delta: `restock`) or a removal (negative: `adjust`) of an item's stock at one location
 * (`change.locationId`, default Main; `holdings`: where the item's units are), refused when the quantity would
 * leave 0..QUANTITY_MAX, when a removal asks for more than that location holds, or when the location is not
 * one (`locationFound`). The stock form's note (after the removal's `why`, when one was picked) is the audit's
 * reason, unless the write gives one of its own; a `why` is kept only on a removal.
 */
export function decideStockChange(
  before: Item | null,
  holdings: Holdings,
  change: StockChange,
  by: Author,
  at: string,
  locationFound = true,
): StockDecision {
  if (!before) return { ok: false, reason: 'not_found' };
  if (!locationFound) return { ok: false, reason: 'location_not_found' };
  const locationId = change.locationId ?? MAIN_LOCATION_ID;
  if (!storable(before.quantity + change.delta))
    return { ok: false, reason: 'out_of_range', available: before.quantity };
  const held = unitsAt(holdings, locationId);
  if (held + change.delta < 0) return { ok: false, reason: 'out_of_range', available: held };
  const restock = change.delta > 0;
  const why = restock ? undefined : change.why;
  const reason = by.reason ?? removalReasonText(why, change.note);
  const actor = { ...by, ...(reason ? { reason } : {}) };
  return {
    ok: true,
    write: stockMove(before, {
      delta: change.delta,
      reason: restock ? 'restock' : 'adjust',
      action: restock ? 'stock.restock' : 'stock.remove',
      actor,
      at,
      note: change.note,
      why,
      places: [{ locationId, delta: change.delta }],
    }),
  };
}
