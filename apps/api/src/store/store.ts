import type { ImportRows } from './import-rows';
import type { Alert, AlertChannel, AlertKind } from '@smart-zone/types/alert';
import type { ImportError, ImportReport } from '@smart-zone/types/imports';
import type { AuditAction, AuditEntry } from '@smart-zone/types/audit';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import type { Role } from '@smart-zone/types/roles';
import type { Stats } from '@smart-zone/types/stats';
import type { Member } from '@smart-zone/types/team';
import type {
  Actor,
  Item,
  ItemInput,
  ItemSort,
  MovementReason,
  StockFilter,
  StockMovement,
} from '@smart-zone/types/item';

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
}

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
  /** The item whose SKU is exactly this one (unique when set), or null. */
  getBySku(sku: string): Promise<Item | null>;
  /** Adds the item with a `created` movement of its quantity. Another item's SKU: SkuTakenError, nothing written. */
  create(input: ItemInput, actor: Author): Promise<Item>;
  /**
   * Adds many items (the seed script), each with its `created` movement; answers how many.
   * All or none: a quantity outside 0..QUANTITY_MAX throws a RangeError, a SKU held by another item (or
   * twice in `inputs`) a SkuTakenError, and nothing is written.
   */
  createMany(inputs: readonly ItemInput[], actor: Author): Promise<number>;
  /**
   * Replaces the editable fields (ITEM_FIELDS; an absent `minStock` or `sku` keeps the item's). A changed quantity is an `adjust` movement of
   * new − current, computed inside the same atomic step. With `expectedVersion`
   * the update only happens if the item still has that version. An absent `sku` keeps the item's, '' or
   * null clears it; another item's SKU throws SkuTakenError and nothing is written.
   */
  update(id: string, input: ItemInput, actor: Author, expectedVersion?: number): Promise<UpdateOutcome>;
  /** Adds (`restock`) or removes (`adjust`) stock as a delta, atomically. */
  changeStock(id: string, change: StockChange, actor: Author): Promise<StockOutcome>;
  /** True when an item was removed; its `deleted` movement keeps its last state. Deliveries are kept. */
  remove(id: string, actor: Author): Promise<boolean>;
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
  importRows(rows: ImportRows, options: { by: Author; apply: boolean }): Promise<ImportOutcome>;
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
  /** The item fields of the columns the file has, checked (`sku` null for an empty cell: none). */
  fields: ImportFields;
}
export type ImportFields = Partial<Omit<ItemInput, 'sku'>> & { sku?: string | null };

export type ImportOutcome =
  | { ok: true; report: Omit<ImportReport, 'dryRun'> }
  /** `errors`: the first IMPORT_SHOWN_MAX, in row order; `errorCount`: all of them. */
  | { ok: false; errors: ImportError[]; errorCount: number };

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

export interface NewDelivery {
  /** Who records it, and owns it (My Item); their reason and request go to the audit. */
  owner: Author;
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
}

export interface DeliveryRepository {
  /** The owner's deliveries that are not cancelled, newest first: the reverse of the order they committed in. */
  listByOwner(uid: string): Promise<DeliveredItem[]>;
  /**
   * Every delivery not cancelled that matches, newest first by `createdAt`, ties in commit order (as the
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
   * Marks the delivery cancelled and puts its quantity back with a
   * `cancel` movement (when the item still exists), atomically and once;
   * refused, with nothing written, when that would take the item over QUANTITY_MAX.
   * `by` cancels it (the movement's and the audit's actor); with `ownerUid`
   * only a delivery of that uid's is cancelled (another's is `not_found`);
   * without it, anyone's (a manager).
   */
  cancel(id: string, by: Author, ownerUid?: string): Promise<CancelOutcome>;
}

/** A write gave an item a SKU another item has: nothing was written. `holder` is that other item. */
export class SkuTakenError extends Error {
  constructor(
    readonly sku: string,
    readonly holder: { id: string; name: string },
  ) {
    super(`SKU "${sku}" belongs to another item: "${holder.name}" (${holder.id}).`);
    this.name = 'SkuTakenError';
  }
}

/**
 * The store refuses more work of this kind for now (its queue is full, or its database too busy to commit
 * in time): nothing was done; try again shortly. The message is the client's; `cause` says why, for the log.
 */
export class StoreBusyError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreBusyError';
  }
}

/**
 * The database did not confirm a write's commit (MongoDB: an unknown commit result): it may or may not
 * have been saved, so it is neither a success nor a refusal. The message is the client's; `cause` the
 * database's error, for the log.
 */
export class WriteOutcomeUnknownError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'WriteOutcomeUnknownError';
  }
}

/** Why an item changed: its movement's reason, or `updated` for fields alone (no stock moved). */
export type ChangeCause = MovementReason | 'updated';

/**
 * One committed change of an item, as the change feed announces it: once,
 * after commit, in commit order. Nothing personal: who made it is the
 * history's and the audit's.
 */
export interface StoreChange {
  /** Opaque; grows in commit order within one store (one SQLite file, one MongoDB database). */
  id: string;
  itemId: string;
  cause: ChangeCause;
  /** The item's quantity after the change (0 once deleted). */
  quantity: number;
  /** The item's reorder point after the change. */
  minStock: number;
  /** The item's version after the change; null once deleted. */
  version: number | null;
  /** The stock movement the change appended (all but `updated`). */
  movement?: { id: string; delta: number; deliveryId?: string };
  /** The alert the change raised, written in the same transaction (see stock-alerts.ts). */
  alert?: { id: string; kind: AlertKind };
  at: string;
}

