import { MongoClient, MongoServerError, ObjectId, type Document } from 'mongodb';
import { MongoBinary, MongoMemoryServer } from 'mongodb-memory-server';
import request from 'supertest';
import type { Actor, ItemInput } from '@smart-zone/types/item';
import type { HealthResult } from '@smart-zone/types/responses';
import { createApp } from '../src/app';
import { HEALTH_TIMEOUT_MS } from '../src/service/service.routes';
import { MongoStartError, openMongoStore } from '../src/store/mongo/mongo-store';
import type { Store } from '../src/store/store';
import { recordAnswers } from './helpers/conformance';
import { fakeVerifier, testConfig } from './helpers/test-app';
import { dropTestDb, openTestStore, testDbName, testMongoUri } from './helpers/test-store';

/**
 * The MongoDB adapter's own guards, on a real server: the mongo jest project
 * only (jest.config.js), where the rest of the suite also runs on MongoDB.
 */
const noop = () => {};
const staff: Actor = { uid: 'uid-staff', email: 'staff@example.com' };
const phone: ItemInput = {
  name: 'Pixel 9',
  supplier: 'Google',
  price: 799,
  quantity: 10,
  description: '',
  img: '',
};

/** The mongod this run uses, or (when the run was given MONGODB_URI) one from mongodb-memory-server. */
async function mongodBinary(): Promise<string> {
  const source = JSON.parse(process.env.SMART_ZONE_TEST_MONGO_SOURCE ?? '{}') as { kind?: string; binary?: string };
  if (source.kind === 'binary' && source.binary) return source.binary;
  return MongoBinary.getPath();
}

/** The server's refusal of a write, by its code (121 is DocumentValidationFailure), or 'written'. */
async function refusal(write: Promise<unknown>): Promise<number | 'written'> {
  const outcome: unknown = await write.then(
    () => 'written',
    (error: unknown) => error,
  );
  if (outcome === 'written') return outcome;
  if (outcome instanceof MongoServerError) return Number(outcome.code);
  throw outcome;
}
const VALIDATION_FAILED = 121;

let client: MongoClient;
beforeAll(async () => {
  client = await MongoClient.connect(testMongoUri());
});
afterAll(() => client.close());

