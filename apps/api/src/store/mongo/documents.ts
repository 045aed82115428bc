import type { Collection, Db, ObjectId } from 'mongodb';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import {
  type Actor,
  type Item,
  type ItemInput,
  type MovementReason,
  type StockMovement,
  withoutActors,
} from '@smart-zone/types/item';

/** Documents as MongoDB holds them; mapped to the shared types at the adapter's edge. */
export interface ItemDoc extends ItemInput {
  _id: ObjectId;
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
}

export interface MetaDoc {
  _id: string;
  at?: Date;
  value?: number;
  /** Random, made once per database: one made again under the same name, or another's backup restored, is told apart. */
  catalogue?: string;
}

export interface MongoCollections {
  items: Collection<ItemDoc>;
  deliveries: Collection<DeliveryDoc>;
  movements: Collection<MovementDoc>;
  meta: Collection<MetaDoc>;
}

export const collectionsOf = (db: Db): MongoCollections => ({
  items: db.collection<ItemDoc>('items'),
  deliveries: db.collection<DeliveryDoc>('deliveries'),
  movements: db.collection<MovementDoc>('movements'),
  meta: db.collection<MetaDoc>('meta'),
});

export const searchText = (input: Pick<ItemInput, 'name' | 'supplier'>) =>
  `${input.name.toLocaleLowerCase()}\n${input.supplier.toLocaleLowerCase()}`;

/**
 * The name sort's key: ASCII letters lowered, everything else kept. Compared
 * with the simple (binary) collation, that is SQLite's `COLLATE NOCASE`: ASCII
 * case-insensitively, the rest by UTF-8 bytes, i.e. by code point.
 */
export const nameKey = (name: string) => name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

export const toItem = ({ _id, createdAt, updatedAt, ...fields }: ItemDoc): Item => ({
  _id: _id.toHexString(),
  name: fields.name,
  supplier: fields.supplier,
  price: fields.price,
  quantity: fields.quantity,
  description: fields.description,
  img: fields.img,
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

export const toMovement = (doc: MovementDoc): StockMovement => ({
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
});
