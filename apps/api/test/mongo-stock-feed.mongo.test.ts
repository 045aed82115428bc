import { MongoClient, MongoServerError, ObjectId, type Document } from 'mongodb';
import type { ItemInput } from '@smart-zone/types/item';
import { openMongoStore } from '../src/store/mongo/mongo-store';
import type { Store, StoreChange } from '../src/store/store';
import { dropTestDb, testDbName, testMongoUri } from './helpers/test-store';
import { ada, staff } from './helpers/store-fixtures';

/**
 * The MongoDB adapter's own parts of issue 19: the derived stock fields
 * (`low`, `shortfall`) every write keeps in step and the validator checks,
 * their migration, the indexes the stock filter, the shortfall sort and the
 * alerts' outbox read, and the change stream opened again after the server
 * ended it. The rules themselves are the port's (stock-filter, change-feed,
 * low-stock contract tests).
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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let client: MongoClient;
beforeAll(async () => {
  client = await MongoClient.connect(testMongoUri());
});
afterAll(() => client.close());

describe('MongoDB adapter: derived stock fields, indexes, the feed', () => {
  let store: Store;
  let dbName: string;
  const warnings: string[] = [];

  beforeEach(async () => {
    warnings.length = 0;
    dbName = testDbName();
    store = await openMongoStore(testMongoUri(), dbName, { log: noop, warn: (message) => warnings.push(message) });
  });

  afterEach(async () => {
    await store.close();
    await dropTestDb(testMongoUri(), dbName);
  });

  /** Every item document's derived fields against its own quantity and reorder point. */
  async function expectDerivedInStep() {
    const docs = await client
      .db(dbName)
      .collection<{ name: string; quantity: number; minStock: number; low: boolean; shortfall: number }>('items')
      .find()
      .toArray();
    expect(docs.length).toBeGreaterThan(0);
    for (const { name, quantity, minStock, low, shortfall } of docs) {
      expect({ name, low, shortfall }).toEqual({
        name,
        low: minStock > 0 && quantity <= minStock,
        shortfall: minStock - quantity,
      });
    }
  }

  it('keeps low and shortfall in step on every write path', async () => {
    await store.items.createMany([phone({ name: 'A', quantity: 3, minStock: 5 }), phone({ name: 'B' })], staff);
    const item = await store.items.create(phone({ name: 'C', quantity: 6, minStock: 4 }), staff);
    await expectDerivedInStep();
    await store.items.changeStock(item._id, { delta: -2 }, staff);
    await expectDerivedInStep();
    await store.items.update(item._id, phone({ name: 'C', quantity: 9 }), staff);
    await expectDerivedInStep();
    await store.items.update(item._id, phone({ name: 'C', quantity: 9, minStock: 9 }), staff);
    await expectDerivedInStep();
    const sent = await store.deliveries.create({
      owner: ada,
      name: '',
      inventoriesId: item._id,
      address: 'a',
      phone: '1',
      quantity: 9,
    });
    if (!sent.ok) throw new Error('the delivery was refused');
    await expectDerivedInStep();
    await store.deliveries.cancel(sent.delivery._id, ada);
    await expectDerivedInStep();
    expect(await store.items.get(item._id)).toMatchObject({ quantity: 9, minStock: 9 });
  });

  it('refuses, at the database itself, a quantity or reorder point moved without its derived fields', async () => {
    const item = await store.items.create(phone({ quantity: 5, minStock: 2 }), staff);
    const items = client.db(dbName).collection('items');
    const _id = new ObjectId(item._id);
    const refusal = (update: Document) =>
      items.updateOne({ _id }, update).then(
        () => 'written',
        (error: unknown) => (error instanceof MongoServerError ? Number(error.code) : error),
      );
    expect(await refusal({ $inc: { quantity: -4 } })).toBe(VALIDATION_FAILED);
    expect(await refusal({ $set: { minStock: 8 } })).toBe(VALIDATION_FAILED);
    expect(await refusal({ $set: { minStock: 1_000_001, shortfall: 1_000_001 - 5 } })).toBe(VALIDATION_FAILED);
    expect(await refusal({ $set: { quantity: 1, low: true, shortfall: 1 } })).toBe('written');
    expect(await store.items.get(item._id)).toMatchObject({ quantity: 1, minStock: 2 });
  });

  it('answers the stock filters, the shortfall sort and the outbox from indexes, never a collection scan', async () => {
    const db = client.db(dbName);
    await store.items.createMany(
      Array.from({ length: 60 }, (_, i) => phone({ name: `Phone ${i}`, quantity: i % 7, minStock: i % 5 })),
      staff,
    );
    // One low item taken to 0: an alert for the outbox's queries to find.
    const low = (await store.items.list({ stock: 'low' })).find((item) => item.quantity > 0);
    if (!low) throw new Error('expected a low item with stock');
    await store.items.changeStock(low._id, { delta: -low.quantity }, staff);
    expect((await store.alerts.list({ limit: 5, skip: 0 })).total).toBe(1);
    await db.command({ profile: 2 });
    try {
      for (const stock of ['low', 'out'] as const) {
        await store.items.list({ stock, limit: 20 });
        await store.items.list({ stock, limit: 20, sort: { key: 'newest', descending: false } });
        await store.items.count({ stock });
      }
      for (const descending of [false, true]) {
        await store.items.list({ sort: { key: 'shortfall', descending }, limit: 20 });
        await store.items.list({ stock: 'low', sort: { key: 'shortfall', descending }, limit: 20 });
      }
      const { alerts } = await store.alerts.list({ limit: 20, skip: 0 });
      await store.alerts.list({ unread: true, limit: 20, skip: 0 });
      await store.alerts.unreadCount();
      const now = new Date().toISOString();
      await store.alerts.due('webhook', { since: new Date(Date.now() - 86_400_000).toISOString(), now, limit: 10 });
      if (alerts[0])
        await store.alerts.recordSend(alerts[0]._id, 'webhook', { state: 'retry', error: 'x', retryAt: now });
      await store.alerts.due('webhook', { since: now, now, limit: 10 });
      await store.alerts.failedCount();
    } finally {
      await db.command({ profile: 0 });
    }
    const ours = ['items', 'alerts', 'alertSends'].map((name) => `${dbName}.${name}`);
    const profiled = await db
      .collection('system.profile')
      .find({ ns: { $in: ours }, planSummary: { $exists: true } })
      .toArray();
    expect(profiled.length).toBeGreaterThan(15);
    const scans = profiled
      .filter((entry: Document) => String(entry.planSummary).includes('COLLSCAN'))
      .map((entry: Document) => ({ ns: entry.ns as string, command: entry.command as Document }));
    expect(scans).toEqual([]);
  });

  it('opens the change stream again after the server ended it, and misses nothing committed meanwhile', async () => {
    const heard: StoreChange[] = [];
    const stop = store.changes.subscribe((change) => heard.push(change));
    const waitFor = async (count: number) => {
      const deadline = Date.now() + 10_000;
      while (heard.length < count && Date.now() < deadline) await sleep(20);
      return heard.map((change) => change.itemId);
    };
    try {
      const before = await store.items.create(phone({ name: 'Before' }), staff);
      expect(await waitFor(1)).toEqual([before._id]);
      // Dropping the collection ends every stream on it (an `invalidate`); our writes need it back first
      // (a majority transaction cannot create a collection).
      const db = client.db(dbName);
      await db.collection('changes').drop();
      await db.createCollection('changes');
      const during = await store.items.create(phone({ name: 'During' }), staff);
      const after = await store.items.create(phone({ name: 'After' }), staff);
      expect(await waitFor(3)).toEqual([before._id, during._id, after._id]);
      expect(warnings.join('\n')).toMatch(/change feed stopped \(the changes collection was dropped or renamed\)/);
      await sleep(300);
      expect(heard).toHaveLength(3);
    } finally {
      stop();
    }
  });
});

