import { Decimal128, Long, MongoClient, MongoServerError, ObjectId, type Collection, type Document } from 'mongodb';
import { ALERT_CHANNELS } from '@smart-zone/types/alert';
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
const DUPLICATE_KEY = 11000;

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

  /**
   * Issue 32, as SQLite's migration 11 (migrations.sqlite.test.ts): low stock is a state, and a database from
   * before it is brought to it at the next start (alertStates in schema.ts). Its alerts as that version left
   * them (neither `open` nor `resolvedAt`): a low item with two (a duplicate, the newer one out of date), an
   * item above its reorder point with one, a deleted item's, a low item with none, and one channel's send of
   * the oldest; the migration's mark gone from `meta`. The items themselves are the store's own (every field
   * their validator asks for). After the start: one open alert per low item (the newest, brought up to date;
   * a new one, dated by its item's last change, where there was none), every other alert resolved at the
   * start (no resolution notice pending), the send kept; a second start, or the migration run again, changes
   * nothing; and a second open alert for an item is refused from then on.
   */
  it('brings the alerts of a database from before the state rule to the state: missing opened, stale resolved, duplicates folded; once', async () => {
    const db = client.db(dbName);
    const alerts = db.collection('alerts');
    const meta = db.collection<{ _id: string }>('meta');
    /** Opens the store on the database (its migrations run at open), runs `work` on it, and closes it. */
    async function opened<T>(work: (store: Store) => Promise<T>): Promise<T> {
      const store = await openMongoStore(testMongoUri(), dbName, { log: noop, warn: noop });
      try {
        return await work(store);
      } finally {
        await store.close();
      }
    }
    /** The alerts as stored, oldest first (ids as hex, dates as ISO text). */
    const stored = async () =>
      JSON.parse(JSON.stringify(await alerts.find({}).sort({ seq: 1 }).toArray())) as Record<string, unknown>[];
    const { cable, plug, fan } = await opened(async (store) => ({
      cable: await store.items.create(phone({ name: 'Cable', quantity: 66, minStock: 70 }), staff),
      plug: await store.items.create(phone({ name: 'Plug', quantity: 0, minStock: 2 }), staff),
      fan: await store.items.create(phone({ name: 'Fan', quantity: 98, minStock: 70 }), staff),
    }));
    // The plug's last change, as an older write left it: what its new alert is dated by.
    const plugChanged = '2026-01-04T00:00:00.000Z';
    await db
      .collection('items')
      .updateOne({ _id: new ObjectId(plug._id) }, { $set: { updatedAt: new Date(plugChanged) } });
    // The version before raised an alert per crossing and never resolved one: the store's own alerts go.
    await alerts.deleteMany({});
    const [a1, a2, a3, a4] = [new ObjectId(), new ObjectId(), new ObjectId(), new ObjectId()];
    const gone = new ObjectId();
    const old = (
      _id: ObjectId,
      itemId: string | ObjectId,
      itemName: string,
      quantity: number,
      at: string,
      seq: number,
    ) => ({
      _id,
      itemId: new ObjectId(itemId),
      itemName,
      kind: 'low' as const,
      quantity,
      minStock: 70,
      at: new Date(at),
      seq,
      pending: [...ALERT_CHANNELS],
    });
    await alerts.insertMany([
      { ...old(a1, cable._id, 'Cable', 65, '2026-01-02T00:00:00.000Z', 1), pending: ['webhook'] },
      // Newer, and out of date: the item was renamed and took one more unit off since.
      old(a2, cable._id, 'Cable (old name)', 67, '2026-01-03T00:00:00.000Z', 2),
      old(a3, fan._id, 'Fan', 60, '2026-01-02T00:00:00.000Z', 3),
      old(a4, gone, 'Gone', 1, '2026-01-02T00:00:00.000Z', 4),
    ]);
    const send = { alertId: a1, alertSeq: 1, channel: 'email', state: 'sent', attempts: 1 };
    await db.collection('alertSends').insertOne({ ...send });
    expect((await meta.deleteOne({ _id: 'alert_states_migrated' })).deletedCount).toBe(1);

    const start = Date.now();
    const open = await opened((store) => store.alerts.list({ state: 'open', limit: 10, skip: 0 }));
    const end = Date.now();

    const settled = await stored();
    const resolvedAt = settled[0]?.resolvedAt;
    expect(typeof resolvedAt).toBe('string');
    expect(Date.parse(resolvedAt as string)).toBeGreaterThanOrEqual(start);
    expect(Date.parse(resolvedAt as string)).toBeLessThanOrEqual(end);
    const hex = (id: ObjectId) => id.toHexString();
    const made = { pending: [...ALERT_CHANNELS] };
    expect(settled).toEqual([
      // The duplicate: resolved at the start, no resolution notice pending (no resolvedPending), as it was else.
      {
        _id: hex(a1),
        itemId: cable._id,
        itemName: 'Cable',
        kind: 'low',
        quantity: 65,
        minStock: 70,
        at: '2026-01-02T00:00:00.000Z',
        seq: 1,
        pending: ['webhook'],
        resolvedAt,
      },
      // The newest of the low item's: kept open, brought up to date (name, kind, quantity, reorder point).
      {
        _id: hex(a2),
        itemId: cable._id,
        itemName: 'Cable',
        kind: 'low',
        quantity: 66,
        minStock: 70,
        at: '2026-01-03T00:00:00.000Z',
        seq: 2,
        ...made,
        open: true,
      },
      // The item above its reorder point, and the deleted item: resolved.
      {
        _id: hex(a3),
        itemId: fan._id,
        itemName: 'Fan',
        kind: 'low',
        quantity: 60,
        minStock: 70,
        at: '2026-01-02T00:00:00.000Z',
        seq: 3,
        ...made,
        resolvedAt,
      },
      {
        _id: hex(a4),
        itemId: hex(gone),
        itemName: 'Gone',
        kind: 'low',
        quantity: 1,
        minStock: 70,
        at: '2026-01-02T00:00:00.000Z',
        seq: 4,
        ...made,
        resolvedAt,
      },
      // The low item without one: opened, dated by its last change, a seq of its own (after every other), every channel to try.
      {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
        itemId: plug._id,
        itemName: 'Plug',
        kind: 'out',
        quantity: 0,
        minStock: 2,
        at: plugChanged,
        seq: expect.any(Number) as number,
        ...made,
        open: true,
      },
    ]);
    expect(settled[4]?.seq).toBeGreaterThan(4);
    // As the API lists them: one open alert per low item, none for the item above, newest first.
    expect(open.total).toBe(2);
    expect(
      open.alerts.map(({ _id, itemId, kind, quantity, state }) => ({ _id, itemId, kind, quantity, state })),
    ).toEqual([
      { _id: settled[4]?._id, itemId: plug._id, kind: 'out', quantity: 0, state: 'open' },
      { _id: hex(a2), itemId: cable._id, kind: 'low', quantity: 66, state: 'open' },
    ]);
    const sends = async () =>
      JSON.parse(
        JSON.stringify(
          await db
            .collection('alertSends')
            .find({}, { projection: { _id: 0 } })
            .toArray(),
        ),
      ) as unknown;
    expect(await sends()).toEqual([{ ...send, alertId: hex(a1) }]);
    expect(await meta.findOne({ _id: 'alert_states_migrated' })).not.toBeNull();

    // Opened again: the mark says it ran, nothing changes.
    await opened(() => Promise.resolve());
    expect(await stored()).toEqual(settled);
    // Run again (a start that stopped before it wrote its mark): nothing changes either.
    expect((await meta.deleteOne({ _id: 'alert_states_migrated' })).deletedCount).toBe(1);
    await opened(() => Promise.resolve());
    expect(await stored()).toEqual(settled);
    expect(await sends()).toEqual([{ ...send, alertId: hex(a1) }]);

    // From now on a second open alert of an item is refused (one_open_per_item), as SQLite's unique index does.
    const refused = await alerts
      .insertOne({ ...old(new ObjectId(), cable._id, 'Cable', 66, '2026-01-06T00:00:00.000Z', 5), open: true })
      .then(
        () => 'written',
        (error: unknown) => (error instanceof MongoServerError ? Number(error.code) : error),
      );
    expect(refused).toBe(DUPLICATE_KEY);
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
