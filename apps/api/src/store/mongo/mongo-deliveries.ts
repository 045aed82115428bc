import { ObjectId } from 'mongodb';
import { QUANTITY_MAX } from '@smart-zone/types/item';
import type { DeliveryRepository } from '../store';
import { moveStock, toDelivery, type DeliveryDoc, type MongoCollections } from './documents';
import { inTx, OPERATION_TIME_MS, type MongoLedger } from './mongo-ledger';

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
              before: { quantity: item.quantity + delivery.quantity, minStock: item.minStock },
              after: { quantity: item.quantity, minStock: item.minStock, version: item.version },
              movement: { delta: -delivery.quantity, reason: 'delivery', deliveryId: doc._id },
            },
          ],
          session,
        );
        return { ok: true as const, delivery: toDelivery(doc) };
      });
    },
    cancel(id, owner) {
      return write(async (session) => {
        const at = new Date();
        const doc = await deliveries.findOneAndUpdate(
          { _id: new ObjectId(id), uid: owner.uid, cancelledAt: { $exists: false } },
          { $set: { cancelledAt: at } },
          { returnDocument: 'after', ...inTx(session) },
        );
        if (!doc) return { ok: false as const, reason: 'not_found' as const };
        // The item may have been deleted since; then there is no stock to restore.
        // The limit is in the filter: an item that would go over QUANTITY_MAX matches nothing.
        const item = await items.findOneAndUpdate(
          { _id: doc.inventoriesId, quantity: { $lte: QUANTITY_MAX - doc.quantity } },
          moveStock(doc.quantity, at, owner),
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
                actor: owner,
                at,
                seq: await bumpRevision(session),
                before: { quantity: item.quantity - doc.quantity, minStock: item.minStock },
                after: { quantity: item.quantity, minStock: item.minStock, version: item.version },
                movement: { delta: doc.quantity, reason: 'cancel', deliveryId: doc._id },
              },
            ],
            session,
          );
        }
        return { ok: true as const, delivery: toDelivery(doc) };
      });
    },
  };
}