describe('MongoDB adapter opening items from before the reorder point', () => {
  it('gives them minStock 0 and their derived fields, so the stock filters and the shortfall sort find them', async () => {
    const dbName = testDbName();
    const db = client.db(dbName);
    // As the previous version wrote them: every field but minStock, low and shortfall.
    const legacy = (name: string, quantity: number, seq: number) => ({
      name,
      supplier: 'S',
      price: 1,
      quantity,
      description: '',
      img: '',
      createdAt: new Date(),
      updatedAt: new Date(),
      version: 1,
      createdBy: staff,
      updatedBy: staff,
      search: `${name.toLowerCase()}\ns`,
      nameKey: name.toLowerCase(),
      seq,
    });
    await db.collection('items').insertMany([legacy('Empty', 0, 1), legacy('Full', 5, 2)]);
    const meta = db.collection<{ _id: string; at?: Date; value?: number; catalogue?: string }>('meta');
    await meta.insertOne({ _id: 'ledger_migrated', at: new Date() });
    await meta.insertOne({ _id: 'catalogue_revision', value: 2, catalogue: 'x' });
    const store = await openMongoStore(testMongoUri(), dbName, { log: noop, warn: noop });
    try {
      expect(
        await db
          .collection('items')
          .find({}, { projection: { _id: 0, name: 1, minStock: 1, low: 1, shortfall: 1 } })
          .sort({ seq: 1 })
          .toArray(),
      ).toEqual([
        { name: 'Empty', minStock: 0, low: false, shortfall: 0 },
        { name: 'Full', minStock: 0, low: false, shortfall: -5 },
      ]);
      expect((await store.items.list({ stock: 'out' })).map((item) => item.name)).toEqual(['Empty']);
      expect(
        (await store.items.list({ sort: { key: 'shortfall', descending: false } })).map((item) => item.name),
      ).toEqual(['Empty', 'Full']);
      // The revision moved on: every item's answer changed (it has minStock now).
      expect(await store.items.revision()).toBe('x.3');
      const [full] = await store.items.list({ q: 'full' });
      await store.items.update(
        full!._id,
        { ...phone({ name: 'Full', quantity: 5 }), supplier: 'S', price: 1, minStock: 6 },
        staff,
      );
      expect((await store.items.list({ stock: 'low' })).map((item) => item.name)).toEqual(['Full']);
      expect((await store.alerts.list({ limit: 5, skip: 0 })).alerts).toEqual([
        expect.objectContaining({ itemName: 'Full', kind: 'low', quantity: 5, minStock: 6 }),
      ]);
    } finally {
      await store.close();
      await dropTestDb(testMongoUri(), dbName);
    }
  });
});
