import { MongoClient, MongoServerError, ObjectId, type ClientSession, type Filter, type Sort } from 'mongodb';
import {
  assertStorableQuantity,
  QUANTITY_MAX,
  SYSTEM_ACTOR,
  type Actor,
  type ItemInput,
  type ItemSortKey,
} from '@smart-zone/types/item';
import type { ItemFilter, ItemListOptions, Store } from '../store';
import { applySchema, CASE_INSENSITIVE } from './mongo-schema';
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
const LEDGER_MIGRATED_KEY = 'ledger_migrated';
const DUPLICATE_KEY = 11000;
// Small enough that serializing one batch keeps the event loop for a few milliseconds only.
const STREAM_BATCH = 250;

/** How long finding a server, or opening a connection to it, may take before the start (or a request) fails. */
const CONNECT_TIMEOUT_MS = 5000;
/** Server-side limit of every read and write inside a transaction, and of its commit. */
const OPERATION_TIME_MS = 5000;
/** A transaction (with the driver's retries after write conflicts) that has not committed by then fails. */
const TRANSACTION_TIME_MS = 20_000;

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
 * Why the store cannot start (no server, a standalone one, no rights): an
 * operator's problem, not a bug, so it prints as its one line, without a stack.
 */
export class MongoStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MongoStartError';
    this.stack = `${this.name}: ${message}`;
  }
}

/** The URI's hosts, never its user or password. */
export function mongoHosts(uri: string): string {
  const match = /^mongodb(?:\+srv)?:\/\/(?:[^@/]*@)?([^/?]*)/.exec(uri);
  return match?.[1] || '(unparsable MONGODB_URI)';
}

/** An error's message on one line, with any credentials in a URI blanked. */
const oneLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    .replace(/(mongodb(?:\+srv)?:\/\/)[^@/\s]*@/g, '$1***@')
    .replace(/\s*\n\s*/g, ' ');

export interface MongoStoreOptions {
  /**
   * Run on a standalone server (no replica set): no transactions, so a crash
   * or an ambiguous network error between two writes can lose or double
   * stock. Off unless set (config.ts reads MONGODB_ALLOW_STANDALONE).
   */
  allowStandalone?: boolean;
  log?: (message: string) => void;
  warn?: (message: string) => void;
}

/**
 * The MongoDB adapter. On a replica set or sharded cluster every item write,
 * its stock movement and (for deliveries) its record commit in one
 * transaction: majority read and write concern, on the primary, within
 * TRANSACTION_TIME_MS. It refuses a standalone server unless told otherwise;
 * then the writes run one after another, and a crash between them can leave
 * the ledger short.
 */
