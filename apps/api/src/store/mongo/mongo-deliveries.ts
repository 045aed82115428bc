import { ObjectId, type Document, type Filter } from 'mongodb';
import { decideCancel } from '../decisions/cancel-delivery';
import { decideDelivery } from '../decisions/deliver';
import type { DeliveryFilter, DeliveryRepository } from '../store';
import { toDelivery, toItem, type DeliveryDoc, type MongoCollections } from './documents';
import { holdingsOfDoc, placesOf } from './doc-mappers';
import { locationsThere, mongoItemWriter } from './item-writes';
import { inTx, OPERATION_TIME_MS, type MongoLedger } from './mongo-ledger';

/** Not cancelled: what every list shows, and what each of the list's indexes leads with (schema.ts). */
const LIVE = { cancelledAt: { $exists: false } } as const;

/** An id as the database holds it; null for text that cannot be one (it matches nothing). */
const idKey = (id: string) => (/^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : null);

/** The list's query; null when it can match nothing (an itemId that is no ObjectId). */
function listQuery({ email, itemId, from, to, state }: DeliveryFilter): Filter<DeliveryDoc> | null {
  const inventoriesId = itemId === undefined ? undefined : idKey(itemId);
  if (inventoriesId === null) return null;
  return {
    ...(email !== undefined ? { email } : {}),
    ...(inventoriesId ? { inventoriesId } : {}),
    // With the cancelled ones (issue 36): the indexes without cancelledAt (schema-indexes.ts).
    ...(state === 'all' ? {} : LIVE),
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

/**
 * The index a list reads (schema-indexes.ts), named rather than left to the planner: with the list of all
 * (issue 36) each filter has two that could serve it, the one leading with `cancelledAt` and the one without.
 * An item's deliveries are fewer than an email's, which are fewer than all.
 */
function listIndex({ email, itemId, state }: DeliveryFilter): Document {
  const live = state === 'all' ? {} : { cancelledAt: 1 };
  const order = { createdAt: -1, seq: -1, _id: -1 };
  if (itemId !== undefined) return { inventoriesId: 1, ...live, ...order };
  if (email !== undefined) return { email: 1, ...live, ...order };
  return { ...live, ...order };
}

export function mongoDeliveries(collections: MongoCollections, ledger: MongoLedger): DeliveryRepository {
  const { deliveries, movements, locations } = collections;
  const writer = mongoItemWriter(collections, ledger);
  return {
    async listByOwner(uid, state) {
      return (
        (
          await deliveries
            .find(state === 'all' ? { uid } : { uid, ...LIVE })
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
      const hint = listIndex(filter);
      const [docs, total] = await Promise.all([
        // A limit of 0 is "no limit" to MongoDB: ask for none at all.
        limit > 0
          ? deliveries
              .find(query)
              .hint(hint)
              // Newest first by time, ties in commit order (deliveries from before `seq` after the rest), as SQLite.
              .sort({ createdAt: -1, seq: -1, _id: -1 })
              .skip(skip)
              .limit(limit)
              .maxTimeMS(OPERATION_TIME_MS)
              .toArray()
          : [],
        deliveries.countDocuments(query, { hint, maxTimeMS: OPERATION_TIME_MS }),
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
      return writer.decided(async (session) => {
        const before = await writer.read(new ObjectId(delivery.inventoriesId), session);
        const _id = new ObjectId();
        const found =
          delivery.locationId === undefined ||
          (await collections.locations.countDocuments(
            { _id: new ObjectId(delivery.locationId) },
            { limit: 1, ...inTx(session) },
          )) === 1;
        const decision = decideDelivery(
          before && toItem(before),
          holdingsOfDoc(before),
          delivery,
          _id.toHexString(),
          new Date().toISOString(),
          found,
        );
        if (!decision.ok) return decision;
        const made = decision.delivery;
        await writer.store(decision.write, before!, session);
        // The delivery's seq is the change's: one write, one place in commit order.
        const seq = await ledger.bumpRevision(session);
        const doc: DeliveryDoc = {
          _id,
          uid: made.uid,
          email: made.email,
          name: made.name,
          inventory: made.inventory,
          inventoriesId: before!._id,
          address: made.address,
          phone: made.phone,
          quantity: made.quantity,
          createdAt: new Date(made.createdAt),
          seq,
        };
        await deliveries.insertOne(doc, inTx(session));
        await writer.recordChange(decision.write.change, session, seq);
        return { ok: true as const, delivery: made };
      });
    },
    cancel(id, by, ownerUid) {
      return writer.decided(async (session) => {
        const _id = idKey(id);
        const doc = _id && (await deliveries.findOne({ _id, ...LIVE }, inTx(session)));
        const before = doc && (await writer.read(doc.inventoriesId, session));
        // Where the delivery took its units (none kept: all at Main), to put them back there: its own movement,
        // written with it at its time (movements' { itemId, at } index finds it in one seek).
        const taken =
          doc && before
            ? await movements.findOne(
                { itemId: doc.inventoriesId, at: doc.createdAt, deliveryId: doc._id, reason: 'delivery' },
                { projection: { places: 1 }, ...inTx(session) },
              )
            : null;
        // The locations its places name that are still there: units that left one since gone go to Main.
        const exists = await locationsThere(locations, taken?.places, session);
        const at = new Date();
        const decision = decideCancel(
          doc && toDelivery(doc),
          before && toItem(before),
          taken?.places && placesOf(taken.places),
          exists,
          by,
          at.toISOString(),
          ownerUid,
        );
        if (!decision.ok) return decision;
        // The claim: a cancel that came between the read and here has it (then this one is decided again).
        const { cancelledBy, cancelReason } = decision.delivery;
        const claimed = await deliveries.updateOne(
          { _id: doc!._id, ...LIVE },
          {
            $set: {
              cancelledAt: at,
              cancelledBy: cancelledBy ?? by.email,
              ...(cancelReason !== undefined ? { cancelReason } : {}),
            },
          },
          inTx(session),
        );
        if (claimed.modifiedCount !== 1) throw writer.moved(`Delivery ${id} was cancelled since it was read`);
        if (!decision.write) {
          await ledger.audit(decision.audit, by, session, at);
        } else {
          try {
            await writer.apply(decision.write, before!, session);
          } catch (error) {
            // Without a transaction, the claim is taken back before this is decided again (in one, the abort does it).
            if (writer.isMoved(error) && !session) {
              await deliveries.updateOne(
                { _id: doc!._id },
                { $unset: { cancelledAt: '', cancelledBy: '', cancelReason: '' } },
                inTx(session),
              );
            }
            throw error;
          }
        }
        return { ok: true as const, delivery: decision.delivery };
      });
    },
  };
}
