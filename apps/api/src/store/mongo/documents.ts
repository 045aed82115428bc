import type { Collection, Db, ObjectId } from 'mongodb';
import type { AlertChannel, AlertEvent, AlertKind } from '@smart-zone/types/alert';
import type { AuditAction, AuditEntry, AuditTargetKind } from '@smart-zone/types/audit';
import type { Actor, Item, ItemInput, MovementReason } from '@smart-zone/types/item';
import type { DayBucket } from '@smart-zone/types/movement-kinds';
import type { RemovalReason } from '@smart-zone/types/removal-reasons';
import type { Role } from '@smart-zone/types/roles';
import type { PlannedCreate } from '../import-chunks';
import type { ItemFields } from '../import-plan';
import type { Author, ChangeCause, ImportOptions } from '../store';
import type { HeldDoc, LocationDoc, PlaceDoc } from './schema-locations';
import type { ImportUpdateDoc } from './import-chunks';
import { type IdempotencyDoc, idempotencyCollectionOf } from './mongo-idempotency';

// What every adapter file reads from here: the documents' fields (doc-fields.ts) and their mapping to the
// shared types (doc-mappers.ts), with the documents themselves.
export * from './doc-fields';
export * from './doc-mappers';

/** Documents as MongoDB holds them; mapped to the shared types at the adapter's edge. */
export interface ItemDoc extends Omit<ItemInput, 'minStock' | 'sku' | 'barcodes'> {
  _id: ObjectId;
  /** The reorder point; 0 (no alert) on items from before it (schema.ts migrates them). */
  minStock: number;
  /** The SKU, unique when a string (a partial unique index); null or absent (items from before it): none. */
  sku?: string | null;
  /** The other codes ([] or absent: none); `codes`: the SKU and the barcodes (CODES_INDEX: unique across items). */
  barcodes?: string[];
  codes?: string[];
  /**
   * Derived, kept in step by every write that moves quantity or minStock (see stockLevel, and the
   * validator that refuses a document where they disagree): MongoDB cannot index `quantity <= minStock`,
   * a comparison of two fields, so the low filter and the shortfall sort read these.
   */
  low: boolean;
  /** minStock − quantity: the shortfall sort's key. */
  shortfall: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  createdBy: Actor;
  updatedBy: Actor;
  /** name, supplier and codes folded to lower case: what search matches against (see docs/decisions/006). */
  search: string;
  /** The search index's keys: name and supplier's substrings of 1–3 code points (search-grams.ts). Absent on items an older instance wrote. */
  grams?: string[];
  /** The name with ASCII letters lowered: what the name sort compares, byte by byte (see nameKey). */
  nameKey: string;
  /** Creation order: the creating write's seq (mongo-ledger.ts bumpRevision); absent on items from before it. */
  seq?: number;
  /** Units at locations other than Main, and their sum `placed` (issue 34): absent while all are in Main. */
  stock?: HeldDoc[];
  placed?: number;
  /** Where a receipt that names no location goes (mongo-locations.ts setDefault). */
  defaultLocationId?: ObjectId;
}

export interface DeliveryDoc {
  _id: ObjectId;
  uid: string;
  email: string;
  name: string;
  inventory: string;
  inventoriesId: ObjectId;
  address: string;
  phone: string;
  quantity: number;
  createdAt: Date;
  cancelledAt?: Date;
  /** Who cancelled it (their email) and why (issue 36: a cancelled delivery stays listed, marked). */
  cancelledBy?: string;
  cancelReason?: string;
  /** Commit order, as for items; absent on deliveries from before it (they list last, by _id). */
  seq?: number;
}

export interface MovementDoc {
  _id: ObjectId;
  itemId: ObjectId;
  delta: number;
  quantityAfter: number;
  reason: MovementReason;
  actor: Actor;
  deliveryId?: ObjectId;
  note?: string;
  /** On a removal: why, from the short list (removal-reasons.ts). */
  why?: RemovalReason;
  at: Date;
  item?: Item;
  /**
   * The item's version after this change (for `deleted`, one past its last): history's order.
   * Absent on movements from before it; those list after the rest, by _id (schema.ts).
   */
  version?: number;
  /** On an `undo` movement: the movement it takes back (unique: undone once). */
  undoOf?: ObjectId;
  /** Where its units went, when a location other than Main is one of them (issue 34). */
  places?: PlaceDoc[];
}

