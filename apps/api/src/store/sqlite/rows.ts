import type { DeliveredItem } from '@smart-zone/types/delivery';
import { type Item, type MovementReason, type StockMovement, withoutActors } from '@smart-zone/types/item';

/** Rows as SQLite holds them; mapped to the shared types at the adapter's edge. */
export interface ItemRow {
  seq?: number;
  id: string;
  name: string;
  supplier: string;
  price: number;
  quantity: number;
  description: string;
  img: string;
  created_at: string;
  updated_at: string;
  version: number;
  created_by_uid: string;
  created_by_email: string;
  updated_by_uid: string;
  updated_by_email: string;
}

export interface DeliveryRow {
  id: string;
  uid: string;
  email: string;
  name: string;
  inventory: string;
  inventories_id: string;
  address: string;
  phone: string;
  quantity: number;
  created_at: string;
  cancelled_at: string | null;
}

export interface MovementRow {
  id: string;
  item_id: string;
  delta: number;
  quantity_after: number;
  reason: MovementReason;
  actor_uid: string;
  actor_email: string;
  delivery_id: string | null;
  note: string | null;
  item_json: string | null;
  at: string;
}

export function toItem(row: ItemRow): Item {
  return {
    _id: row.id,
    name: row.name,
    supplier: row.supplier,
    price: row.price,
    quantity: row.quantity,
    description: row.description,
    img: row.img,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

export function toDelivery(row: DeliveryRow): DeliveredItem {
  return {
    _id: row.id,
    uid: row.uid,
    email: row.email,
    name: row.name,
    inventory: row.inventory,
    inventoriesId: row.inventories_id,
    address: row.address,
    phone: row.phone,
    quantity: row.quantity,
    createdAt: row.created_at,
  };
}

export function toMovement(row: MovementRow): StockMovement {
  return {
    _id: row.id,
    itemId: row.item_id,
    delta: row.delta,
    quantityAfter: row.quantity_after,
    reason: row.reason,
    actor: { uid: row.actor_uid, email: row.actor_email },
    ...(row.delivery_id ? { deliveryId: row.delivery_id } : {}),
    ...(row.note ? { note: row.note } : {}),
    at: row.at,
    ...(row.item_json ? { item: withoutActors(JSON.parse(row.item_json) as Item) } : {}),
  };
}
