import { Long, ObjectId, type Collection, type Db } from 'mongodb';
import type { Alert, AlertChannel, AlertKind } from '@smart-zone/types/alert';
import type { AuditAction, AuditEntry, AuditTargetKind } from '@smart-zone/types/audit';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import {
  isLowStock,
  type Actor,
  type Item,
  type ItemInput,
  type MovementReason,
  type StockMovement,
  withoutActors,
} from '@smart-zone/types/item';
import type { Role } from '@smart-zone/types/roles';
import type { Member } from '@smart-zone/types/team';
import type { ChangeCause, StoreChange } from '../store';

/** Documents as MongoDB holds them; mapped to the shared types at the adapter's edge. */
export interface ItemDoc extends Omit<ItemInput, 'minStock' | 'sku'> {
  _id: ObjectId;
  /** The reorder point; 0 (no alert) on items from before it (schema.ts migrates them). */
  minStock: number;
  /** The SKU, unique when a string (a partial unique index); null or absent (items from before it): none. */
  sku?: string | null;
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
  /** name and supplier folded to lower case: what search matches against (see docs/decisions/006). */
  search: string;
  /** The name with ASCII letters lowered: what the name sort compares, byte by byte (see nameKey). */
  nameKey: string;
  /** Creation order, taken from the revision counter in the creating transaction; absent on items from before it. */
  seq?: number;
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
  at: Date;
  item?: Item;
  /**
   * The item's version after this change (for `deleted`, one past its last): history's order.
   * Absent on movements from before it; those list after the rest, by _id (schema.ts).
   */
  version?: number;
  /** On an `undo` movement: the movement it takes back (unique: undone once). */
  undoOf?: ObjectId;
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
}

/** One channel's attempts at one alert (mongo-alerts.ts). */
export interface AlertSendDoc {
  _id: ObjectId;
  alertId: ObjectId;
  /** Its alert's seq: retries due come out oldest first. */
  alertSeq: number;
  channel: AlertChannel;
  state: 'retry' | 'sent' | 'failed';
  attempts: number;
  retryAt?: Date;
  lastError?: string;
}

/** One committed change of an item, as the change feed announces it (mongo-feed.ts). */
export interface ChangeDoc {
  _id: ObjectId;
  /** The revision counter's value the change's transaction took: commit order. */
  seq: number;
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
  /** The seq the write took from the revision counter: commit order, newest first in the list. */
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

/** Units in and out on one UTC day (`_id`: YYYY-MM-DD), every movement's delta by its sign (mongo-stats.ts). */
export interface MovementDayDoc {
  _id: string;
  in: number;
  out: number;
}

/** One item's units out on one UTC day: the top movers (mongo-stats.ts); removed with the item. */
export interface ItemOutDayDoc {
  _id: ObjectId;
  day: string;
  itemId: ObjectId;
  out: number;
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
});

/** The SKU's unique index (schema.ts): partial, it holds the items whose SKU is a string, and only those. */
export const SKU_INDEX = 'sku_unique';
export const HAS_SKU = { $type: 'string' } as const;

/**
 * A query's condition on the SKU: this one (skuIs) or any of these (skuIn), said to be a string too. The
 * server uses a partial index only for a query that implies its filter, and `sku: 'X'` or `sku: { $in }`
 * alone does not imply `$type: 'string'` to the planner: without it every SKU lookup read the whole
 * collection. Every query on the SKU goes through these (test/mongo-edges.mongo.test.ts explains them).
 */
export const skuIs = (sku: string) => ({ $eq: sku, ...HAS_SKU });
export const skuIn = (skus: readonly string[]) => ({ $in: [...skus], ...HAS_SKU });

/**
 * A day's total as the stats read it: a number. Totals are written as doubles (mongo-ledger.ts), but a
 * long, which an $inc of ints makes past 2^31 − 1 (an older instance's write), is accepted too; the driver
 * hands one back as a number when it fits 53 bits, and as a Long otherwise.
 */
export const countOf = (value: unknown): number =>
  Long.isLong(value) ? value.toNumber() : typeof value === 'number' ? value : Number(value ?? 0);

export const searchText = (input: Pick<ItemInput, 'name' | 'supplier'>) =>
  `${input.name.toLocaleLowerCase()}\n${input.supplier.toLocaleLowerCase()}`;

/**
 * The name sort's key: ASCII letters lowered, everything else kept. Compared
 * with the simple (binary) collation, that is SQLite's `COLLATE NOCASE`: ASCII
 * case-insensitively, the rest by UTF-8 bytes, i.e. by code point.
 */
export const nameKey = (name: string) => name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** An item's derived stock fields for a quantity and reorder point (the low rule is packages/types' isLowStock). */
export const stockLevel = (quantity: number, minStock: number): Pick<ItemDoc, 'low' | 'shortfall'> => ({
  low: isLowStock({ quantity, minStock }),
  shortfall: minStock - quantity,
});

/**
 * The same, as an aggregation expression over the document's own fields: for
 * updates that move the quantity by a delta (the value is known only on the
 * server), the migration, and the validator that checks them.
 */
export const STOCK_LEVEL_EXPR = {
  low: { $and: [{ $gt: ['$minStock', 0] }, { $lte: ['$quantity', '$minStock'] }] },
  shortfall: { $subtract: ['$minStock', '$quantity'] },
};

