import type { DeliveredItem } from '@smart-zone/types/delivery';
import { type Item, QUANTITY_MAX } from '@smart-zone/types/item';
import type { AuditNote } from '../audit-entries';
import type { CancelOutcome } from '../ports/deliveries';
import type { Author } from '../ports/items';
import { stockMove, type ItemWrite } from './change';
import { placesBack, type PlaceDelta } from './places';

export type CancelDecision =
  | Exclude<CancelOutcome, { ok: true }>
  /** The delivery as cancelled (`cancelledAt`, `cancelledBy`, `cancelReason`), and its quantity put back. */
  | { ok: true; delivery: DeliveredItem; write: ItemWrite }
  /** Its item is gone: no stock to put back, but the cancel is still a write, audited alone. */
  | { ok: true; delivery: DeliveredItem; write: null; audit: AuditNote };

/**
 * Cancels a delivery (`live`: one not cancelled, as the adapter read it; null when there is none), marking it
 * cancelled `at`, by whom and why (the recorders keep those three with it), and
 * puts its quantity back to its item with a `cancel` movement, when the item still exists (`item`): each unit
 * back where the delivery took it (`taken`: its `delivery` movement's places; absent, all at Main), at Main
 * for a location that no longer exists (`exists`), as an undo does. With `ownerUid`, only a delivery of that
 * uid's: another's is not found. Refused when the item would go over QUANTITY_MAX.
 */
export function decideCancel(
  live: DeliveredItem | null,
  item: Item | null,
  taken: readonly PlaceDelta[] | undefined,
  exists: (locationId: string) => boolean,
  by: Author,
  at: string,
  ownerUid?: string,
): CancelDecision {
  if (!live || (ownerUid !== undefined && live.uid !== ownerUid)) return { ok: false, reason: 'not_found' };
  // Kept with it: a cancelled delivery stays listed, marked (issue 36).
  const delivery: DeliveredItem = {
    ...live,
    cancelledAt: at,
    cancelledBy: by.email,
    ...(by.reason ? { cancelReason: by.reason } : {}),
  };
  const { quantity } = delivery;
  const target = {
    kind: 'delivery' as const,
    id: delivery._id,
    name: delivery.inventory,
    itemId: delivery.inventoriesId,
  };
  if (!item) return { ok: true, delivery, write: null, audit: { action: 'delivery.cancel', target } };
  if (item.quantity + quantity > QUANTITY_MAX) {
    return { ok: false, reason: 'over_limit', available: item.quantity, quantity };
  }
  const write = stockMove(item, {
    delta: quantity,
    reason: 'cancel',
    action: 'delivery.cancel',
    actor: by,
    at,
    deliveryId: delivery._id,
    // Units put back never take a location below 0: no holdings to check, unlike an undo.
    places: placesBack(taken, exists),
    target: { ...target, name: item.name },
  });
  return { ok: true, delivery, write };
}
