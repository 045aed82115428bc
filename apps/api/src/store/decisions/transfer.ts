import type { Item } from '@smart-zone/types/item';
import { MAIN_LOCATION_ID, type Transfer } from '@smart-zone/types/location';
import type { Author, TransferOutcome } from '../ports/items';
import { stockMove, type ItemWrite } from './change';
import { type Holdings, type PlaceDelta, takeFrom, unitsAt } from './places';

export type TransferDecision = Exclude<TransferOutcome, { ok: true }> | { ok: true; write: ItemWrite };

/** The holdings but `locationId`'s: where a move to it may take units from. */
function without(holdings: Holdings, locationId: string): Holdings {
  if (locationId === MAIN_LOCATION_ID) return { main: 0, others: holdings.others };
  const others = new Map(holdings.others);
  others.delete(locationId);
  return { main: holdings.main, others };
}

/**
 * Units of an item moved to `to` (issue 34): one `transfer` movement of delta 0 whose places say where they left
 * (−) and +quantity at `to`; the item's quantity (and so its alert) stays. From `from`, or without it from the
 * locations holding the most first (`to` aside). `paths`: the path of every location the adapter found of those
 * the move names and the item holds (a location missing from it is not one). Refused when `to` or `from` is not
 * a location, or when they hold fewer than asked (`available`: what they hold).
 */
export function decideTransfer(
  item: Item | null,
  holdings: Holdings,
  transfer: Transfer,
  paths: ReadonlyMap<string, string>,
  by: Author,
  at: string,
): TransferDecision {
  if (!item) return { ok: false, reason: 'not_found' };
  const { from, to, quantity } = transfer;
  const toPath = paths.get(to);
  if (toPath === undefined || (from !== undefined && !paths.has(from))) {
    return { ok: false, reason: 'location_not_found' };
  }
  let taken: PlaceDelta[] | null;
  if (from !== undefined) {
    const available = unitsAt(holdings, from);
    if (available < quantity) return { ok: false, reason: 'out_of_stock', available };
    taken = [{ locationId: from, delta: -quantity }];
  } else {
    taken = takeFrom(without(holdings, to), quantity);
    if (!taken) return { ok: false, reason: 'out_of_stock', available: item.quantity - unitsAt(holdings, to) };
  }
  const fromPaths = taken.map((place) => paths.get(place.locationId) ?? place.locationId).join(', ');
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
      changes: { location: [fromPaths, toPath] },
      places: [...taken, { locationId: to, delta: quantity }],
    }),
  };
}
