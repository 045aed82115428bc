import type { DeliveredItem, DeliveryState } from '@smart-zone/types/delivery';
import type { Author } from './items';

export interface NewDelivery {
  /** Who records it, and owns it (My Item); their reason and request go to the audit. */
  owner: Author;
  /** The recipient's name ('' when none was given). */
  name: string;
  inventoriesId: string;
  address: string;
  phone: string;
  quantity: number;
  /** Where the units leave (issue 34); absent: from the locations holding the most first. */
  locationId?: string;
}

export type DeliveryOutcome =
  | { ok: true; delivery: DeliveredItem }
  | { ok: false; reason: 'item_not_found' }
  /** `locationId` names no location. */
  | { ok: false; reason: 'location_not_found' }
  /** The item (or, with `locationId`, that location) holds fewer (`available`). */
  | { ok: false; reason: 'out_of_stock'; available: number; at?: 'location' };

export type CancelOutcome =
  | { ok: true; delivery: DeliveredItem }
  /** No such delivery (of the owner's, when one is named), or it is already cancelled. */
  | { ok: false; reason: 'not_found' }
  /** Putting the quantity back would take the item over QUANTITY_MAX: nothing was written. */
  | { ok: false; reason: 'over_limit'; available: number; quantity: number };

export interface DeliveryFilter {
  /** The owner's email (who recorded it), exactly. */
  email?: string;
  itemId?: string;
  /** ISO date-times, inclusive, on `createdAt`. */
  from?: string;
  to?: string;
  /** `all`: the cancelled ones too, in their place (`cancelledAt`, `cancelledBy`, `cancelReason` on them). */
  state?: DeliveryState;
}

export interface DeliveryRepository {
  /**
   * The owner's deliveries that are not cancelled (`all`: and the cancelled ones, marked), newest first: the
   * reverse of the order they committed in.
   */
  listByOwner(uid: string, state?: DeliveryState): Promise<DeliveredItem[]>;
  /**
   * Every delivery not cancelled (`state: 'all'`: every one) that matches, newest first by `createdAt`, ties in commit order (as the
   * audit), a page of them and how many match before paging. Each filter is served by an index.
   */
  list(
    filter: DeliveryFilter,
    page: { limit: number; skip: number },
  ): Promise<{ deliveries: DeliveredItem[]; total: number }>;
  /** A delivery that is not cancelled. */
  get(id: string): Promise<DeliveredItem | null>;
  /**
   * Takes `quantity` off the item, records the delivery (with the item's own
   * name) and its `delivery` movement in one atomic step: all happen or none
   * does, and stock never goes below zero under any concurrency.
   */
  create(delivery: NewDelivery): Promise<DeliveryOutcome>;
  /**
   * Marks the delivery cancelled (when, `by` whom and their reason kept with it) and puts its quantity back with a
   * `cancel` movement (when the item still exists), each unit where the
   * delivery took it (Main for a location deleted since), atomically and once;
   * refused, with nothing written, when that would take the item over QUANTITY_MAX.
   * `by` cancels it (the movement's and the audit's actor); with `ownerUid`
   * only a delivery of that uid's is cancelled (another's is `not_found`);
   * without it, anyone's (a manager).
   */
  cancel(id: string, by: Author, ownerUid?: string): Promise<CancelOutcome>;
}