describe('MongoDB adapter on the run replica set', () => {
  let store: Store;
  let dbName: string;
  const logs: string[] = [];

  beforeEach(async () => {
    logs.length = 0;
    dbName = testDbName();
    store = await openMongoStore(testMongoUri(), dbName, {
      log: (message) => logs.push(message),
      warn: (message) => logs.push(`WARN ${message}`),
    });
  });

  afterEach(async () => {
    await store.close();
    await dropTestDb(testMongoUri(), dbName);
  });

  it('says "transactions: on" at start, and warns about nothing', () => {
    expect(logs).toEqual([expect.stringMatching(/^MongoDB at .+: transactions: on \(replica set \S+\)\.$/)]);
  });

  it('refuses negative stock, a negative price, a fractional quantity and a version below 1 at the database itself', async () => {
    const item = await store.items.create(phone, staff);
    const items = client.db(dbName).collection('items');
    const _id = new ObjectId(item._id);
    expect(await refusal(items.updateOne({ _id }, { $set: { quantity: -1 } }))).toBe(VALIDATION_FAILED);
    expect(await refusal(items.updateOne({ _id }, { $inc: { quantity: -11 } }))).toBe(VALIDATION_FAILED);
    expect(await refusal(items.updateOne({ _id }, { $set: { price: -0.5 } }))).toBe(VALIDATION_FAILED);
    expect(await refusal(items.updateOne({ _id }, { $set: { quantity: 1.5 } }))).toBe(VALIDATION_FAILED);
    expect(await refusal(items.updateOne({ _id }, { $set: { version: 0 } }))).toBe(VALIDATION_FAILED);
    expect(await refusal(items.updateOne({ _id }, { $unset: { supplier: '' } }))).toBe(VALIDATION_FAILED);
    expect(await refusal(items.insertOne({ name: 'no other field' }))).toBe(VALIDATION_FAILED);
    expect(await store.items.get(item._id)).toEqual(item);
  });

  it('refuses a delivery of 0 and ledger lines SQLite refuses too', async () => {
    const db = client.db(dbName);
    const at = new Date();
    const itemId = new ObjectId();
    const delivery = {
      uid: 'u',
      email: 'a@x.com',
      name: '',
      inventory: 'Pixel 9',
      inventoriesId: itemId,
      address: 'a',
      phone: '1',
      quantity: 0,
      createdAt: at,
    };
    expect(await refusal(db.collection('deliveries').insertOne({ ...delivery }))).toBe(VALIDATION_FAILED);
    expect(await refusal(db.collection('deliveries').insertOne({ ...delivery, quantity: 1 }))).toBe('written');

    const movements = db.collection('movements');
    const line = { itemId, delta: 1, quantityAfter: 1, reason: 'restock', actor: staff, at };
    expect(await refusal(movements.insertOne({ ...line, reason: 'stolen' }))).toBe(VALIDATION_FAILED);
    expect(await refusal(movements.insertOne({ ...line, quantityAfter: -1 }))).toBe(VALIDATION_FAILED);
    expect(await refusal(movements.insertOne({ ...line, delta: 0 }))).toBe(VALIDATION_FAILED);
    expect(await refusal(movements.insertOne({ ...line, delta: 0, quantityAfter: 0, reason: 'created' }))).toBe(
      'written',
    );
    expect(await refusal(movements.insertOne({ ...line }))).toBe('written');
  });

  it('answers every query it makes from an index, never a collection scan', async () => {
    const db = client.db(dbName);
    await store.items.createMany(
      Array.from({ length: 60 }, (_, i) => ({ ...phone, name: `Phone ${i}`, price: i, quantity: i % 7 })),
      staff,
    );
    const [first] = await store.items.list({ limit: 1 });
    if (!first) throw new Error('expected items');
    await db.command({ profile: 2 });
    try {
      for (const key of ['name', 'price', 'quantity', 'newest'] as const) {
        for (const descending of [false, true]) {
          await store.items.list({ sort: { key, descending }, limit: 5, skip: 2 });
          await store.items.list({ sort: { key, descending }, q: 'phone 1', limit: 5 });
        }
      }
      await store.items.list({ limit: 5 });
      await store.items.list({ q: 'ONE 2' });
      await store.items.count();
      await store.items.count({ q: 'phone 3' });
      for await (const batch of store.items.stream({ sort: { key: 'price', descending: true } }))
        expect(batch).not.toEqual([]);
      await store.items.revision();
      await store.items.get(first._id);
      await store.items.history(first._id, { limit: 20, skip: 0 });
      await store.deliveries.listByOwner(staff.uid);
      await store.seedOnce([]);
    } finally {
      await db.command({ profile: 0 });
    }
    const ours = ['items', 'deliveries', 'movements', 'meta'].map((name) => `${dbName}.${name}`);
    const profiled = await db
      .collection('system.profile')
      .find({ ns: { $in: ours }, planSummary: { $exists: true } })
      .toArray();
    expect(profiled.length).toBeGreaterThan(20);
    const scans = profiled
      .filter((entry: Document) => String(entry.planSummary).includes('COLLSCAN'))
      .map((entry: Document) => ({ ns: entry.ns as string, command: entry.command as Document }));
    expect(scans).toEqual([]);
    // The owner and history lists use their own indexes, not just any one.
    const plans = profiled.map((entry: Document) => `${String(entry.ns)} ${String(entry.planSummary)}`);
    expect(plans).toContainEqual(expect.stringMatching(/\.deliveries IXSCAN \{ uid: 1, seq: -1, _id: -1 \}/));
    expect(plans).toContainEqual(expect.stringMatching(/\.movements IXSCAN \{ itemId: 1, version: -1, _id: -1 \}/));
  });
});

