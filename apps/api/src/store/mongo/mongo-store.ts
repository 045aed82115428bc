import { MongoClient, MongoServerError, ObjectId, type ClientSession, type Filter, type Sort } from 'mongodb';
import { QUANTITY_MAX, SYSTEM_ACTOR, type Actor, type ItemInput, type ItemSortKey } from '@smart-zone/types/item';
import type { ItemFilter, ItemListOptions, Store } from '../store';
import {
  searchText,
  toDelivery,
  toItem,
  toMovement,
  type DeliveryDoc,
  type ItemDoc,
  type MetaDoc,
  type MovementDoc,
} from './mongo-docs';

const SEEDED_KEY = 'demo_seeded';
const REVISION_KEY = 'catalogue_revision';
const DUPLICATE_KEY = 11000;
const STREAM_BATCH = 1000;

/** Item names sort as people read them, not by code point. */
const CASE_INSENSITIVE = { locale: 'en', strength: 2 };

const SORTS: Record<ItemSortKey, { asc: Sort; desc: Sort }> = {
  name: { asc: { name: 1, _id: 1 }, desc: { name: -1, _id: -1 } },
  price: { asc: { price: 1, _id: 1 }, desc: { price: -1, _id: -1 } },
  quantity: { asc: { quantity: 1, _id: 1 }, desc: { quantity: -1, _id: -1 } },
  newest: { asc: { _id: -1 }, desc: { _id: 1 } },
};

const EDITABLE: readonly (keyof ItemInput)[] = ['name', 'supplier', 'price', 'quantity', 'description', 'img'];

