import { isUndoable, type Item, type MovementReason } from '@smart-zone/types/item';
import type { Author, UndoOutcome } from '../ports/items';
import { stockMove, storable, type ItemWrite } from './change';

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
    }),
  };
}
