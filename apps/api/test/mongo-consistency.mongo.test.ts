import { Decimal128, Long, MongoClient, MongoServerError, ObjectId, type Collection, type Document } from 'mongodb';
import type { ItemInput } from '@smart-zone/types/item';
import { MongoStartError, openMongoStore } from '../src/store/mongo/mongo-store';
import type { Store } from '../src/store/store';
import { dropTestDb, testDbName, testMongoUri } from './helpers/test-store';
import { staff } from './helpers/store-fixtures';

/**
 * The MongoDB adapter's own halves of issue 24, on a real replica set (the
 * mongo jest project only): what the contract suite cannot see from outside.
 */
const noop = () => {};
const phone = (overrides: Partial<ItemInput> = {}): ItemInput => ({
  name: 'Pixel 9',
  supplier: 'Google',
  price: 799,
  quantity: 10,
  description: '',
  img: '',
  ...overrides,
});
const VALIDATION_FAILED = 121;

let client: MongoClient;
beforeAll(async () => {
  client = await MongoClient.connect(testMongoUri());
});
afterAll(() => client.close());

/** The same documents again under each other's _ids: ObjectIds made by another process, out of commit order. */
async function swapIds(collection: Collection<Document>, ids: ObjectId[]) {
  const docs = await collection.find({ _id: { $in: ids } }).toArray();
  const byId = new Map(docs.map((doc) => [String(doc._id), doc]));
  await collection.deleteMany({ _id: { $in: ids } });
  const reversed = [...ids].reverse();
  await collection.insertMany(ids.map((id, at) => ({ ...byId.get(String(id)), _id: reversed[at] })));
}

describe('MongoDB adapter: order, revision, migrations', () => {
  let store: Store;
  let dbName: string;

  beforeEach(async () => {
    dbName = testDbName();
    store = await openMongoStore(testMongoUri(), dbName, { log: noop, warn: noop });
  });

  afterEach(async () => {
    await store.close();
    await dropTestDb(testMongoUri(), dbName);
  });

  it('moves the revision in the same transaction as the change it counts', async () => {
    const item = await store.items.create(phone(), staff);
    const stream = client.db(dbName).watch([{ $match: { operationType: { $in: ['update', 'insert'] } } }]);
    try {
      const events: Document[] = [];
      const collected = (async () => {
        for await (const event of stream) {
          events.push(event);
          if (events.length === 3) return;
        }
      })();
      // The change stream is open once its first getMore is under way; give it that moment.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await store.items.changeStock(item._id, { delta: 1 }, staff);
      await collected;
      const of = (collection: string) =>
        events.find((event) => (event.ns as { coll?: string } | undefined)?.coll === collection);
      const txn = (event: Document | undefined) => [String(event?.txnNumber), JSON.stringify(event?.lsid)];
      expect(of('meta')?.txnNumber).toBeDefined();
      expect(txn(of('meta'))).toEqual(txn(of('items')));
      expect(txn(of('movements'))).toEqual(txn(of('items')));
    } finally {
      await stream.close();
    }
  });

  it('orders history, deliveries and items by commit, not by ObjectIds another process made', async () => {
    const db = client.db(dbName);
    const first = await store.items.create(phone({ name: 'first', quantity: 20 }), staff);
    const second = await store.items.create(phone({ name: 'second' }), staff);
    await store.items.changeStock(first._id, { delta: 1 }, staff);
    await store.items.changeStock(first._id, { delta: 2 }, staff);
    for (const address of ['one', 'two']) {
      await store.deliveries.create({
        owner: staff,
        name: '',
        inventoriesId: first._id,
        address,
        phone: '1',
        quantity: 1,
      });
    }
    const movementIds = (
      await db
        .collection('movements')
        .find({ itemId: new ObjectId(first._id) })
        .toArray()
    ).map((doc) => doc._id);
    await swapIds(db.collection('movements'), movementIds);
    await swapIds(
      db.collection('deliveries'),
      (await db.collection('deliveries').find().toArray()).map((d) => d._id),
    );
    await swapIds(db.collection('items'), [new ObjectId(first._id), new ObjectId(second._id)]);

    const { movements } = await store.items.history(first._id, { limit: 10, skip: 0 });
    expect(movements.map((m) => [m.reason, m.delta])).toEqual([
      ['delivery', -1],
      ['delivery', -1],
      ['restock', 2],
      ['restock', 1],
      ['created', 20],
    ]);
    expect((await store.deliveries.listByOwner(staff.uid)).map((d) => d.address)).toEqual(['two', 'one']);
    expect((await store.items.list()).map((item) => item.name)).toEqual(['first', 'second']);
  });

  it('stores the delta of an empty item deleted as the int 0', async () => {
    const item = await store.items.create(phone({ quantity: 0 }), staff);
    await store.items.remove(item._id, staff);
    const deleted = await client
      .db(dbName)
      .collection('movements')
      .findOne({ itemId: new ObjectId(item._id), reason: 'deleted', delta: { $type: 'int' } });
    expect(deleted).not.toBeNull();
  });

  it('refuses a long or a decimal where a number belongs, at the database itself', async () => {
    const item = await store.items.create(phone(), staff);
    const items = client.db(dbName).collection('items');
    const refused = async (update: Document) =>
      items.updateOne({ _id: new ObjectId(item._id) }, { $set: update }).then(
        () => 'written',
        (error: unknown) => (error instanceof MongoServerError ? Number(error.code) : error),
      );
    expect(await refused({ quantity: Long.fromNumber(3) })).toBe(VALIDATION_FAILED);
    expect(await refused({ price: Decimal128.fromString('9.99') })).toBe(VALIDATION_FAILED);
    expect(await refused({ version: Long.fromNumber(5) })).toBe(VALIDATION_FAILED);
    expect(await store.items.get(item._id)).toEqual(item);
  });

  it('bounds every read it makes in server time (maxTimeMS)', async () => {
    const db = client.db(dbName);
    const item = await store.items.create(phone(), staff);
    await db.command({ profile: 2 });
    try {
      await store.items.list({ sort: { key: 'name', descending: false }, limit: 5 });
      await store.items.list({ q: 'pix' });
      await store.items.count();
      await store.items.count({ q: 'pix' });
      for await (const batch of store.items.stream({})) expect(batch).toHaveLength(1);
      await store.items.revision();
      await store.items.get(item._id);
      await store.items.history(item._id, { limit: 5, skip: 0 });
      await store.deliveries.listByOwner(staff.uid);
      await store.deliveries.get(item._id);
    } finally {
      await db.command({ profile: 0 });
    }
    const reads = await db
      .collection('system.profile')
      .find({ ns: { $in: ['items', 'movements', 'deliveries', 'meta'].map((name) => `${dbName}.${name}`) } })
      .toArray();
    const commands = reads.map((entry) => (entry.command ?? {}) as Document);
    const firstReads = commands.filter((command) => command.find !== undefined || command.aggregate !== undefined);
    expect(firstReads.length).toBeGreaterThanOrEqual(10);
    expect(firstReads.filter((command) => command.maxTimeMS === undefined)).toEqual([]);
  });
});

