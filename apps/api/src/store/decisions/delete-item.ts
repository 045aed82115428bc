import type { Item } from '@smart-zone/types/item';
import { itemChanges } from '../audit-entries';
import { fieldsOf } from '../import-plan';
import type { Author } from '../ports/items';
import { itemChange, itemTarget, type ItemWrite } from './change';
import { heldList, type Holdings, keptPlaces } from './places';

/**
 * An item removed (null when there is none): a `deleted` movement of −quantity keeps its last state.
 * Its deliveries are kept.
 */
export function decideDelete(before: Item | null, holdings: Holdings, by: Author, at: string): ItemWrite | null {
  if (!before) return null;
  const audit = {
    action: 'item.delete' as const,
    target: itemTarget(before),
    changes: itemChanges(fieldsOf(before), null),
  };
  // 0 − quantity, not −quantity: an empty item's delta is the int 0, never a double −0. Its units leave every
  // location that held some (the adapter drops its rows there).
  const places = keptPlaces(
    heldList(holdings).map(({ locationId, quantity }) => ({ locationId, delta: 0 - quantity })),
  );
  const movement = {
    delta: 0 - before.quantity,
    reason: 'deleted' as const,
    item: before,
    ...(places ? { places } : {}),
  };
  return {
    kind: 'delete',
    item: null,
    change: itemChange(before, null, { cause: 'deleted', actor: by, audit, at, movement }),
  };
}

/** Items "Start with an empty warehouse" removes at most: the demo's ten, never a shop's own catalogue. */
export const DEMO_ITEMS_MAX = 100;

/**
 * "Start with an empty warehouse" (issue 36): while only the demo data is there (`touched`: a movement by anyone
 * but the system, or a delivery, says otherwise; more than DEMO_ITEMS_MAX items too), every item deleted as one
 * deletion each (decideDelete: its `deleted` movement, its audit entry with `by`'s reason, its alert resolved).
 */
export function decideEmptyDemo(
  touched: boolean,
  items: readonly { item: Item; holdings: Holdings }[],
  by: Author,
  at: string,
): { ok: false; reason: 'not_demo' } | { ok: true; writes: ItemWrite[] } {
  if (touched || items.length > DEMO_ITEMS_MAX) return { ok: false, reason: 'not_demo' };
  return { ok: true, writes: items.map(({ item, holdings }) => decideDelete(item, holdings, by, at)!) };
}