export async function openMongoStore(uri: string, dbName: string, options: MongoStoreOptions = {}): Promise<Store> {
  const allowStandalone = options.allowStandalone ?? false;
  const log = options.log ?? ((message: string) => console.log(message));
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const where = `MongoDB at ${mongoHosts(uri)}`;

  let client: MongoClient;
  try {
    client = new MongoClient(uri, {
      appName: 'smart-zone',
      serverSelectionTimeoutMS: CONNECT_TIMEOUT_MS,
      connectTimeoutMS: CONNECT_TIMEOUT_MS,
    });
  } catch (error) {
    throw new MongoStartError(`MONGODB_URI is not a usable MongoDB URI (${oneLine(error)}).`);
  }
  try {
    await client.connect();
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new MongoStartError(`${where}: cannot connect (${oneLine(error)}). Check MONGODB_URI.`);
  }

  let transactions: boolean;
  try {
    const hello = await client.db('admin').command({ hello: 1 });
    const replicaSet = typeof hello.setName === 'string' ? hello.setName : undefined;
    transactions = replicaSet !== undefined || hello.msg === 'isdbgrid';
    if (transactions) {
      log(`${where}: transactions: on (${replicaSet ? `replica set ${replicaSet}` : 'sharded cluster'}).`);
    } else if (allowStandalone) {
      warn(
        `\n*** ${where} is a STANDALONE server: transactions: OFF (MONGODB_ALLOW_STANDALONE=true). ***\n` +
          '*** A crash or network error between two writes can lose or double stock. Use a replica set. ***\n',
      );
    } else {
      throw new MongoStartError(
        `${where} is a standalone server: it has no transactions, so a crash between two writes could lose stock. ` +
          'Run it as a replica set (mongod --replSet rs0, then rs.initiate()) or set MONGODB_ALLOW_STANDALONE=true to accept the risk.',
      );
    }
  } catch (error) {
    await client.close();
    if (error instanceof MongoStartError) throw error;
    throw new MongoStartError(`${where}: cannot start (${oneLine(error)}).`);
  }

  const db = client.db(dbName);
  const items = db.collection<ItemDoc>('items');
  const deliveries = db.collection<DeliveryDoc>('deliveries');
  const movements = db.collection<MovementDoc>('movements');
  const meta = db.collection<MetaDoc>('meta');
  try {
    await applySchema(db, warn);
  } catch (error) {
    await client.close();
    throw new MongoStartError(`${where}: cannot set up database ${dbName} (${oneLine(error)}).`);
  }

  /** Options of every operation inside a write: its session, and a server-side time limit. */
  const inTx = (session?: ClientSession) => ({ session, maxTimeMS: OPERATION_TIME_MS });

  /** Runs `work` in a majority transaction when the deployment has them, then moves the list revision on. */
  async function write<T>(work: (session?: ClientSession) => Promise<T>): Promise<T> {
    let result: T;
    if (transactions) {
      const deadline = Date.now() + TRANSACTION_TIME_MS;
      result = await client.withSession((session) =>
        session.withTransaction(
          () => {
            // The driver retries after a write conflict for up to 120 s; we stop far sooner.
            if (Date.now() > deadline)
              throw new Error(`${where}: a write did not commit within ${TRANSACTION_TIME_MS} ms`);
            return work(session);
          },
          {
            readConcern: { level: 'majority' },
            writeConcern: { w: 'majority' },
            readPreference: 'primary',
            maxCommitTimeMS: OPERATION_TIME_MS,
          },
        ),
      );
    } else {
      result = await work();
    }
    // After the commit, never before: a reader takes the revision before its data,
    // so at worst it tags new data with an old revision (a needless 200, never a stale 304).
    await meta.updateOne({ _id: REVISION_KEY }, { $inc: { value: 1 } }, { upsert: true });
    return result;
  }

  const appendMovement = (doc: Omit<MovementDoc, '_id'>, session?: ClientSession) =>
    movements.insertOne({ _id: new ObjectId(), ...doc }, inTx(session));

  const newItemDoc = (input: ItemInput, actor: Actor): ItemDoc => {
    assertStorableQuantity(input.quantity);
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
    await items.insertMany(docs, inTx(session));
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
      inTx(session),
    );
    return docs.length;
  }

  /** Documents from before the ledger: fill in the new fields and an opening balance, once. */
  if (!(await meta.findOne({ _id: LEDGER_MIGRATED_KEY }))) {
    for await (const legacy of items.find({ version: { $exists: false } })) {
      const createdAt = legacy.createdAt ?? new Date();
      await write(async (session) => {
        const updated = await items.updateOne(
          { _id: legacy._id, version: { $exists: false } },
          {
            $set: {
              createdAt,
              updatedAt: createdAt,
              description: legacy.description ?? '',
              img: legacy.img ?? '',
              version: 1,
              createdBy: SYSTEM_ACTOR,
              updatedBy: SYSTEM_ACTOR,
              search: searchText(legacy),
            },
          },
          inTx(session),
        );
        // Another instance starting at the same time may have done this one.
        if (updated.modifiedCount === 0) return;
        await appendMovement(
          {
            itemId: legacy._id,
            delta: legacy.quantity,
            quantityAfter: legacy.quantity,
            reason: 'created',
            actor: SYSTEM_ACTOR,
            note: 'opening balance',
            at: createdAt,
          },
          session,
        );
      });
    }
    await meta.updateOne({ _id: LEDGER_MIGRATED_KEY }, { $set: { at: new Date() } }, { upsert: true });
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
        // Everything: counted on the _id index's keys, not by reading every document.
        return filter.q ? items.countDocuments(itemFilter(filter)) : items.countDocuments({}, { hint: { _id: 1 } });
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
          await items.insertOne(doc, inTx(session));
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
        // Checked before the first batch: a bad quantity anywhere writes nothing.
        for (const input of inputs) assertStorableQuantity(input.quantity);
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
          const before = await items.findOne({ _id }, inTx(session));
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
            { returnDocument: 'after', ...inTx(session) },
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
            { returnDocument: 'after', ...inTx(session) },
          );
          if (!after) {
            const current = await items.findOne({ _id }, { projection: { quantity: 1 }, ...inTx(session) });
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
          const doc = await items.findOneAndDelete({ _id: new ObjectId(id) }, inTx(session));
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
            { returnDocument: 'after', ...inTx(session) },
          );
          if (!item) {
            const current = await items.findOne({ _id: itemId }, { projection: { quantity: 1 }, ...inTx(session) });
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
          await deliveries.insertOne(doc, inTx(session));
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
            { returnDocument: 'after', ...inTx(session) },
          );
          if (!doc) return { ok: false as const, reason: 'not_found' as const };
          // The item may have been deleted since; then there is no stock to restore.
          // The limit is in the filter: an item that would go over QUANTITY_MAX matches nothing.
          const item = await items.findOneAndUpdate(
            { _id: doc.inventoriesId, quantity: { $lte: QUANTITY_MAX - doc.quantity } },
            { $inc: { quantity: doc.quantity, version: 1 }, $set: { updatedAt: at, updatedBy: owner } },
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
          return { ok: true as const, delivery: toDelivery(doc) };
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
      if ((await items.countDocuments({}, { limit: 1, hint: { _id: 1 } })) > 0) return false;
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
