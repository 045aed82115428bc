import { ObjectId } from 'mongodb';
import type { Alert, AlertChannel } from '@smart-zone/types/alert';
import type { AuditEntry } from '@smart-zone/types/audit';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import { withoutActors, type Item, type StockMovement } from '@smart-zone/types/item';
import type { Member } from '@smart-zone/types/team';
import type { StoreChange } from '../store';
import { allInMain, type Holdings, holdingsOf, type PlaceDelta } from '../decisions/places';
import type { PlaceDoc } from './schema-locations';
import type { AlertDoc, AuditDoc, ChangeDoc, DeliveryDoc, ItemDoc, MemberDoc, MovementDoc } from './documents';

/** Documents mapped to the shared types at the adapter's edge (and an audit entry to its document). */

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
  ...(fields.barcodes && fields.barcodes.length > 0 ? { barcodes: fields.barcodes } : {}),
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
  ...(doc.cancelledAt ? { cancelledAt: doc.cancelledAt.toISOString() } : {}),
  ...(doc.cancelledBy !== undefined ? { cancelledBy: doc.cancelledBy } : {}),
  ...(doc.cancelReason !== undefined ? { cancelReason: doc.cancelReason } : {}),
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
  ...(doc.why ? { why: doc.why } : {}),
  at: doc.at.toISOString(),
  ...(doc.item ? { item: withoutActors(doc.item) } : {}),
  ...(doc.undoOf ? { undoOf: doc.undoOf.toHexString() } : {}),
  ...(undoneBy ? { undoneBy: undoneBy.toHexString() } : {}),
  ...(doc.places ? { places: placesOf(doc.places) } : {}),
});

/** A movement's places with hex ids. */
export const placesOf = (places: readonly PlaceDoc[]): PlaceDelta[] =>
  places.map(({ locationId, delta }) => ({ locationId: locationId.toHexString(), delta }));

/** Where an item document's units are (its `stock`: the locations other than Main). */
export const holdingsOfDoc = (doc: ItemDoc | null): Holdings =>
  !doc
    ? allInMain(0)
    : holdingsOf(
        doc.quantity,
        (doc.stock ?? []).map(({ locationId, quantity }) => ({ locationId: locationId.toHexString(), quantity })),
      );

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
  state: doc.open ? 'open' : 'resolved',
  ...(doc.resolvedAt ? { resolvedAt: doc.resolvedAt.toISOString() } : {}),
  ...(doc.resolvedBy ? { resolvedBy: doc.resolvedBy.toHexString() } : {}),
  ...(failed.length > 0 ? { failed: [...failed] } : {}),
});

/** As SQLite's toChange (store/sqlite/rows.ts); the id is the feed's (mongo-feed.ts), a decimal. */
export const toChange = (doc: ChangeDoc, id: bigint): StoreChange => ({
  id: id.toString(),
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
