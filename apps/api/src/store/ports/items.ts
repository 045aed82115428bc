import type { BatchTransfer, ItemStockLine, Transfer } from '@smart-zone/types/location';
import type { RemovalReason } from '@smart-zone/types/removal-reasons';
import type {
  Actor,
  Item,
  ItemInput,
  ItemSort,
  MovementReason,
  StockFilter,
  StockMovement,
} from '@smart-zone/types/item';
import type { ImportError, ImportMode, ImportReport, StalePolicy } from '@smart-zone/types/imports';
import type { ImportRows } from '../import-rows';
import type { IdempotencyClaim } from './idempotency';

/**
 * Who writes, and why: every write method takes one, and the audit entry it
 * appends in the same transaction records all three (an Actor alone is a write
 * with no reason, outside any request: the seed, a test).
 */
export interface Author extends Actor {
  /** Free text, at most REASON_MAX characters. */
  reason?: string;
  /** The request's X-Request-Id. */
  requestId?: string;
  /** The request's Idempotency-Key: claimed in the write's transaction, with its audit entry (ports/idempotency.ts). */
  claim?: IdempotencyClaim;
}

export interface StockChange {
  /** Whole number, not 0: positive restocks, negative removes. */
  delta: number;
  note?: string;
  /** Why stock is removed (a negative delta only): kept with the `adjust` movement. */
  why?: RemovalReason;
  /** Where the units are put or taken from (default: Main). */
  locationId?: string;
}

export interface ItemFilter {
  /** Case-insensitive substring of name, supplier, SKU or a barcode, matched literally. */
  q?: string;
  /** `low`: a reorder point is set and the quantity is at or below it; `out`: quantity 0. */
  stock?: StockFilter;
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
  /** `movementId`: the movement appended (what an undo takes back). */
  | { ok: true; item: Item; movementId: string }
  | { ok: false; reason: 'not_found' }
  /**
   * The change would take the quantity below 0 or above QUANTITY_MAX, or take more than its location holds
   * (`available`: the item's quantity, or the location's units): nothing was written.
   */
  | { ok: false; reason: 'out_of_range'; available: number }
  /** `locationId` names no location. */
  | { ok: false; reason: 'location_not_found' };

/** What POST /inventory/:id/transfer came to. */
export type TransferOutcome =
  | { ok: true; item: Item; movementId: string }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'location_not_found' }
  /** `from` (or, without it, the locations but `to`) holds fewer than asked (`available`). */
  | { ok: false; reason: 'out_of_stock'; available: number };

/** What POST /transfers came to: every line's movement, or the first line refused (0-based) and why. */
export type BatchTransferOutcome =
  | { ok: true; movementIds: string[] }
  | { ok: false; line: number; itemId: string; refusal: Exclude<TransferOutcome, { ok: true }> };