/** A user's search text matched literally, never as a pattern, against the folded `search` field. */
const literal = (text: string) => new RegExp(text.toLocaleLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const itemFilter = (filter: ItemFilter): Filter<ItemDoc> => (filter.q ? { search: literal(filter.q) } : {});

/**
 * The MongoDB adapter. On a replica set or sharded cluster every item write,
 * its stock movement and (for deliveries) its record commit in one
 * transaction. A standalone server has no transactions: the writes then run
 * one after another, and a crash between them can leave the ledger short.
 */
export async function openMongoStore(uri: string, dbName: string): Promise<Store> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  const db = client.db(dbName);
  const items = db.collection<ItemDoc>('items');
  const deliveries = db.collection<DeliveryDoc>('deliveries');
  const movements = db.collection<MovementDoc>('movements');
  const meta = db.collection<MetaDoc>('meta');
  await Promise.all([
    items.createIndex({ name: 1, _id: 1 }, { collation: CASE_INSENSITIVE }),
    items.createIndex({ price: 1, _id: 1 }),
    items.createIndex({ quantity: 1, _id: 1 }),
    items.createIndex({ search: 1 }),
    deliveries.createIndex({ uid: 1, _id: -1 }),
    movements.createIndex({ itemId: 1, _id: -1 }),
  ]);

  const hello = await db.admin().command({ hello: 1 });
  const transactions = typeof hello.setName === 'string' || hello.msg === 'isdbgrid';

  /** Runs `work` in a majority transaction when the deployment has them, then moves the list revision on. */
  async function write<T>(work: (session?: ClientSession) => Promise<T>): Promise<T> {
    const result = transactions
      ? await client.withSession((session) =>
          session.withTransaction(() => work(session), {
            readConcern: { level: 'majority' },
            writeConcern: { w: 'majority' },
            readPreference: 'primary',
            maxCommitTimeMS: 5000,
          }),
        )
      : await work();
    // After the commit, never before: a reader takes the revision before its data,
    // so at worst it tags new data with an old revision (a needless 200, never a stale 304).
    await meta.updateOne({ _id: REVISION_KEY }, { $inc: { value: 1 } }, { upsert: true });
    return result;
  }

  const appendMovement = (doc: Omit<MovementDoc, '_id'>, session?: ClientSession) =>
    movements.insertOne({ _id: new ObjectId(), ...doc }, { session });

  const newItemDoc = (input: ItemInput, actor: Actor): ItemDoc => {
    const now = new Date();
    return {
      _id: new ObjectId(),
      ...input,
      createdAt: now,
      updatedAt: now,
      version: 1,
      createdBy: actor,
      updatedBy: actor,
      search: searchText(input),
    };
  };

  async function insertItems(inputs: readonly ItemInput[], actor: Actor, session?: ClientSession) {
    if (inputs.length === 0) return 0;
    const docs = inputs.map((input) => newItemDoc(input, actor));
    await items.insertMany(docs, { session });
    await movements.insertMany(
      docs.map((doc) => ({
        _id: new ObjectId(),
        itemId: doc._id,
        delta: doc.quantity,
        quantityAfter: doc.quantity,
        reason: 'created' as const,
        actor,
        at: doc.createdAt,
      })),
      { session },
    );
    return docs.length;
  }

  /** Documents from before the ledger: fill in the new fields and an opening balance. */
  for await (const legacy of items.find({ version: { $exists: false } })) {
    const createdAt = legacy.createdAt ?? new Date();
    await items.updateOne(
      { _id: legacy._id },
      {
        $set: {
          updatedAt: createdAt,
          version: 1,
          createdBy: SYSTEM_ACTOR,
          updatedBy: SYSTEM_ACTOR,
          search: searchText(legacy),
        },
      },
    );
    await appendMovement({
      itemId: legacy._id,
      delta: legacy.quantity,
      quantityAfter: legacy.quantity,
      reason: 'created',
      actor: SYSTEM_ACTOR,
      note: 'opening balance',
      at: createdAt,
    });
  }

  function find(options: ItemListOptions) {
    const sort = options.sort ? SORTS[options.sort.key][options.sort.descending ? 'desc' : 'asc'] : { _id: 1 as const };
    let cursor = items
      .find(itemFilter(options))
      .sort(sort)
      .skip(options.skip ?? 0);
    if (options.sort?.key === 'name') cursor = cursor.collation(CASE_INSENSITIVE);
    if (options.limit) cursor = cursor.limit(options.limit);
    return cursor;
  }

  return {
    kind: 'mongo',
    items: {
      async list(options = {}) {
        return (await find(options).toArray()).map(toItem);
      },
      async *stream(options = {}) {
        let batch: ItemDoc[] = [];
        for await (const doc of find(options).batchSize(STREAM_BATCH)) {
          batch.push(doc);
          if (batch.length === STREAM_BATCH) {
            yield batch.map(toItem);
            batch = [];
          }
        }
        if (batch.length > 0) yield batch.map(toItem);
      },
      count(filter = {}) {
        return items.countDocuments(itemFilter(filter));
      },
      async revision() {
        const doc = await meta.findOne({ _id: REVISION_KEY });
        return `${dbName}.${doc?.value ?? 0}`;
      },
      async get(id) {
        const doc = await items.findOne({ _id: new ObjectId(id) });
        return doc ? toItem(doc) : null;
      },
      async create(input, actor) {
        const doc = newItemDoc(input, actor);
        await write(async (session) => {
          await items.insertOne(doc, { session });
          await appendMovement(
            {
              itemId: doc._id,
              delta: doc.quantity,
              quantityAfter: doc.quantity,
              reason: 'created',
              actor,
              at: doc.createdAt,
            },
            session,
          );
        });
        return toItem(doc);
      },
      async createMany(inputs, actor) {
        let total = 0;
        for (let start = 0; start < inputs.length; start += STREAM_BATCH) {
          const batch = inputs.slice(start, start + STREAM_BATCH);
          total += await write((session) => insertItems(batch, actor, session));
        }
        return total;
      },
      update(id, input, actor, expectedVersion) {
        return write(async (session) => {
          const _id = new ObjectId(id);
          const before = await items.findOne({ _id }, { session });
          if (!before) return { ok: false as const, reason: 'not_found' as const };
          if (expectedVersion !== undefined && before.version !== expectedVersion) {
            return { ok: false as const, reason: 'stale' as const, item: toItem(before) };
          }
          if (EDITABLE.every((key) => before[key] === input[key]))
            return { ok: true as const, item: toItem(before), changed: false };
          const now = new Date();
          const after = await items.findOneAndUpdate(
            { _id, version: before.version },
            { $set: { ...input, search: searchText(input), updatedAt: now, updatedBy: actor }, $inc: { version: 1 } },
            { returnDocument: 'after', session },
          );
          // Inside a transaction a concurrent write aborts us (and withTransaction retries); outside one, say stale.
          if (!after) return { ok: false as const, reason: 'stale' as const, item: toItem(before) };
          const delta = after.quantity - before.quantity;
          if (delta !== 0) {
            await appendMovement(
              { itemId: _id, delta, quantityAfter: after.quantity, reason: 'adjust', actor, at: now },
              session,
            );
          }
          return { ok: true as const, item: toItem(after), changed: true };
        });
      },
      changeStock(id, change, actor) {
        return write(async (session) => {
          const _id = new ObjectId(id);
          const now = new Date();
          // The range guard is in the filter: a change that would leave it matches no document.
          const after = await items.findOneAndUpdate(
            { _id, quantity: { $gte: -change.delta, $lte: QUANTITY_MAX - change.delta } },
            { $inc: { quantity: change.delta, version: 1 }, $set: { updatedAt: now, updatedBy: actor } },
            { returnDocument: 'after', session },
          );
          if (!after) {
            const current = await items.findOne({ _id }, { projection: { quantity: 1 }, session });
            return current
              ? { ok: false as const, reason: 'out_of_range' as const, available: current.quantity }
              : { ok: false as const, reason: 'not_found' as const };
          }
          await appendMovement(
            {
              itemId: _id,
              delta: change.delta,
              quantityAfter: after.quantity,
              reason: change.delta > 0 ? 'restock' : 'adjust',
              actor,
              at: now,
              ...(change.note ? { note: change.note } : {}),
            },
            session,
          );
          return { ok: true as const, item: toItem(after) };
        });
      },
      remove(id, actor) {
        return write(async (session) => {
          const doc = await items.findOneAndDelete({ _id: new ObjectId(id) }, { session });
          if (!doc) return false;
          await appendMovement(
            {
              itemId: doc._id,
              delta: -doc.quantity,
              quantityAfter: 0,
              reason: 'deleted',
              actor,
              at: new Date(),
              item: toItem(doc),
            },
            session,
          );
          return true;
        });
      },
      async history(id, page) {
        const filter = { itemId: new ObjectId(id) };
        const [docs, total] = await Promise.all([
          movements.find(filter).sort({ _id: -1 }).skip(page.skip).limit(page.limit).toArray(),
          movements.countDocuments(filter),
        ]);
        return { movements: docs.map(toMovement), total };
      },
    },
    deliveries: {
      async listByOwner(uid) {
        return (
          await deliveries
            .find({ uid, cancelledAt: { $exists: false } })
            .sort({ _id: -1 })
            .toArray()
        ).map(toDelivery);
      },
      async get(id) {
        const doc = await deliveries.findOne({ _id: new ObjectId(id), cancelledAt: { $exists: false } });
        return doc ? toDelivery(doc) : null;
      },
      create(delivery) {
        return write(async (session) => {
          const itemId = new ObjectId(delivery.inventoriesId);
          const at = new Date();
          const item = await items.findOneAndUpdate(
            { _id: itemId, quantity: { $gte: delivery.quantity } },
            { $inc: { quantity: -delivery.quantity, version: 1 }, $set: { updatedAt: at, updatedBy: delivery.owner } },
            { returnDocument: 'after', session },
          );
          if (!item) {
            const current = await items.findOne({ _id: itemId }, { projection: { quantity: 1 }, session });
            return current
              ? { ok: false as const, reason: 'out_of_stock' as const, available: current.quantity }
              : { ok: false as const, reason: 'item_not_found' as const };
          }
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
          };
          await deliveries.insertOne(doc, { session });
          await appendMovement(
            {
              itemId,
              delta: -delivery.quantity,
              quantityAfter: item.quantity,
              reason: 'delivery',
              actor: delivery.owner,
              deliveryId: doc._id,
              at,
            },
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
            { returnDocument: 'after', session },
          );
          if (!doc) return null;
          // The item may have been deleted since; then there is no stock to restore.
          const item = await items.findOneAndUpdate(
            { _id: doc.inventoriesId },
            { $inc: { quantity: doc.quantity, version: 1 }, $set: { updatedAt: at, updatedBy: owner } },
            { returnDocument: 'after', session },
          );
          if (item) {
            await appendMovement(
              {
                itemId: item._id,
                delta: doc.quantity,
                quantityAfter: item.quantity,
                reason: 'cancel',
                actor: owner,
                deliveryId: doc._id,
                at,
              },
              session,
            );
          }
          return toDelivery(doc);
        });
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
      await write((session) => insertItems(demo, SYSTEM_ACTOR, session));
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
