import type { DeliveredItem } from '@smart-zone/types/delivery';
import type { Item } from '@smart-zone/types/item';

/** Rows as SQLite holds them; mapped to the shared types at the adapter's edge. */
export interface ItemRow {
  id: string;
  name: string;
  supplier: string;
  price: number;
  quantity: number;
  description: string;
  img: string;
  created_at: string;
}

export interface DeliveryRow {
  id: string;
  email: string;
  name: string;
  inventory: string;
  inventories_id: string;
  address: string;
  phone: string;
  quantity: number;
  created_at: string;
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
  };
}

export function toDelivery(row: DeliveryRow): DeliveredItem {
  return {
    _id: row.id,
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
