import type { DeliveredItem } from '@smart-zone/types/delivery';
import type { Item } from '@smart-zone/types/item';
import type { DeliveryOutcome, NewDelivery } from '../ports/deliveries';
import { stockMove, type ItemWrite } from './change';
import { type Holdings, takeFrom, unitsAt } from './places';

export type DeliveryDecision =
  Exclude<DeliveryOutcome, { ok: true }> | { ok: true; delivery: DeliveredItem; write: ItemWrite };

/**
 * A delivery of `quantity` of an item (`item`: as the adapter read it in the write; null when there is
 * none; `holdings`: where its units are): refused when the item has less; else the delivery record (`id`: its
 * new id), named by the item's own name, and its `delivery` movement, its units taken from `locationId` (refused
 * when it holds fewer, or is not a location: `locationFound`) or from the locations holding the most first.
 */
export function decideDelivery(
  item: Item | null,
  holdings: Holdings,
  delivery: NewDelivery,
  id: string,
  at: string,
  locationFound = true,
): DeliveryDecision {
  if (!item) return { ok: false, reason: 'item_not_found' };
  if (!locationFound) return { ok: false, reason: 'location_not_found' };
  const { locationId, quantity } = delivery;
  if (locationId !== undefined && unitsAt(holdings, locationId) < quantity) {
    return { ok: false, reason: 'out_of_stock', available: unitsAt(holdings, locationId), at: 'location' };
  }
  const places = locationId !== undefined ? [{ locationId, delta: -quantity }] : takeFrom(holdings, quantity);
  if (item.quantity < quantity || !places) return { ok: false, reason: 'out_of_stock', available: item.quantity };
  const { owner } = delivery;
  const record: DeliveredItem = {
    _id: id,
    uid: owner.uid,
    email: owner.email,
    name: delivery.name,
    inventory: item.name,
    inventoriesId: item._id,
    address: delivery.address,
    phone: delivery.phone,
    quantity: delivery.quantity,
    createdAt: at,
  };
  const write = stockMove(item, {
    delta: -delivery.quantity,
    reason: 'delivery',
    action: 'delivery.create',
    actor: owner,
    at,
    deliveryId: id,
    places,
    target: { kind: 'delivery', id, name: item.name, itemId: item._id },
  });
  return { ok: true, delivery: record, write };
}
