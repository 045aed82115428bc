import type { Item } from '@smart-zone/types/item';
import type { Transfer } from '@smart-zone/types/location';
import type { Author, TransferOutcome } from '../ports/items';
import { stockMove, type ItemWrite } from './change';
import { type Holdings, unitsAt } from './places';

export type TransferDecision = Exclude<TransferOutcome, { ok: true }> | { ok: true; write: ItemWrite };

/**
 * Units of an item moved from one location to another (issue 34): one `transfer` movement of delta 0 whose
 * places say −quantity at `from` and +quantity at `to`; the item's quantity (and so its alert) stays. Refused
 * when either location is not one (`found`), or when `from` holds fewer (`available`: what it holds).
 */
export function decideTransfer(
  item: Item | null,
  holdings: Holdings,
  transfer: Transfer,
  found: { from: string | null; to: string | null },
  by: Author,
  at: string,
): TransferDecision {
  if (!item) return { ok: false, reason: 'not_found' };
  if (found.from === null || found.to === null) return { ok: false, reason: 'location_not_found' };
  const available = unitsAt(holdings, transfer.from);
  if (available < transfer.quantity) return { ok: false, reason: 'out_of_stock', available };
  const reason = by.reason ?? transfer.note;
  return {
    ok: true,
    write: stockMove(item, {
      delta: 0,
      reason: 'transfer',
      action: 'stock.transfer',
      actor: { ...by, ...(reason ? { reason } : {}) },
      at,
      note: transfer.note,
      changes: { location: [found.from, found.to] },
      places: [
        { locationId: transfer.from, delta: -transfer.quantity },
        { locationId: transfer.to, delta: transfer.quantity },
      ],
    }),
  };
}