describe('MongoDB adapter opening a database from an earlier version', () => {
  let dbName: string;

  beforeEach(() => {
    dbName = testDbName();
  });

  afterEach(async () => {
    await dropTestDb(testMongoUri(), dbName);
  });

  it("gives the first version's deliveries uid '' and drops their index; sorts old items by name", async () => {
    const db = client.db(dbName);
    const itemId = new ObjectId();
    await db.collection('items').insertOne({ _id: itemId, name: 'Éclair', supplier: 'S', price: 1, quantity: 2 });
    await db.collection('items').insertOne({ name: 'zebra', supplier: 'S', price: 1, quantity: 2 });
    await db.collection('deliveries').createIndex({ email: 1, _id: -1 });
    const old = await db.collection('deliveries').insertOne({
      email: 'ada@example.com',
      name: 'Ada',
      inventory: 'Éclair',
      inventoriesId: itemId,
      address: 'x',
      phone: '1',
      quantity: 1,
      createdAt: new Date(),
    });

    const store = await openMongoStore(testMongoUri(), dbName, { log: noop, warn: noop });
    try {
      expect(await db.collection('deliveries').findOne({ _id: old.insertedId })).toMatchObject({ uid: '' });
      const indexes = (await db.collection('deliveries').indexes()).map((index) => index.name);
      expect(indexes).not.toContain('email_1__id_-1');
      expect((await store.items.list({ sort: { key: 'name', descending: false } })).map((item) => item.name)).toEqual([
        'zebra',
        'Éclair',
      ]);
      // An item from before the ledger: its opening balance, then a new movement on top.
      await store.items.changeStock(itemId.toHexString(), { delta: 3 }, staff);
      const { movements } = await store.items.history(itemId.toHexString(), { limit: 5, skip: 0 });
      expect(movements.map((m) => [m.reason, m.quantityAfter])).toEqual([
        ['restock', 5],
        ['created', 2],
      ]);
    } finally {
      await store.close();
    }
  });

  it('fails a migration it cannot finish in one line, with its client closed', async () => {
    // An item from before the validator with negative stock: its opening balance is refused.
    await client.db(dbName).collection('items').insertOne({ name: 'Broken', supplier: 'S', price: 1, quantity: -1 });
    const sockets = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPSocketWrap').length;
    const before = sockets();
    const failure: unknown = await openMongoStore(testMongoUri(), dbName, { log: noop, warn: noop }).then(
      async (store) => {
        await store.close();
        return new Error('expected the start to fail');
      },
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MongoStartError);
    expect((failure as Error).message).toMatch(/^MongoDB at .+: cannot migrate database .+ \(.+\)\.$/);
    expect((failure as Error).message).not.toContain('\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sockets()).toBe(before);
  });
});