export interface AlertDoc {
  _id: ObjectId;
  itemId: ObjectId;
  itemName: string;
  kind: AlertKind;
  quantity: number;
  minStock: number;
  movementId?: ObjectId;
  at: Date;
  readAt?: Date;
  /** The seq of the change that raised it: the list's order, newest first. */
  seq: number;
  /**
   * The channels that have not tried it yet (every channel when raised; recordSend takes one out):
   * the outbox's "never tried" half reads an index of these, not every alert of the day.
   */
  pending: AlertChannel[];
  /** Present while its item is low (one open alert per item: a partial unique index on it); gone once resolved. */
  open?: true;
  /** When its item rose above its reorder point (or was deleted), and the movement that did it. */
  resolvedAt?: Date;
  resolvedBy?: ObjectId;
  /** As `pending`, for the resolution's notice (set when it resolves; sent only when the owner asks for it). */
  resolvedPending?: AlertChannel[];
}

/** One channel's attempts at one alert (mongo-alerts.ts). */
export interface AlertSendDoc {
  _id: ObjectId;
  alertId: ObjectId;
  /** Its alert's seq: retries due come out oldest first. */
  alertSeq: number;
  channel: AlertChannel;
  /** What it sends: the alert's resolution, or (absent) its opening. */
  event?: Extract<AlertEvent, 'resolved'>;
  state: 'retry' | 'sent' | 'failed';
  attempts: number;
  retryAt?: Date;
  lastError?: string;
}

/** One committed change of an item, as the change feed announces it (mongo-feed.ts). */
export interface ChangeDoc {
  _id: ObjectId;
  /** Its write's seq (mongo-ledger.ts): a standalone server's feed reads the log in this order. */
  seq: number;
  /** Its place among its transaction's changes: the feed's id is its commit's cluster time with this. */
  n?: number;
  itemId: ObjectId;
  cause: ChangeCause;
  quantity: number;
  minStock: number;
  version: number | null;
  movementId?: ObjectId;
  delta?: number;
  deliveryId?: ObjectId;
  alertId?: ObjectId;
  alertKind?: AlertKind;
  at: Date;
}

/** A team member (mongo-team.ts): the email, normalised, is the key. */
export interface MemberDoc {
  _id: string;
  role: Role;
  invitedBy: string;
  /** When invited, or when the role last changed. */
  at: Date;
}

/** One audit entry (mongo-audit.ts), written by the ledger in the transaction of its write. */
export interface AuditDoc {
  _id: ObjectId;
  /** Its write's seq (mongo-ledger.ts bumpRevision): newest first in the list, after the time. */
  seq: number;
  at: Date;
  actor: Actor;
  action: AuditAction;
  /** `itemId` on an item's own entries too (its id): the itemId filter's index finds them with its deliveries'. */
  target: { kind: AuditTargetKind; id: string; name: string; itemId?: ObjectId };
  changes?: NonNullable<AuditEntry['changes']>;
  reason?: string;
  movementId?: ObjectId;
  requestId: string;
}

export interface MetaDoc {
  _id: string;
  at?: Date;
  value?: number;
  /** Random, made once per database: one made again under the same name, or another's backup restored, is told apart. */
  catalogue?: string;
}

/**
 * One UTC day's buckets (DAY_BUCKETS, mongo-stats.ts): a counter document of the day (`_id`:
 * YYYY-MM-DD/<shard>, mongo-counts.ts), holding the buckets its writes moved (signed: one shard alone may be
 * below 0), or the day's whole count as the count of past movements made it (`_id`: YYYY-MM-DD). A day's
 * buckets are the sums over its documents; `in` and `out`: what documents from before the buckets held
 * (issue 22), replaced at the first start that counts the buckets.
 */
export type MovementDayDoc = { _id: string; in?: number; out?: number } & Partial<Record<DayBucket, number>>;

