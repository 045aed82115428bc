import { ObjectId, type Filter } from 'mongodb';
import { QUANTITY_MAX } from '@smart-zone/types/item';
import type { AuditNote } from '../audit-entries';
import type { DeliveryFilter, DeliveryRepository } from '../store';
import { moveStock, toDelivery, type DeliveryDoc, type MongoCollections } from './documents';
import { inTx, OPERATION_TIME_MS, type MongoLedger } from './mongo-ledger';

/** Not cancelled: what every list shows, and what each of the list's indexes leads with (schema.ts). */
const LIVE = { cancelledAt: { $exists: false } } as const;

/** An id as the database holds it; null for text that cannot be one (it matches nothing). */
const idKey = (id: string) => (/^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : null);

/** The list's query; null when it can match nothing (an itemId that is no ObjectId). */
function listQuery({ email, itemId, from, to }: DeliveryFilter): Filter<DeliveryDoc> | null {
  const inventoriesId = itemId === undefined ? undefined : idKey(itemId);
  if (inventoriesId === null) return null;
  return {
    ...(email !== undefined ? { email } : {}),
    ...(inventoriesId ? { inventoriesId } : {}),
    ...LIVE,
    ...(from !== undefined || to !== undefined
      ? {
          createdAt: {
            ...(from !== undefined ? { $gte: new Date(from) } : {}),
            ...(to !== undefined ? { $lte: new Date(to) } : {}),
          },
        }
      : {}),
  };
}

/** A delivery's audit entry: about the delivery, named by its item, with the item's quantity before and after. */
const deliveryNote = (
  action: 'delivery.create' | 'delivery.cancel',
  doc: DeliveryDoc,
  itemName: string,
  quantity?: [number, number],
): AuditNote => ({
  action,
  target: { kind: 'delivery', id: doc._id.toHexString(), name: itemName, itemId: doc.inventoriesId.toHexString() },
  ...(quantity ? { changes: { quantity } } : {}),
});