describe('MongoDB adapter on a collection made before the validator', () => {
  it('sets the validator at open', async () => {
    const dbName = testDbName();
    await client.db(dbName).createCollection('items');
    const store = await openMongoStore(testMongoUri(), dbName, { log: noop, warn: noop });
    try {
      const [info] = await client.db(dbName).listCollections({ name: 'items' }).toArray();
      const validator = (info as { options?: { validator?: { $jsonSchema?: { required?: string[] } } } } | undefined)
        ?.options?.validator;
      expect(validator?.$jsonSchema?.required).toEqual(expect.arrayContaining(['quantity', 'price']));
    } finally {
      await store.close();
      await dropTestDb(testMongoUri(), dbName);
    }
  });
});

describe('test databases', () => {
  const ownDatabases = async () =>
    (await client.db('admin').admin().listDatabases({ nameOnly: true })).databases
      .map((db) => db.name)
      .filter((name) => name.startsWith(`smartzone_test_${process.env.SMART_ZONE_TEST_RUN ?? 'local'}_`))
      .filter((name) => name.includes(`_${process.env.JEST_WORKER_ID ?? '0'}_`));

  it('are dropped when a test closes its store', async () => {
    const before = await ownDatabases();
    const store = await openTestStore();
    await store.items.create(phone, staff);
    const open = await ownDatabases();
    expect(open.filter((name) => !before.includes(name))).toHaveLength(1);
    await store.close();
    expect(await ownDatabases()).toEqual(before);
  });
});

describe('MongoDB adapter on a standalone server', () => {
  let server: MongoMemoryServer;

  beforeEach(async () => {
    server = await MongoMemoryServer.create({ binary: { systemBinary: await mongodBinary() } });
  }, 120_000);

  afterEach(async () => {
    await server.stop();
  });

  it('refuses to start, saying why and naming MONGODB_ALLOW_STANDALONE', async () => {
    const failure: unknown = await openMongoStore(server.getUri(), 'standalone', {
      allowStandalone: false,
      log: noop,
      warn: noop,
    }).then(
      async (store) => {
        await store.close();
        return new Error('expected a refusal');
      },
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MongoStartError);
    expect((failure as Error).message).toMatch(/is a standalone server: .*MONGODB_ALLOW_STANDALONE=true/);
    expect((failure as Error).message).not.toContain('\n');
  });

  it('with MONGODB_ALLOW_STANDALONE=true starts with a loud warning, its writes running one after another as before', async () => {
    const warnings: string[] = [];
    const store = await openMongoStore(server.getUri(), 'standalone', {
      allowStandalone: true,
      log: noop,
      warn: (message) => warnings.push(message),
    });
    try {
      expect(warnings.join('\n')).toMatch(/STANDALONE server: transactions: OFF \(MONGODB_ALLOW_STANDALONE=true\)/);
      const item = await store.items.create(phone, staff);
      const outcome = await store.deliveries.create({
        owner: staff,
        name: '',
        inventoriesId: item._id,
        address: 'a',
        phone: '1',
        quantity: 4,
      });
      expect(outcome.ok).toBe(true);
      expect((await store.items.get(item._id))?.quantity).toBe(6);
    } finally {
      await store.close();
    }
  });

  it(`GET /api/health answers 503 within ${HEALTH_TIMEOUT_MS} ms once the database is down`, async () => {
    const store = await openMongoStore(server.getUri(), 'health', { allowStandalone: true, log: noop, warn: noop });
    try {
      const app = recordAnswers(createApp({ store, verifier: fakeVerifier, config: testConfig }));
      expect((await request(app).get('/api/health')).status).toBe(200);
      await server.stop();
      const started = Date.now();
      const res = await request(app).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body as HealthResult).toEqual({ ok: false, store: 'mongo' });
      expect(Date.now() - started).toBeLessThan(HEALTH_TIMEOUT_MS + 700);
    } finally {
      await store.close();
    }
  });
});
