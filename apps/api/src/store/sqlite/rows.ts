import type { Alert, AlertChannel, AlertKind } from '@smart-zone/types/alert';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import { type Item, type MovementReason, type StockMovement, withoutActors } from '@smart-zone/types/item';
import type { RemovalReason } from '@smart-zone/types/removal-reasons';
import type { PlaceDelta } from '../decisions/places';
import type { ChangeCause, StoreChange } from '../store';

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
  min_stock: number;
  /** NULL when the item has no SKU (migration 6). */
  sku: string | null;
  /** The barcodes as a JSON array ('[]' for none; migration 14). */
  barcodes: string;
  /** The SKU and barcodes, one a line (codeText): what the trigram index reads (migration 14). */
  codes: string;
  created_at: string;
  updated_at: string;
  version: number;
  created_by_uid: string;
  created_by_email: string;
  updated_by_uid: string;
  updated_by_email: string;
  /** The units at locations other than Main (migration 21): Main holds quantity − placed. */
  placed?: number;
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
  cancelled_by: string | null;
  cancel_reason: string | null;
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
  /** Why stock was removed (migration 15); absent from rows read before it. */
  why?: RemovalReason | null;
  item_json: string | null;
  at: string;
  undo_of?: string | null;
  /** The undo that took this movement back (history's join), when it was undone. */
  undone_by?: string | null;
  /** Where its units went, as JSON, when a location other than Main is one of them (migration 21). */
  places_json?: string | null;
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
    minStock: row.min_stock,
    ...(row.sku !== null ? { sku: row.sku } : {}),
    ...(row.barcodes && row.barcodes !== '[]' ? { barcodes: JSON.parse(row.barcodes) as string[] } : {}),
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
    ...(row.cancelled_at !== null ? { cancelledAt: row.cancelled_at } : {}),
    ...(row.cancelled_by !== null ? { cancelledBy: row.cancelled_by } : {}),
    ...(row.cancel_reason !== null ? { cancelReason: row.cancel_reason } : {}),
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
    ...(row.why ? { why: row.why } : {}),
    at: row.at,
    ...(row.item_json ? { item: withoutActors(JSON.parse(row.item_json) as Item) } : {}),
    ...(row.undo_of ? { undoOf: row.undo_of } : {}),
    ...(row.undone_by ? { undoneBy: row.undone_by } : {}),
    ...(row.places_json ? { places: JSON.parse(row.places_json) as PlaceDelta[] } : {}),
  };
}

export interface AlertRow {
  seq: number;
  id: string;
  item_id: string;
  item_name: string;
  kind: AlertKind;
  quantity: number;
  min_stock: number;
  movement_id: string | null;
  at: string;
  read_at: string | null;
  resolved_at: string | null;
  resolved_by: string | null;
  /** The channels that gave up on it, comma-separated (a GROUP_CONCAT), when the query asks. */
  failed?: string | null;
}

export function toAlert(row: AlertRow): Alert {
  return {
    _id: row.id,
    itemId: row.item_id,
    itemName: row.item_name,
    kind: row.kind,
    quantity: row.quantity,
    minStock: row.min_stock,
    ...(row.movement_id ? { movementId: row.movement_id } : {}),
    at: row.at,
    ...(row.read_at ? { readAt: row.read_at } : {}),
    state: row.resolved_at ? 'resolved' : 'open',
    ...(row.resolved_at ? { resolvedAt: row.resolved_at } : {}),
    ...(row.resolved_by ? { resolvedBy: row.resolved_by } : {}),
    ...(row.failed ? { failed: row.failed.split(',') as AlertChannel[] } : {}),
  };
}

export interface ChangeRow {
  seq: number;
  item_id: string;
  cause: ChangeCause;
  quantity: number;
  min_stock: number;
  version: number | null;
  movement_id: string | null;
  delta: number | null;
  delivery_id: string | null;
  alert_id: string | null;
  alert_kind: AlertKind | null;
  at: string;
}

export function toChange(row: ChangeRow): StoreChange {
  return {
    id: String(row.seq),
    itemId: row.item_id,
    cause: row.cause,
    quantity: row.quantity,
    minStock: row.min_stock,
    version: row.version,
    ...(row.movement_id
      ? {
          movement: {
            id: row.movement_id,
            delta: row.delta ?? 0,
            ...(row.delivery_id ? { deliveryId: row.delivery_id } : {}),
          },
        }
      : {}),
    ...(row.alert_id && row.alert_kind ? { alert: { id: row.alert_id, kind: row.alert_kind } } : {}),
    at: row.at,
  };
}