/**
 * Every committed change, from every process that writes to the same store:
 * SQLite announces its own commits right after them and learns other
 * processes' within a second; MongoDB follows a change stream. A listener
 * hears the changes committed after it subscribed (docs/decisions/010).
 */
export interface ChangeFeed {
  subscribe(listener: (change: StoreChange) => void): () => void;
}

/** What one attempt to send an alert on a channel came to. */
export type SendOutcome =
  | { state: 'sent' }
  /** Not this time (a network error, a 5xx): try again at `retryAt`. */
  | { state: 'retry'; error: string; retryAt: string }
  /** Given up (after 24 h, or an answer that will never change): shown as failed. */
  | { state: 'failed'; error: string };

export interface AlertRepository {
  /** Newest first (commit order), and how many match before paging. */
  list(options: { unread?: boolean; limit: number; skip: number }): Promise<{ alerts: Alert[]; total: number }>;
  unreadCount(): Promise<number>;
  /** Marks it read (once: a second call keeps the first time); null when there is no such alert. */
  markRead(id: string): Promise<Alert | null>;
  /** Marks every unread alert read; answers how many it marked. */
  markAllRead(): Promise<number>;
  /**
   * The outbox of a channel, oldest first, with how many attempts each has had: alerts raised since
   * `since` never tried on it, and alerts to retry whose time has come by `now`. (An alert raised before
   * `since` and never tried — the channel was not set up, or nothing ran for a day — is not sent.)
   */
  due(
    channel: AlertChannel,
    window: { since: string; now: string; limit: number },
  ): Promise<{ alert: Alert; attempts: number }[]>;
  /** Records an attempt's outcome. */
  recordSend(alertId: string, channel: AlertChannel, outcome: SendOutcome): Promise<void>;
  /** How many alert sends were given up on, all channels together (GET /health counts them). */
  failedCount(): Promise<number>;
}

/** What a team write came to: nothing is written unless `ok`. */
export type TeamOutcome =
  | { ok: true; member: Member | null }
  /** add: the email is a member already. */
  | { ok: false; reason: 'exists'; member: Member }
  /** setRole, remove: no member with that email. */
  | { ok: false; reason: 'not_found' }
  /** setRole, remove: it would leave the team without an owner. */
  | { ok: false; reason: 'last_owner' }
  /** The `actingOwner` the change named is no longer an owner when it is written: nothing changed. */
  | { ok: false; reason: 'not_owner' };

/** Who a team change is made by, checked inside its write: the member who must still be an owner then. */
export interface TeamWriteGuard {
  actingOwner?: string;
}

/**
 * The team: emails (normalised: trimmed, lower-cased) and their roles. Every
 * change appends its audit entry in the same transaction; the last owner can
 * never be demoted or removed, whatever runs at the same time (two owners
 * demoting each other leave one).
 */
export interface TeamRepository {
  /** Every member, by email. */
  list(): Promise<Member[]>;
  get(email: string): Promise<Member | null>;
  /**
   * An invitation: the role applies whenever that email signs in verified. Each change with
   * `guard.actingOwner` is refused (`not_owner`) unless that member is an owner inside the change's own
   * transaction: an owner demoted while their request was on its way changes nothing.
   */
  add(member: { email: string; role: Role }, by: Author, guard?: TeamWriteGuard): Promise<TeamOutcome>;
  setRole(email: string, role: Role, by: Author, guard?: TeamWriteGuard): Promise<TeamOutcome>;
  /** The answer's member is the one removed. */
  remove(email: string, by: Author, guard?: TeamWriteGuard): Promise<TeamOutcome>;
  /**
   * Makes each email an owner (invitedBy `OWNER_EMAILS`), adding or promoting it, with audit entries by the
   * system actor; owners already are left as they are. At start, for the OWNER_EMAILS setting.
   */
  ensureOwners(emails: readonly string[]): Promise<void>;
}

export interface AuditFilter {
  /** The actor's email, exactly. */
  actor?: string;
  action?: AuditAction;
  /** Entries about this item, its stock and its deliveries. */
  itemId?: string;
  /** ISO date-times, inclusive. */
  from?: string;
  to?: string;
}

/** The audit: appended to by every write, in its transaction (see Author); read here, never changed. */
export interface AuditRepository {
  /**
   * Newest first by time, ties in commit order (the same as commit order unless a clock steps back: time
   * first lets a from/to range and a filter share one index), a page, and how many match before paging.
   */
  list(filter: AuditFilter, page: { limit: number; skip: number }): Promise<{ entries: AuditEntry[]; total: number }>;
}

/**
 * The warehouse at a glance (GET /api/stats): answered from totals each write keeps in its own transaction
 * (the items' count, units and value; units in and out per day, and per item and day), never by reading
 * the movements, so it costs the same at 1,000,000 movements as at 10.
 */
export interface StatsRepository {
  /** As of `now` (default: the clock): its UTC day and the STATS_DAYS − 1 before it. */
  read(now?: Date): Promise<Stats>;
}

export interface Store {
  readonly kind: 'sqlite' | 'mongo';
  readonly items: ItemRepository;
  readonly deliveries: DeliveryRepository;
  readonly alerts: AlertRepository;
  readonly team: TeamRepository;
  readonly audit: AuditRepository;
  readonly stats: StatsRepository;
  /** Every committed change, once, after commit. */
  readonly changes: ChangeFeed;
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
