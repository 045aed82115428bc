import type { DeliveredItem, DeliveryInput } from '@smart-zone/types/delivery';
import type { Item, ItemInput, ItemSort } from '@smart-zone/types/item';

/**
 * The store port. Two adapters implement it (sqlite: embedded default;
 * mongo: for operators) and both pass the same contract suite
 * (test/store.contract.test.ts). Adapters take and return plain objects from
 * @smart-zone/types; ids are 24-hex strings; no driver type leaks out.
 */
export interface ItemListOptions {
  limit?: number;
  skip?: number;
  /** Case-insensitive "contains" on name or supplier. */
  q?: string;
  /** Default: oldest first (insertion order). */
  sort?: ItemSort;
}

export interface ItemRepository {
  list(options?: ItemListOptions): Promise<Item[]>;
  get(id: string): Promise<Item | null>;
  create(input: ItemInput): Promise<Item>;
  /** Replaces the editable fields; null when no item has that id. */
  update(id: string, input: ItemInput): Promise<Item | null>;
  /** True when an item was removed. Deliveries already made are kept. */
  remove(id: string): Promise<boolean>;
  count(): Promise<number>;
}

export type NewDelivery = DeliveryInput & { email: string };

export type DeliveryOutcome =
  | { ok: true; delivery: DeliveredItem; item: Item }
  | { ok: false; reason: 'item_not_found' }
  | { ok: false; reason: 'out_of_stock'; available: number };

export interface DeliveryRepository {
  /** The caller's deliveries, newest first. */
  listByEmail(email: string): Promise<DeliveredItem[]>;
  get(id: string): Promise<DeliveredItem | null>;
  /**
   * Takes `quantity` off the item and records the delivery in one atomic
   * step: both happen or neither does, and stock never goes below zero
   * under any concurrency.
   */
  create(delivery: NewDelivery): Promise<DeliveryOutcome>;
  /**
   * Removes the delivery if it belongs to `email` and puts its quantity
   * back on the item (when the item still exists), atomically and once.
   * Null when there is no such delivery of that owner.
   */
  cancel(id: string, email: string): Promise<DeliveredItem | null>;
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