export function mongoDeliveries({ items, deliveries }: MongoCollections, ledger: MongoLedger): DeliveryRepository {
  const { write, record, bumpRevision } = ledger;
  return {
    async listByOwner(uid) {
      return (
        (
          await deliveries
            .find({ uid, cancelledAt: { $exists: false } })
            // Commit order; deliveries from before `seq` (null: lowest) after the rest, by _id.
            .sort({ seq: -1, _id: -1 })
            .maxTimeMS(OPERATION_TIME_MS)
            .toArray()
        ).map(toDelivery)
      );
    },
    async list(filter, { limit, skip }) {
      const query = listQuery(filter);
      if (!query) return { deliveries: [], total: 0 };
      const [docs, total] = await Promise.all([
        // A limit of 0 is "no limit" to MongoDB: ask for none at all.
        limit > 0
          ? deliveries
              .find(query)
              // Newest first by time, ties in commit order (deliveries from before `seq` after the rest), as SQLite.
              .sort({ createdAt: -1, seq: -1, _id: -1 })
              .skip(skip)
              .limit(limit)
              .maxTimeMS(OPERATION_TIME_MS)
              .toArray()
          : [],
        deliveries.countDocuments(query, { maxTimeMS: OPERATION_TIME_MS }),
      ]);
      return { deliveries: docs.map(toDelivery), total };
    },
    async get(id) {
      const doc = await deliveries.findOne(
        { _id: new ObjectId(id), cancelledAt: { $exists: false } },
        { maxTimeMS: OPERATION_TIME_MS },
      );
      return doc ? toDelivery(doc) : null;
    },
    create(delivery) {
      return write(async (session) => {
        const itemId = new ObjectId(delivery.inventoriesId);
        const at = new Date();
        // The stock guard is in the filter: a short item matches no document. The item after the update
        // (its name, reorder point, version) tells the ledger both sides of the change.
        const item = await items.findOneAndUpdate(
          { _id: itemId, quantity: { $gte: delivery.quantity } },
          moveStock(-delivery.quantity, at, delivery.owner),
          { returnDocument: 'after', ...inTx(session) },
        );
        if (!item) {
          const current = await items.findOne({ _id: itemId }, { projection: { quantity: 1 }, ...inTx(session) });
          return current
            ? { ok: false as const, reason: 'out_of_stock' as const, available: current.quantity }
            : { ok: false as const, reason: 'item_not_found' as const };
        }
        const seq = await bumpRevision(session);
        const doc: DeliveryDoc = {
          _id: new ObjectId(),
          uid: delivery.owner.uid,
          email: delivery.owner.email,
          name: delivery.name,
          inventory: item.name,
          inventoriesId: itemId,
          address: delivery.address,
          phone: delivery.phone,
          quantity: delivery.quantity,
          createdAt: at,
          seq,
        };
        await deliveries.insertOne(doc, inTx(session));
        await record(
          [
            {
              itemId,
              itemName: item.name,
              cause: 'delivery',
              actor: delivery.owner,
              at,
              // The delivery's seq is the change's: one write, one place in commit order.
              seq,
              before: { quantity: item.quantity + delivery.quantity, minStock: item.minStock, price: item.price },
              after: { quantity: item.quantity, minStock: item.minStock, price: item.price, version: item.version },
              movement: { delta: -delivery.quantity, reason: 'delivery', deliveryId: doc._id },
              audit: deliveryNote('delivery.create', doc, item.name, [
                item.quantity + delivery.quantity,
                item.quantity,
              ]),
            },
          ],
          session,
        );
        return { ok: true as const, delivery: toDelivery(doc) };
      });
    },
    cancel(id, by, ownerUid) {
      return write(async (session) => {
        const at = new Date();
        const _id = idKey(id);
        if (!_id) return { ok: false as const, reason: 'not_found' as const };
        // With an owner named, only theirs: another's is not found, as if it did not exist.
        const doc = await deliveries.findOneAndUpdate(
          { _id, ...(ownerUid !== undefined ? { uid: ownerUid } : {}), ...LIVE },
          { $set: { cancelledAt: at } },
          { returnDocument: 'after', ...inTx(session) },
        );
        if (!doc) return { ok: false as const, reason: 'not_found' as const };
        // The item may have been deleted since; then there is no stock to restore.
        // The limit is in the filter: an item that would go over QUANTITY_MAX matches nothing.
        const item = await items.findOneAndUpdate(
          { _id: doc.inventoriesId, quantity: { $lte: QUANTITY_MAX - doc.quantity } },
          moveStock(doc.quantity, at, by),
          { returnDocument: 'after', ...inTx(session) },
        );
        if (!item) {
          const current = await items.findOne(
            { _id: doc.inventoriesId },
            { projection: { quantity: 1 }, ...inTx(session) },
          );
          if (current) {
            // Over the limit: take the claim back (in a transaction the two cancel out; without one,
            // this undoes the mark, and a cancel racing between them was refused as not found).
            await deliveries.updateOne({ _id: doc._id }, { $unset: { cancelledAt: '' } }, inTx(session));
            return {
              ok: false as const,
              reason: 'over_limit' as const,
              available: current.quantity,
              quantity: doc.quantity,
            };
          }
        }
        if (item) {
          // The catalogue changed only when stock went back to an item (as SQLite's group commit counts it).
          await record(
            [
              {
                itemId: item._id,
                itemName: item.name,
                cause: 'cancel',
                actor: by,
                at,
                seq: await bumpRevision(session),
                before: { quantity: item.quantity - doc.quantity, minStock: item.minStock, price: item.price },
                after: { quantity: item.quantity, minStock: item.minStock, price: item.price, version: item.version },
                movement: { delta: doc.quantity, reason: 'cancel', deliveryId: doc._id },
                audit: deliveryNote('delivery.cancel', doc, item.name, [item.quantity - doc.quantity, item.quantity]),
              },
            ],
            session,
          );
        } else {
          // The item is gone: no stock to put back, but the cancel is still a write, named by the item's name then.
          await ledger.audit(deliveryNote('delivery.cancel', doc, doc.inventory), by, session, at);
        }
        return { ok: true as const, delivery: toDelivery(doc) };
      });
    },
  };
}
