import type { Item } from '@smart-zone/types/item';
import { removalReasonText } from '@smart-zone/types/removal-reasons';
import type { Author, StockChange, StockOutcome } from '../ports/items';
import { stockMove, storable, type ItemWrite } from './change';

export type StockDecision = Exclude<StockOutcome, { ok: true }> | { ok: true; write: ItemWrite };

/**
 * A restock (a positive delta: `restock`) or a removal (negative: `adjust`) of an item's stock, refused
 * when the quantity would leave 0..QUANTITY_MAX. The stock form's note (after the removal's `why`, when one was
 * picked) is the audit's reason, unless the write gives one of its own; a `why` is kept only on a removal.
 */
export function decideStockChange(before: Item | null, change: StockChange, by: Author, at: string): StockDecision {
  if (!before) return { ok: false, reason: 'not_found' };
  if (!storable(before.quantity + change.delta))
    return { ok: false, reason: 'out_of_range', available: before.quantity };
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
    }),
  };
}