/** A batch's line refused: thrown inside the batch's transaction, so that none of its lines is kept. */
export class LineRefused extends Error {
  readonly outcome: Extract<BatchTransferOutcome, { ok: false }>;
  constructor(line: number, itemId: string, refusal: Exclude<TransferOutcome, { ok: true }>) {
    super(`Line ${line + 1} refused: ${refusal.reason}`);
    this.outcome = { ok: false, line, itemId, refusal };
  }
}

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
  /** The item whose SKU is exactly this one (unique when set), or null. */
  getBySku(sku: string): Promise<Item | null>;
  /** The item that has exactly this code, as its SKU or one of its barcodes (unique across both), or null. */
  getByCode(code: string): Promise<Item | null>;
  /** Adds the item with a `created` movement of its quantity. Another item's SKU: SkuTakenError, nothing written. */
  create(input: ItemInput, actor: Author): Promise<Item>;
  /**
   * Adds many items (the seed script), each with its `created` movement; answers how many.
   * All or none: a quantity outside 0..QUANTITY_MAX throws a RangeError, a SKU held by another item (or
   * twice in `inputs`) a SkuTakenError, and nothing is written.
   */
  createMany(inputs: readonly ItemInput[], actor: Author): Promise<number>;
  /**
   * Replaces the editable fields (ITEM_FIELDS; an absent `minStock` or `sku` keeps the item's). A changed quantity is an `edit` movement of
   * new − current, computed inside the same atomic step. With `expectedVersion`
   * the update only happens if the item still has that version. An absent `sku` keeps the item's, '' or
   * null clears it; another item's SKU throws SkuTakenError and nothing is written.
   */
  update(id: string, input: ItemInput, actor: Author, expectedVersion?: number): Promise<UpdateOutcome>;
  /** Adds (`restock`) or removes (`adjust`) stock as a delta, atomically. */
  changeStock(id: string, change: StockChange, actor: Author): Promise<StockOutcome>;
  /** Units moved between two locations (decisions/transfer.ts): the item's quantity stays. */
  transfer(id: string, transfer: Transfer, actor: Author): Promise<TransferOutcome>;
  /** Many items' units moved to one location, each line as transfer() decides it: all or none. */
  transferMany(batch: BatchTransfer, actor: Author): Promise<BatchTransferOutcome>;
  /** Where the item's units are, Main first then by path (null: no such item; [] when it has none). */
  stockByLocation(id: string): Promise<ItemStockLine[] | null>;
  /** True when an item was removed; its `deleted` movement keeps its last state. Deliveries are kept. */
  remove(id: string, actor: Author): Promise<boolean>;
  /**
   * Whether only the first run's demo data is there: no movement by anyone but the system, no delivery, at most
   * DEMO_ITEMS_MAX items (decisions/delete-item.ts). An empty store is not (there is nothing to clear).
   */
  demoOnly(): Promise<boolean>;
  /**
   * "Start with an empty warehouse" (issue 36): every item removed as remove() does, in one transaction, while
   * demoOnly() (read in it); else `not_demo` and nothing written.
   */
  emptyDemo(by: Author): Promise<{ ok: true; removed: number } | { ok: false; reason: 'not_demo' }>;
  /**
   * An item's movements, newest first in the order of the item's own writes
   * (as they committed, whichever process made them: the first movement's
   * quantityAfter is the item's quantity), and how many there are in all
   * (also after it was deleted).
   */
  history(id: string, page: { limit: number; skip: number }): Promise<{ movements: StockMovement[]; total: number }>;
  /**
   * The ledger, oldest first (by time, then as written), a batch at a time in constant memory: every
   * item's movements or one item's, within `from`..`to` (ISO times, inclusive); each line names its item
   * (its name now, or when it was deleted).
   */
  ledger(filter: LedgerFilter): AsyncIterable<LedgerLine[]>;
  /**
   * A CSV import's rows, matched and written by the one rule of import-plan.ts, inside one transaction: each
   * row's item is found by `id`, else by `sku`, else the row creates one; a changed quantity is an `import`
   * movement of new − current (current as the transaction reads it). Any row in error (an id no item has, a
   * SKU another item holds, one item twice): nothing is written and the errors are answered. Without
   * `apply` nothing is written either way: the answer says what the rows would do.
   */
  importRows(
    rows: ImportRows,
    options: { by: Author; apply: boolean } & Partial<ImportOptions>,
  ): Promise<ImportOutcome>;
  /**
   * Takes a movement back: appends an `undo` movement of −delta linked to it (`undoOf`), atomically and once.
   * With `ownSince` (an ISO time) only a movement of `by`'s own (by uid) made at or after it may be undone.
   */
  undo(movementId: string, by: Author, limit?: { ownSince: string }): Promise<UndoOutcome>;
}

/** One row of an import file, read and checked on its own (imports/read-import.ts). */
export interface ImportRow {
  /** Its row in the file, as a spreadsheet numbers it (the header is row 1). */
  row: number;
  /** The `id` cell, when the file has that column and the cell is not empty. */
  id?: string;
  /** The `version` cell: the item's version when the file was exported (absent: the file has none). */
  version?: number;
  /** The item fields of the columns the file has, checked (`sku` null for an empty cell: none). */
  fields: ImportFields;
  /**
   * The `location` cell's path (pathInCell): where the row's added units go (a new item's stock, a raise, a
   * receipt), and where a lowered quantity is taken from first. Absent: Main, and the most held first.
   */
  location?: string;
}
export type ImportFields = Partial<Omit<ItemInput, 'sku'>> & { sku?: string | null };

/** How an import reads its rows (import-plan.ts): what a stale row takes, and whether rows set or add stock. */
export interface ImportOptions {
  stale: StalePolicy;
  mode: ImportMode;
}

export type ImportOutcome =
  | { ok: true; report: Omit<ImportReport, 'dryRun' | 'versioned' | 'ignoredColumns'> }
  /**
   * `errors`: the first IMPORT_SHOWN_MAX, in row order; `errorCount`: all of them. `stale`: refused for
   * `stale: 'refuse'` (the errors are the stale rows): nothing is written.
   */
  | {
      ok: false;
      errors: ImportError[];
      errorCount: number;
      stale?: ImportReport['stale'];
      /** Written: its only errors were the paths no location has (these), nothing written. */
      newLocations?: string[];
    };

export type UndoOutcome =
  /** The item after the undo, and the `undo` movement appended. */
  | { ok: true; item: Item; movementId: string }
  | { ok: false; reason: 'not_found' }
  /** `ownSince` was given and the movement is someone else's, or older. */
  | { ok: false; reason: 'not_yours' | 'too_late' }
  /** Its reason is not one UNDOABLE_REASONS names (a delivery is cancelled instead). */
  | { ok: false; reason: 'not_undoable'; movementReason: MovementReason }
  | { ok: false; reason: 'already_undone'; undoneBy: string }
  /** The movement's item has been deleted since. */
  | { ok: false; reason: 'item_gone' }
  /** Taking it back would take the quantity below 0 or above QUANTITY_MAX: nothing was written. */
  | { ok: false; reason: 'out_of_range'; available: number; delta: number };

export interface LedgerFilter {
  itemId?: string;
  from?: string;
  to?: string;
}

/** A movement of the ledger export, with its item's name. */
export type LedgerLine = StockMovement & { itemName: string };
