import type { DeliveredItem } from '@smart-zone/types/delivery';
import type { Actor, Item, ItemInput, ItemSort, StockMovement } from '@smart-zone/types/item';

export interface StockChange {
  /** Whole number, not 0: positive restocks, negative removes. */
  delta: number;
  note?: string;
}

/**
 * The store port. Two adapters implement it (sqlite: embedded default;
 * mongo: for operators) and both pass the same contract suite
 * (test/store.contract.test.ts). Adapters take and return plain objects from
 * @smart-zone/types; ids are 24-hex strings; no driver type leaks out.
 *
 * Stock is a ledger: every change of an item's quantity appends a
 * StockMovement in the same atomic step, so an item's quantity always
 * equals the sum of its movements' deltas.
 */
export interface ItemFilter {
  /** Case-insensitive substring of name or supplier, matched literally. */
  q?: string;
}

export interface ItemListOptions extends ItemFilter {
  limit?: number;
  skip?: number;
  /** Default: oldest first (insertion order). */
  sort?: ItemSort;
}

export type UpdateOutcome =
  | { ok: true; item: Item; changed: boolean }
  | { ok: false; reason: 'not_found' }
  /** The caller's expected version is not the item's: nothing was written. */
  | { ok: false; reason: 'stale'; item: Item };

export type StockOutcome =
  | { ok: true; item: Item }
  | { ok: false; reason: 'not_found' }
  /** The change would take the quantity below 0 or above QUANTITY_MAX: nothing was written. */
  | { ok: false; reason: 'out_of_range'; available: number };

export interface ItemRepository {
  /**
   * A page of the matching items, in one order in both stores. Without `sort`:
   * creation order, oldest first, as the creations committed (never by clock
   * or id). `newest` is that order reversed. `name`: ASCII letters compared
   * case-insensitively, every other character by code point (UTF-8 byte
   * order), so `_` < `a` = `A` < `z` < `{` < `~` < `É` < `é`. `price` and
   * `quantity`: by value. Equal keys keep creation order, reversed with a
   * descending sort (`-price`: equal prices newest first).
   */
  list(options?: ItemListOptions): Promise<Item[]>;
  /** Every matching item in list order (as `list`), a batch at a time: memory stays flat whatever the count. */
  stream(options?: Omit<ItemListOptions, 'limit'>): AsyncIterable<Item[]>;
  /** Items matching the filter, before paging. */
  count(filter?: ItemFilter): Promise<number>;
  /**
   * Opaque, and different after any item is created, changed or deleted.
   * Read it before the list it tags, never after.
   */
  revision(): Promise<string>;
  get(id: string): Promise<Item | null>;
  /** Adds the item with a `created` movement of its quantity. */
  create(input: ItemInput, actor: Actor): Promise<Item>;
  /**
   * Adds many items (the seed script), each with its `created` movement; answers how many.
   * All or none: a quantity outside 0..QUANTITY_MAX throws a RangeError and nothing is written.
   */
  createMany(inputs: readonly ItemInput[], actor: Actor): Promise<number>;
  /**
   * Replaces the editable fields. A changed quantity is an `adjust` movement of
   * new − current, computed inside the same atomic step. With `expectedVersion`
   * the update only happens if the item still has that version.
   */
  update(id: string, input: ItemInput, actor: Actor, expectedVersion?: number): Promise<UpdateOutcome>;
  /** Adds (`restock`) or removes (`adjust`) stock as a delta, atomically. */
  changeStock(id: string, change: StockChange, actor: Actor): Promise<StockOutcome>;
  /** True when an item was removed; its `deleted` movement keeps its last state. Deliveries are kept. */
  remove(id: string, actor: Actor): Promise<boolean>;
  /**
   * An item's movements, newest first in the order of the item's own writes
   * (as they committed, whichever process made them: the first movement's
   * quantityAfter is the item's quantity), and how many there are in all
   * (also after it was deleted).
   */
  history(id: string, page: { limit: number; skip: number }): Promise<{ movements: StockMovement[]; total: number }>;
}

export interface NewDelivery {
  owner: Actor;
  /** The recipient's name ('' when none was given). */
  name: string;
  inventoriesId: string;
  address: string;
  phone: string;
  quantity: number;
}

export type DeliveryOutcome =
  | { ok: true; delivery: DeliveredItem }
  | { ok: false; reason: 'item_not_found' }
  | { ok: false; reason: 'out_of_stock'; available: number };

export type CancelOutcome =
  | { ok: true; delivery: DeliveredItem }
  /** The owner has no such delivery, or it is already cancelled. */
  | { ok: false; reason: 'not_found' }
  /** Putting the quantity back would take the item over QUANTITY_MAX: nothing was written. */
  | { ok: false; reason: 'over_limit'; available: number; quantity: number };

export interface DeliveryRepository {
  /** The owner's deliveries that are not cancelled, newest first: the reverse of the order they committed in. */
  listByOwner(uid: string): Promise<DeliveredItem[]>;
  /** A delivery that is not cancelled. */
  get(id: string): Promise<DeliveredItem | null>;
  /**
   * Takes `quantity` off the item, records the delivery (with the item's own
   * name) and its `delivery` movement in one atomic step: all happen or none
   * does, and stock never goes below zero under any concurrency.
   */
  create(delivery: NewDelivery): Promise<DeliveryOutcome>;
  /**
   * Marks the owner's delivery cancelled and puts its quantity back with a
   * `cancel` movement (when the item still exists), atomically and once;
   * refused, with nothing written, when that would take the item over QUANTITY_MAX.
   */
  cancel(id: string, owner: Actor): Promise<CancelOutcome>;
}

/** The store refuses more work of this kind for now (its queue is full): nothing was done; try again shortly. */
export class StoreBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreBusyError';
  }
}

export interface Store {
  readonly kind: 'sqlite' | 'mongo';
  readonly items: ItemRepository;
  readonly deliveries: DeliveryRepository;
  /**
   * Loads the demo items if this store has never been seeded and holds no
   * items; marks it seeded either way, so deleted demo items never come back.
   * True when it loaded them.
   */
  seedOnce(items: readonly ItemInput[]): Promise<boolean>;
  /** True when the store answers a trivial query. */
  health(): Promise<boolean>;
  close(): Promise<void>;
}
