import type { AuditAction, AuditEntry } from '@smart-zone/types/audit';
import type { ItemInput } from '@smart-zone/types/item';
import type { Stats } from '@smart-zone/types/stats';
import type { AlertRepository } from './ports/alerts';
import type { ChangeFeed } from './ports/changes';
import type { CountRepository } from './ports/counts';
import type { IdempotencyRepository } from './ports/idempotency';
import type { PeopleRepository } from './ports/people';
import type { DeliveryRepository } from './ports/deliveries';
import type { ItemRepository } from './ports/items';
import type { LocationRepository } from './ports/locations';
import type { TeamRepository } from './ports/team';

// The port's parts, each in ports/: named here too, so a caller imports the store from one place.
export type { AlertRepository, SendOutcome } from './ports/alerts';
export type { ChangeCause, ChangeFeed, StoreChange } from './ports/changes';
export type {
  CancelOutcome,
  DeliveryFilter,
  DeliveryOutcome,
  DeliveryRepository,
  NewDelivery,
} from './ports/deliveries';
export { ImportConflictError, SkuTakenError, StoreBusyError, WriteOutcomeUnknownError } from './ports/errors';
export type {
  Author,
  ImportFields,
  ImportOptions,
  ImportOutcome,
  ImportRow,
  ItemFilter,
  ItemListOptions,
  ItemRepository,
  LedgerLine,
  StockOutcome,
  UndoOutcome,
} from './ports/items';
export type { IdempotencyClaim, IdempotencyRepository } from './ports/idempotency';
export { IdempotencyTakenError } from './ports/idempotency';
export type { LocationOutcome, LocationRepository } from './ports/locations';
export type { CountOpening, CountOutcome, CountRecording, CountRepository } from './ports/counts';
export type { PeopleRepository } from './ports/people';
export type { TeamOutcome, TeamRepository, TeamWriteGuard } from './ports/team';

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
export interface Store {
  readonly kind: 'sqlite' | 'mongo';
  readonly items: ItemRepository;
  readonly deliveries: DeliveryRepository;
  readonly alerts: AlertRepository;
  readonly team: TeamRepository;
  readonly locations: LocationRepository;
  readonly counts: CountRepository;
  readonly people: PeopleRepository;
  readonly audit: AuditRepository;
  readonly stats: StatsRepository;
  /** Idempotency-Keys' claims and answers (the claims written by the ledger, in each write's transaction). */
  readonly idempotency: IdempotencyRepository;
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
