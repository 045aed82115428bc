import type { ObjectId } from 'mongodb';
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
}

export interface MetaDoc {
  _id: string;
  at?: Date;
  value?: number;
}

export const searchText = (input: Pick<ItemInput, 'name' | 'supplier'>) =>
  `${input.name.toLocaleLowerCase()}\n${input.supplier.toLocaleLowerCase()}`;

export const toItem = ({ _id, createdAt, updatedAt, search: _search, ...fields }: ItemDoc): Item => ({
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
