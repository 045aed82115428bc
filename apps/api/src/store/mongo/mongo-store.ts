import { MongoClient, MongoServerError, ObjectId, type ClientSession, type Filter, type Sort } from 'mongodb';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import type { Item, ItemInput, ItemSortKey } from '@smart-zone/types/item';
import type { DeliveryOutcome, ItemListOptions, NewDelivery, Store } from '../store';

interface ItemDoc extends ItemInput {
  _id: ObjectId;
  createdAt: Date;
}

interface DeliveryDoc {
  _id: ObjectId;
  email: string;
  name: string;
  inventory: string;
  inventoriesId: ObjectId;
  address: string;
  phone: string;
  quantity: number;
  createdAt: Date;
}

interface MetaDoc {
  _id: string;
  at: Date;
}

const SEEDED_KEY = 'demo_seeded';
const DUPLICATE_KEY = 11000;

/** Item names sort as people read them, not by code point. */
const CASE_INSENSITIVE = { locale: 'en', strength: 2 };

const SORTS: Record<ItemSortKey, { asc: Sort; desc: Sort }> = {
  name: { asc: { name: 1, _id: 1 }, desc: { name: -1, _id: -1 } },
  price: { asc: { price: 1, _id: 1 }, desc: { price: -1, _id: -1 } },
  quantity: { asc: { quantity: 1, _id: 1 }, desc: { quantity: -1, _id: -1 } },
  newest: { asc: { _id: -1 }, desc: { _id: 1 } },
};

const toItem = ({ _id, createdAt, ...fields }: ItemDoc): Item => ({
  _id: _id.toHexString(),
  ...fields,
  createdAt: createdAt.toISOString(),
});

const toDelivery = ({ _id, inventoriesId, createdAt, ...fields }: DeliveryDoc): DeliveredItem => ({
  _id: _id.toHexString(),
  ...fields,
  inventoriesId: inventoriesId.toHexString(),
  createdAt: createdAt.toISOString(),
});

/** A user's search text matched literally, never as a pattern. */
const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');

/**
 * The MongoDB adapter. On a replica set or sharded cluster a delivery's stock
 * change and its record commit in one transaction; on a standalone server
 * (no transactions) the conditional $inc runs first and is undone if the
 * record cannot be written, so neither is ever kept without the other.
 */
export async function openMongoStore(uri: string, dbName: string): Promise<Store> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  const db = client.db(dbName);
  const items = db.collection<ItemDoc>('items');
  const deliveries = db.collection<DeliveryDoc>('deliveries');
  const meta = db.collection<MetaDoc>('meta');
  await deliveries.createIndex({ email: 1, _id: -1 });

  const hello = await db.admin().command({ hello: 1 });
  const transactions = typeof hello.setName === 'string' || hello.msg === 'isdbgrid';

  /** Runs `work` in a transaction when the deployment has them, else with `undo` on failure. */
  async function atomically<T>(work: (session?: ClientSession) => Promise<T>): Promise<T> {
    if (!transactions) return work();
    return client.withSession((session) => session.withTransaction(() => work(session)));
  }

  async function deliver(delivery: NewDelivery, session?: ClientSession): Promise<DeliveryOutcome> {
    const itemId = new ObjectId(delivery.inventoriesId);
    const item = await items.findOneAndUpdate(
      { _id: itemId, quantity: { $gte: delivery.quantity } },
      { $inc: { quantity: -delivery.quantity } },
      { returnDocument: 'after', session },
    );
    if (!item) {
      const current = await items.findOne({ _id: itemId }, { projection: { quantity: 1 }, session });
      return current ? { ok: false, reason: 'out_of_stock', available: current.quantity } : { ok: false, reason: 'item_not_found' };
    }
    const doc: DeliveryDoc = {
      _id: new ObjectId(),
      email: delivery.email,
      name: delivery.name,
      inventory: delivery.inventory,
      inventoriesId: itemId,
      address: delivery.address,
      phone: delivery.phone,
      quantity: delivery.quantity,
      createdAt: new Date(),
    };
    try {
      await deliveries.insertOne(doc, { session });
    } catch (error) {
      // In a transaction the abort undoes the $inc; without one, we do.
      if (!session) await items.updateOne({ _id: itemId }, { $inc: { quantity: delivery.quantity } });
      throw error;
    }
    return { ok: true, delivery: toDelivery(doc), item: toItem(item) };
  }

  async function cancel(id: string, email: string, session?: ClientSession): Promise<DeliveredItem | null> {
    const doc = await deliveries.findOneAndDelete({ _id: new ObjectId(id), email }, { session });
    if (!doc) return null;
    try {
      await items.updateOne({ _id: doc.inventoriesId }, { $inc: { quantity: doc.quantity } }, { session });
    } catch (error) {
      if (!session) await deliveries.insertOne(doc);
      throw error;
    }
    return toDelivery(doc);
  }

  return {
    kind: 'mongo',
    items: {
      async list(options: ItemListOptions = {}) {
        const filter: Filter<ItemDoc> = options.q
          ? { $or: [{ name: literal(options.q) }, { supplier: literal(options.q) }] }
          : {};
        const sort = options.sort ? SORTS[options.sort.key][options.sort.descending ? 'desc' : 'asc'] : { _id: 1 as const };
        let cursor = items.find(filter).sort(sort).skip(options.skip ?? 0);
        if (options.sort?.key === 'name') cursor = cursor.collation(CASE_INSENSITIVE);
        if (options.limit) cursor = cursor.limit(options.limit);
        return (await cursor.toArray()).map(toItem);
      },
      async get(id) {
        const doc = await items.findOne({ _id: new ObjectId(id) });
        return doc ? toItem(doc) : null;
      },
      async create(input) {
        const doc: ItemDoc = { _id: new ObjectId(), ...input, createdAt: new Date() };
        await items.insertOne(doc);
        return toItem(doc);
      },
      async update(id, input) {
        const doc = await items.findOneAndUpdate({ _id: new ObjectId(id) }, { $set: input }, { returnDocument: 'after' });
        return doc ? toItem(doc) : null;
      },
      async remove(id) {
        return (await items.deleteOne({ _id: new ObjectId(id) })).deletedCount > 0;
      },
      count() {
        return items.countDocuments();
      },
    },
    deliveries: {
      async listByEmail(email) {
        return (await deliveries.find({ email }).sort({ _id: -1 }).toArray()).map(toDelivery);
      },
      async get(id) {
        const doc = await deliveries.findOne({ _id: new ObjectId(id) });
        return doc ? toDelivery(doc) : null;
      },
      create(delivery) {
        return atomically((session) => deliver(delivery, session));
      },
      cancel(id, email) {
        return atomically((session) => cancel(id, email, session));
      },
    },
    async seedOnce(demo) {
      try {
        await meta.insertOne({ _id: SEEDED_KEY, at: new Date() });
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
        throw error;
      }
      if ((await items.countDocuments({}, { limit: 1 })) > 0) return false;
      await items.insertMany(demo.map((input) => ({ _id: new ObjectId(), ...input, createdAt: new Date() })));
      return true;
    },
    async health() {
      try {
        await db.command({ ping: 1 });
        return true;
      } catch {
        return false;
      }
    },
    close() {
      return client.close();
    },
  };
}
