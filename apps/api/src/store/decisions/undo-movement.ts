import { isUndoable, type Item, type MovementReason } from '@smart-zone/types/item';
import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import type { Author, UndoOutcome } from '../ports/items';
import { stockMove, storable, type ItemWrite } from './change';
import { afterPlaces, type Holdings, placesBack, type PlaceDelta, unitsAt } from './places';

/** What an undo reads of the movement it takes back. */
export interface UndoTarget {
  id: string;
  /** Who made it (uid). */
  actorUid: string;
  /** When (ISO). */
  at: string;
  reason: MovementReason;
  delta: number;
  /** The undo that took it back already, if one did. */
  undoneBy?: string;
  /** Where its units were taken or put (absent: all at Main). */
  places?: PlaceDelta[];
}

export type UndoDecision = Exclude<UndoOutcome, { ok: true }> | { ok: true; write: ItemWrite };

/**
 * Takes a movement back: an `undo` movement of −delta linked to it (`undoOf`), once. Refused: no such
 * movement; with `limit`, one not `by`'s own or made before `ownSince`; a reason UNDOABLE_REASONS does not
 * name (a delivery is cancelled instead); one undone already; its item gone (`item`: null); a quantity
 * that would leave 0..QUANTITY_MAX.
 */
export function decideUndo(
  movement: UndoTarget | null,
  item: Item | null,
  holdings: Holdings,
  /** Whether a location still exists: units put back where one was go to Main. */
  exists: (locationId: string) => boolean,
  by: Author,
  at: string,
  limit?: { ownSince: string },
): UndoDecision {
  if (!movement) return { ok: false, reason: 'not_found' };
  if (limit && movement.actorUid !== by.uid) return { ok: false, reason: 'not_yours' };
  if (limit && Date.parse(movement.at) < Date.parse(limit.ownSince)) return { ok: false, reason: 'too_late' };
  if (!isUndoable(movement.reason)) return { ok: false, reason: 'not_undoable', movementReason: movement.reason };
  if (movement.undoneBy) return { ok: false, reason: 'already_undone', undoneBy: movement.undoneBy };
  if (!item) return { ok: false, reason: 'item_gone' };
  // 0 − delta, not −delta: an undo of 0 is the int 0, never a double −0.
  const delta = 0 - movement.delta;
  if (!storable(item.quantity + delta)) return { ok: false, reason: 'out_of_range', available: item.quantity, delta };
  // Its places the other way (all at Main when it had none): refused when a location no longer holds the units.
  const places = placesBack(movement.places, exists) ?? [{ locationId: MAIN_LOCATION_ID, delta }];
  if (!afterPlaces(holdings, places)) {
    const short = places.find((place) => unitsAt(holdings, place.locationId) + place.delta < 0)!;
    return { ok: false, reason: 'out_of_range', available: unitsAt(holdings, short.locationId), delta: short.delta };
  }
  return {
    ok: true,
    write: stockMove(item, {
      delta,
      reason: 'undo',
      action: 'stock.undo',
      actor: by,
      at,
      undoOf: movement.id,
      undone: movement.reason,
      places,
    }),
  };
}