/**
 * One counter document of the catalogue's totals (`items/<shard>`, mongo-counts.ts): what the writes that
 * picked it added. The totals are the sums over every shard; one alone may be negative.
 */
export interface TotalDoc {
  _id: string;
  items: number;
  units: number;
  /** The stock's value in cents: each price rounded to the cent, times its quantity. */
  cents: number;
  low: number;
  out: number;
  /** Item writes (the catalogue's revision, mongo-ledger.ts); absent on a shard no write has picked yet. */
  writes?: number;
}

/**
 * One item's units delivered on one UTC day, less the cancels made that day (below 0 when a delivery of
 * another day was cancelled): the top movers (mongo-stats.ts); removed with the item.
 */
export interface ItemOutDayDoc {
  _id: ObjectId;
  day: string;
  itemId: ObjectId;
  out: number;
}

/** An import job (mongo-import.ts): the plan's chunks are its importChunks; one process owns it at a time. */
export interface ImportJobDoc {
  _id: ObjectId;
  /** running: chunks being applied; undoing: a chunk failed, the applied ones are being taken back. */
  state: 'running' | 'undoing' | 'done' | 'undone';
  /** Who imported: every row's movement and audit entry is theirs (an undo's too). */
  by: Author;
  rows: number;
  chunks: number;
  /** Chunks applied so far. */
  applied: number;
  /** The process at it (a random id); another takes it over once `heartbeatAt` is stale. */
  owner: string;
  createdAt: Date;
  heartbeatAt: Date;
  /** Why it was undone. */
  error?: string;
  /** How the file is read: a row planned again (an item written since the plan) is planned as the rest. */
  options?: ImportOptions;
}

/** One chunk of an import job's plan, applied in one transaction, with what undoes it once applied. */
export interface ImportChunkDoc {
  _id: ObjectId;
  jobId: ObjectId;
  /** Its place in the job: applied in this order, undone in the reverse. */
  n: number;
  creates: PlannedCreate[];
  updates: ImportUpdateDoc[];
  applied: boolean;
  /** Set with `applied`: the items created; each updated item's version after, fields before (and given again). */
  undo?: {
    created: ObjectId[];
    updated: { itemId: ObjectId; version: number; before: ItemFields; wanted?: ItemFields }[];
  };
  undone?: boolean;
  createdAt: Date;
}

export interface MongoCollections {
  items: Collection<ItemDoc>;
  deliveries: Collection<DeliveryDoc>;
  movements: Collection<MovementDoc>;
  meta: Collection<MetaDoc>;
  alerts: Collection<AlertDoc>;
  alertSends: Collection<AlertSendDoc>;
  changes: Collection<ChangeDoc>;
  members: Collection<MemberDoc>;
  audit: Collection<AuditDoc>;
  movementDays: Collection<MovementDayDoc>;
  itemOutDays: Collection<ItemOutDayDoc>;
  totals: Collection<TotalDoc>;
  importJobs: Collection<ImportJobDoc>;
  importChunks: Collection<ImportChunkDoc>;
  locations: Collection<LocationDoc>;
  idempotency: Collection<IdempotencyDoc>;
}

export const collectionsOf = (db: Db): MongoCollections => ({
  items: db.collection<ItemDoc>('items'),
  deliveries: db.collection<DeliveryDoc>('deliveries'),
  movements: db.collection<MovementDoc>('movements'),
  meta: db.collection<MetaDoc>('meta'),
  alerts: db.collection<AlertDoc>('alerts'),
  alertSends: db.collection<AlertSendDoc>('alertSends'),
  changes: db.collection<ChangeDoc>('changes'),
  members: db.collection<MemberDoc>('members'),
  audit: db.collection<AuditDoc>('audit'),
  movementDays: db.collection<MovementDayDoc>('movementDays'),
  itemOutDays: db.collection<ItemOutDayDoc>('itemOutDays'),
  totals: db.collection<TotalDoc>('totals'),
  importJobs: db.collection<ImportJobDoc>('importJobs'),
  importChunks: db.collection<ImportChunkDoc>('importChunks'),
  locations: db.collection<LocationDoc>('locations'),
  idempotency: idempotencyCollectionOf(db),
});