/** Who, as every document stores it: an Author's reason and request belong to its audit entry only. */
export const actorOf = ({ uid, email }: Actor): Actor => ({ uid, email });

export const toItem = ({ _id, createdAt, updatedAt, ...fields }: ItemDoc): Item => ({
  _id: _id.toHexString(),
  name: fields.name,
  supplier: fields.supplier,
  price: fields.price,
  quantity: fields.quantity,
  description: fields.description,
  img: fields.img,
  minStock: fields.minStock,
  ...(typeof fields.sku === 'string' ? { sku: fields.sku } : {}),
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
  version: fields.version,
});

export const toDelivery = (doc: DeliveryDoc): DeliveredItem => ({
  _id: doc._id.toHexString(),
  uid: doc.uid,
  email: doc.email,
  name: doc.name,
  inventory: doc.inventory,
  inventoriesId: doc.inventoriesId.toHexString(),
  address: doc.address,
  phone: doc.phone,
  quantity: doc.quantity,
  createdAt: doc.createdAt.toISOString(),
});

/** `undoneBy`: the `undo` movement that took this one back, when one did. */
export const toMovement = (doc: MovementDoc, undoneBy?: ObjectId): StockMovement => ({
  _id: doc._id.toHexString(),
  itemId: doc.itemId.toHexString(),
  delta: doc.delta,
  quantityAfter: doc.quantityAfter,
  reason: doc.reason,
  actor: doc.actor,
  ...(doc.deliveryId ? { deliveryId: doc.deliveryId.toHexString() } : {}),
  ...(doc.note ? { note: doc.note } : {}),
  at: doc.at.toISOString(),
  ...(doc.item ? { item: withoutActors(doc.item) } : {}),
  ...(doc.undoOf ? { undoOf: doc.undoOf.toHexString() } : {}),
  ...(undoneBy ? { undoneBy: undoneBy.toHexString() } : {}),
});

export const toAlert = (doc: AlertDoc, failed: readonly AlertChannel[] = []): Alert => ({
  _id: doc._id.toHexString(),
  itemId: doc.itemId.toHexString(),
  itemName: doc.itemName,
  kind: doc.kind,
  quantity: doc.quantity,
  minStock: doc.minStock,
  ...(doc.movementId ? { movementId: doc.movementId.toHexString() } : {}),
  at: doc.at.toISOString(),
  ...(doc.readAt ? { readAt: doc.readAt.toISOString() } : {}),
  ...(failed.length > 0 ? { failed: [...failed] } : {}),
});

/** As SQLite's toChange (store/sqlite/rows.ts): the id is the seq in decimal. */
export const toChange = (doc: ChangeDoc): StoreChange => ({
  id: String(doc.seq),
  itemId: doc.itemId.toHexString(),
  cause: doc.cause,
  quantity: doc.quantity,
  minStock: doc.minStock,
  version: doc.version ?? null,
  ...(doc.movementId
    ? {
        movement: {
          id: doc.movementId.toHexString(),
          delta: doc.delta ?? 0,
          ...(doc.deliveryId ? { deliveryId: doc.deliveryId.toHexString() } : {}),
        },
      }
    : {}),
  ...(doc.alertId && doc.alertKind ? { alert: { id: doc.alertId.toHexString(), kind: doc.alertKind } } : {}),
  at: doc.at.toISOString(),
});

/** `fixed` is the API's to say (it knows the OWNER_EMAILS setting): the store answers false. */
export const toMember = (doc: MemberDoc): Member => ({
  email: doc._id,
  role: doc.role,
  invitedBy: doc.invitedBy,
  at: doc.at.toISOString(),
  fixed: false,
});

/** An entry as auditEntry() makes it (store/audit-entries.ts), as stored: ids as ObjectIds, the time a Date. */
export const toAuditDoc = (entry: AuditEntry, seq: number): AuditDoc => {
  const { target } = entry;
  // The item it is about: a delivery's item, or an item's own id.
  const itemId = target.itemId ?? (target.kind === 'item' ? target.id : undefined);
  return {
    _id: new ObjectId(entry._id),
    seq,
    at: new Date(entry.at),
    actor: { uid: entry.actor.uid, email: entry.actor.email },
    action: entry.action,
    target: {
      kind: target.kind,
      id: target.id,
      name: target.name,
      ...(itemId ? { itemId: new ObjectId(itemId) } : {}),
    },
    ...(entry.changes ? { changes: entry.changes } : {}),
    ...(entry.reason ? { reason: entry.reason } : {}),
    ...(entry.movementId ? { movementId: new ObjectId(entry.movementId) } : {}),
    requestId: entry.requestId,
  };
};

export const toAuditEntry = (doc: AuditDoc): AuditEntry => ({
  _id: doc._id.toHexString(),
  at: doc.at.toISOString(),
  actor: { uid: doc.actor.uid, email: doc.actor.email },
  action: doc.action,
  target: {
    kind: doc.target.kind,
    id: doc.target.id,
    name: doc.target.name,
    // An item's own entries keep itemId for the filter only, as SQLite's: their target is the item.
    ...(doc.target.itemId && doc.target.kind !== 'item' ? { itemId: doc.target.itemId.toHexString() } : {}),
  },
  ...(doc.changes ? { changes: doc.changes } : {}),
  ...(doc.reason ? { reason: doc.reason } : {}),
  ...(doc.movementId ? { movementId: doc.movementId.toHexString() } : {}),
  requestId: doc.requestId,
});
