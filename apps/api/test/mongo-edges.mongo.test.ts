import { Int32, MongoClient, ObjectId, type Db, type Document } from 'mongodb';
import { MongoBinary, MongoMemoryReplSet, MongoMemoryServer } from 'mongodb-memory-server';
import request from 'supertest';
import { type Stats, utcDay } from '@smart-zone/types/stats';
import { createApp } from '../src/app';
import { ImportRows } from '../src/store/import-rows';
import { SKU_INDEX, skuIn, skuIs } from '../src/store/mongo/documents';
import { COUNTER_SHARDS } from '../src/store/mongo/mongo-counts';
import { openMongoStore } from '../src/store/mongo/mongo-store';
import { SkuTakenError, StoreBusyError, WriteOutcomeUnknownError, type Store } from '../src/store/store';
import { recordAnswers } from './helpers/conformance';
import { planStages } from './helpers/explain-plans';
import { ada, bob, delivery, phone } from './helpers/store-fixtures';
import { fakeVerifier, makeTestApp, testConfig } from './helpers/test-app';
import { dropTestDb, testDbName, testMongoUri } from './helpers/test-store';

/**
 * The MongoDB adapter where MongoDB itself decides: which index a SKU query may use, what an $inc does
 * past 2^31 − 1, what a commit with an unknown outcome and write conflicts past the retry budget come to,
 * and a duplicate SKU reported by a bulk write. The mongo jest project only (jest.config.js).
 */
const noop = () => {};
/** A document keyed by a string (a stats day, a meta key). */
type DayDoc = Document & { _id: string };
const quiet = { log: noop, warn: noop };
/** The store's own connections say so (mongo-store.ts): a fail point aimed at it spares the test's client. */
const STORE_APP = 'smart-zone';
/** What a fail point needs (configureFailPoint, waitForFailPoint): a mongod started with test commands. */
const TEST_COMMANDS = ['--setParameter', 'enableTestCommands=1'];
/** Just under 2^31 − 1 (2,147,483,647), as a 32-bit int: what an $inc of ints had made of a busy day. */
const NEAR_INT32_MAX = 2_147_483_000;

/** The mongod this run uses, or (when the run was given MONGODB_URI) one from mongodb-memory-server. */
async function mongodBinary(): Promise<string> {
  const source = JSON.parse(process.env.SMART_ZONE_TEST_MONGO_SOURCE ?? '{}') as { kind?: string; binary?: string };
  if (source.kind === 'binary' && source.binary) return source.binary;
  return MongoBinary.getPath();
}

/** The failCommand fail point, on the store's connections only; answers how many times it was entered before. */
async function failCommand(admin: Db, mode: Document | 'alwaysOn', data: Document): Promise<number> {
  const answer = await admin.command({
    configureFailPoint: 'failCommand',
    mode,
    data: { appName: STORE_APP, ...data },
  });
  return Number(answer.count ?? 0);
}

/** Resolves once a command of the store's has entered the fail point (`count` of failCommand before it). */
async function enteredFailPoint(admin: Db, count: number): Promise<void> {
  await admin.command({ waitForFailPoint: 'failCommand', timesEntered: count + 1, maxTimeMS: 10_000 });
}

const failPointsOff = (admin: Db) => admin.command({ configureFailPoint: 'failCommand', mode: 'off' });

/** Says why a mongod started with enableTestCommands=1 still refuses fail points, instead of a bare error. */
async function checkFailPoints(admin: Db): Promise<void> {
  await failPointsOff(admin).catch((error: unknown) => {
    throw new Error(
      `configureFailPoint refused though the mongod was started with ${TEST_COMMANDS.join(' ')}: ${String(error)}`,
    );
  });
}

/** An item document like the store's, held by "Holder": written straight to the collection, as another process would. */
async function insertHolder(db: Db, like: string, sku: string): Promise<ObjectId> {
  const items = db.collection('items');
  const template = await items.findOne({ _id: new ObjectId(like) });
  if (!template) throw new Error('expected the template item');
  const _id = new ObjectId();
  await items.insertOne({ ...template, _id, name: 'Holder', nameKey: 'holder', sku });
  return _id;
}

/**
 * createMany of an item with the SKU RACE-1 whose insert waits on the server (a fail point), after its
 * check found the SKU free, while another write gives RACE-1 to a holder: what it rejects with, and the
 * holder's id.
 */
async function createManyRacingHolder(store: Store, admin: Db, db: Db) {
  const template = await store.items.create(phone({ name: 'Template' }), ada);
  const count = await failCommand(
    admin,
    { times: 1 },
    { failCommands: ['insert'], blockConnection: true, blockTimeMS: 1500 },
  );
  const refused = store.items
    .createMany([phone({ name: 'Late', sku: 'RACE-1' })], bob)
    .catch((error: unknown) => error);
  await enteredFailPoint(admin, count);
  const holder = await insertHolder(db, template._id, 'RACE-1');
  return { error: await refused, holder };
}

describe('MongoDB: every SKU query is answered from sku_unique (a partial index the query must imply)', () => {
  let client: MongoClient;
  let store: Store;
  let dbName: string;

  beforeEach(async () => {
    dbName = testDbName();
    client = await MongoClient.connect(testMongoUri());
    store = await openMongoStore(testMongoUri(), dbName, quiet);
    await store.items.createMany(
      Array.from({ length: 60 }, (_, i) => phone({ name: `Phone ${i}`, sku: i % 6 === 0 ? null : `SKU-${i}` })),
      ada,
    );
  });

  afterEach(async () => {
    await store.close();
    await client.close();
    await dropTestDb(testMongoUri(), dbName);
  });

  it('explain(): the SKU lookup (getBySku, GET ?sku=) and the many-SKU lookup (createMany, import) scan sku_unique, never the collection', async () => {
    const items = client.db(dbName).collection('items');
    const lookups: [string, Document][] = [
      ['getBySku / ?sku=', { sku: skuIs('SKU-7') }],
      ['createMany, import', { sku: skuIn(['SKU-1', 'SKU-2', 'NONE']) }],
    ];
    for (const [what, filter] of lookups) {
      const explained = await items.find(filter).limit(1).explain('queryPlanner');
      const stages = planStages((explained.queryPlanner as Document).winningPlan as Document);
      const scans = stages.filter((stage) => /(IXSCAN|COLLSCAN)$/.test(String(stage.stage)));
      // Tagged with the lookup, so a failure says which.
      expect([what, scans.map((stage) => `${String(stage.stage)} ${String(stage.indexName ?? '')}`.trim())]).toEqual([
        what,
        [expect.stringMatching(new RegExp(`IXSCAN ${SKU_INDEX}$`))],
      ]);
    }
    // An update's check: another item with the SKU.
    const other = await items.find({ sku: skuIs('SKU-7'), _id: { $ne: new ObjectId() } }).explain('queryPlanner');
    const stages = planStages((other.queryPlanner as Document).winningPlan as Document).map((stage) =>
      String(stage.stage),
    );
    expect(stages).not.toContain('COLLSCAN');
  });

  it('profiler: getBySku, GET /api/inventory?sku=, and the SKU checks of create, createMany, update and import read sku_unique, never the collection', async () => {
    const db = client.db(dbName);
    const held = await store.items.getBySku('SKU-7');
    if (!held) throw new Error('expected SKU-7');
    const [plain] = await store.items.list({ limit: 1 });
    if (!plain) throw new Error('expected items');
    const app = recordAnswers(createApp({ store, verifier: fakeVerifier, config: testConfig }));
    await db.command({ profile: 2 });
    try {
      expect((await store.items.getBySku('SKU-7'))?._id).toBe(held._id);
      const res = await request(app).get('/api/inventory?sku=SKU-7');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([expect.objectContaining({ _id: held._id, sku: 'SKU-7' })]);
      await store.items.create(phone({ name: 'New', sku: 'NEW-1' }), ada);
      await store.items.createMany([phone({ name: 'A', sku: 'A-1' }), phone({ name: 'B', sku: 'B-1' })], ada);
      await expect(store.items.create(phone({ name: 'Twice', sku: 'SKU-7' }), bob)).rejects.toBeInstanceOf(
        SkuTakenError,
      );
      expect(await store.items.update(plain._id, phone({ name: 'Plain', sku: 'PLAIN-1' }), ada)).toMatchObject({
        ok: true,
      });
      const imported = await store.items.importRows(ImportRows.of([{ row: 2, fields: { sku: 'SKU-8', price: 5 } }]), {
        by: ada,
        apply: true,
      });
      expect(imported.ok).toBe(true);
    } finally {
      await db.command({ profile: 0 });
    }
    const profiled = await db
      .collection('system.profile')
      .find({
        ns: `${dbName}.items`,
        planSummary: { $exists: true },
        $or: [{ 'command.filter.sku': { $exists: true } }, { 'command.query.sku': { $exists: true } }],
      })
      .toArray();
    const plans = profiled.map((entry) => String(entry.planSummary));
    // getBySku and the route's lookup at least (outside a transaction); the checks inside one as the server profiles them.
    expect(plans.filter((plan) => /IXSCAN \{ sku: 1 \}/.test(plan)).length).toBeGreaterThanOrEqual(2);
    expect(plans.filter((plan) => plan.includes('COLLSCAN'))).toEqual([]);
  });
});

describe('MongoDB: the stats’ day totals past 2^31 − 1 units', () => {
  let client: MongoClient;
  let store: Store;
  let dbName: string;

  beforeEach(async () => {
    dbName = testDbName();
    client = await MongoClient.connect(testMongoUri());
    store = await openMongoStore(testMongoUri(), dbName, quiet);
  });

  afterEach(async () => {
    await store.close();
    await client.close();
    await dropTestDb(testMongoUri(), dbName);
  });

  /**
   * What it sets up, and why. Since the day totals were sharded (commit af5f5de, mongo-counts.ts), a write no
   * longer $inc's the day's one document (`YYYY-MM-DD`): each adds its units to ONE counter document of its UTC
   * day, `YYYY-MM-DD/<shard>`, the shard picked at random among COUNTER_SHARDS, and the stats sum every
   * document of the day (mongo-stats.ts). A day document near the limit is then never what a write adds to.
   * So every shard of today starts just below 2^31 − 1 as a 32-bit int (the type whose limit that is: an $inc
   * of ints past it makes a long), in each bucket the writes move (received: `in`; removed and delivered:
   * `out`), and so does the item's units delivered today (its itemOutDays document: the top movers): whichever
   * shard a write picks, it takes that total past 2^31 − 1. One write per bucket (a restock, a removal, a
   * delivery, each of more than the 647 units left) then shows: each is stored (the validator refuses none),
   * exactly one shard per bucket moved, by exactly the write's units, and is now a double (the ledger adds
   * doubles, mongo-counts.ts: exact to 2^53), the other shards untouched; and store.stats.read() and
   * GET /api/stats answer the exact sums (COUNTER_SHARDS × NEAR_INT32_MAX and more, past 2^32).
   */
  it('a stock write that takes a day’s totals (in, out, an item’s out) past 2^31 − 1, in whichever shard it picks, is stored, and store.stats.read() and GET /api/stats answer them exactly, as numbers', async () => {
    const db = client.db(dbName);
    const days = db.collection<DayDoc>('movementDays');
    const outDays = db.collection('itemOutDays');
    // Created empty: its movement moves no bucket, so today has no document before the ones written below.
    const item = await store.items.create(phone({ name: 'Bulk', quantity: 0 }), ada);
    const itemId = new ObjectId(item._id);
    const day = utcDay(new Date());
    /** Today's documents as the stats read them: the whole day's (`YYYY-MM-DD`) and every shard's. */
    const today = { _id: { $gte: day, $lte: `${day}/~` } };
    const near = new Int32(NEAR_INT32_MAX);
    await days.bulkWrite(
      Array.from({ length: COUNTER_SHARDS }, (_, shard) => ({
        updateOne: {
          filter: { _id: `${day}/${shard}` },
          update: { $set: { received: near, delivered: near, removed: near } },
          upsert: true,
        },
      })),
    );
    await outDays.updateOne({ day, itemId }, { $set: { out: near } }, { upsert: true });
    expect(await days.countDocuments(today)).toBe(COUNTER_SHARDS);
    const base = COUNTER_SHARDS * NEAR_INT32_MAX;
    // Read as set up: the shards summed (already past 2^31 − 1 as a sum, each one still below it).
    const before = await store.stats.read(new Date());
    expect(before.movementsByDay.at(-1)).toStrictEqual({
      day,
      received: base,
      delivered: base,
      removed: base,
      corrections: 0,
      opening: 0,
      deletions: 0,
      in: base,
      out: 2 * base,
    });
    expect(before.topMovers).toStrictEqual([{ itemId: item._id, name: 'Bulk', out: NEAR_INT32_MAX }]);

    /** Each bucket's write and its units: one write each, so each moves exactly one shard. */
    const moved = { received: 1_000_000, removed: 1_000, delivered: 999_000 } as const;
    expect(await store.items.changeStock(item._id, { delta: moved.received }, ada)).toMatchObject({
      ok: true,
      item: { quantity: 1_000_000 },
    });
    expect(await store.items.changeStock(item._id, { delta: -moved.removed }, ada)).toMatchObject({
      ok: true,
      item: { quantity: 999_000 },
    });
    expect(await store.deliveries.create(delivery(item._id, { quantity: moved.delivered }))).toMatchObject({
      ok: true,
      delivery: { quantity: moved.delivered },
    });
    expect((await store.items.get(item._id))?.quantity).toBe(0);

    // Stored exactly: per bucket, one shard past 2^31 − 1 (a double), the others as they were (32-bit ints).
    expect(await days.countDocuments(today)).toBe(COUNTER_SHARDS);
    for (const [bucket, units] of Object.entries(moved)) {
      const spread = await days
        .aggregate<{ _id: { value: number; type: string }; shards: number }>([
          { $match: { _id: { $gte: `${day}/`, $lte: `${day}/~` } } },
          { $group: { _id: { value: `$${bucket}`, type: { $type: `$${bucket}` } }, shards: { $sum: 1 } } },
          { $sort: { '_id.value': 1 } },
        ])
        .toArray();
      // Tagged with the bucket, so a failure says which.
      expect([bucket, spread]).toEqual([
        bucket,
        [
          { _id: { value: NEAR_INT32_MAX, type: 'int' }, shards: COUNTER_SHARDS - 1 },
          { _id: { value: NEAR_INT32_MAX + units, type: 'double' }, shards: 1 },
        ],
      ]);
    }
    const itemDays = await outDays
      .aggregate<{ day: string; out: number; type: string }>([
        { $match: { itemId } },
        { $project: { _id: 0, day: 1, out: 1, type: { $type: '$out' } } },
      ])
      .toArray();
    expect(itemDays).toEqual([{ day, out: NEAR_INT32_MAX + moved.delivered, type: 'double' }]);

    // Answered exactly, as numbers: the sums of every shard, past 2^31 − 1 (and 2^32).
    const totals = {
      day,
      received: base + moved.received,
      delivered: base + moved.delivered,
      removed: base + moved.removed,
      corrections: 0,
      opening: 0,
      deletions: 0,
      in: base + moved.received,
      out: 2 * base + moved.delivered + moved.removed,
    };
    const movers = [{ itemId: item._id, name: 'Bulk', out: NEAR_INT32_MAX + moved.delivered }];
    const stats = await store.stats.read(new Date());
    expect(stats.movementsByDay.at(-1)).toStrictEqual(totals);
    expect(stats.topMovers).toStrictEqual(movers);
    const owner = 'owner@example.com';
    const t = await makeTestApp({ ownerEmails: [owner] }, store);
    const res = await request(t.app)
      .get('/api/stats')
      .set('Authorization', `Bearer ${await t.tokenFor(owner)}`);
    expect(res.status).toBe(200);
    const body = res.body as Stats;
    expect(body.movementsByDay.at(-1)).toStrictEqual(totals);
    expect(body.topMovers).toStrictEqual(movers);
  });

  it('a day total an $inc of ints took past 2^31 − 1 (a long, as an instance from before wrote it) is accepted, read as a number, and added to', async () => {
    const db = client.db(dbName);
    const days = db.collection<DayDoc>('movementDays');
    const item = await store.items.create(phone({ name: 'Bulk', quantity: 0 }), ada);
    const day = utcDay(new Date());
    await days.updateOne({ _id: day }, { $set: { received: new Int32(NEAR_INT32_MAX) } }, { upsert: true });
    // Not refused by the validator (it took int or double only: every later write of the day failed).
    await days.updateOne({ _id: day }, { $inc: { received: new Int32(1_000_000) } });
    const [typed] = await days
      .aggregate([{ $match: { _id: day } }, { $project: { type: { $type: '$received' } } }])
      .toArray();
    expect(typed?.type).toBe('long');
    const zero = { delivered: 0, removed: 0, corrections: 0, opening: 0, deletions: 0, out: 0 };
    expect((await store.stats.read(new Date())).movementsByDay.at(-1)).toStrictEqual({
      day,
      ...zero,
      received: NEAR_INT32_MAX + 1_000_000,
      in: NEAR_INT32_MAX + 1_000_000,
    });
    expect(await store.items.changeStock(item._id, { delta: 5 }, ada)).toMatchObject({ ok: true });
    expect((await store.stats.read(new Date())).movementsByDay.at(-1)).toStrictEqual({
      day,
      ...zero,
      received: NEAR_INT32_MAX + 1_000_005,
      in: NEAR_INT32_MAX + 1_000_005,
    });
  });

  it('the stats’ first count of past movements (the migration) sums a day of more than 2^31 − 1 units', async () => {
    const db = client.db(dbName);
    const item = await store.items.create(phone({ name: 'Bulk', quantity: 0 }), ada);
    const itemId = new ObjectId(item._id);
    const at = new Date();
    const day = utcDay(at);
    // 2,200 restocks of a million and 2,200 deliveries, written before the stats were counted.
    const moves = Array.from({ length: 2_200 }, (_, i) => [
      { itemId, delta: 1_000_000, quantityAfter: 1_000_000, reason: 'restock', actor: ada, at, version: 2 + 2 * i },
      {
        itemId,
        delta: -1_000_000,
        quantityAfter: 0,
        reason: 'delivery',
        deliveryId: new ObjectId(),
        actor: ada,
        at,
        version: 3 + 2 * i,
      },
    ]).flat();
    await db.collection('movements').insertMany(moves);
    await db.collection<DayDoc>('meta').deleteOne({ _id: 'stats_day_buckets_counted' });
    await store.close();
    // Opening it again counts them (mongo-stats.ts, countPastMovements): the sums would be longs as ints.
    store = await openMongoStore(testMongoUri(), dbName, quiet);
    const stats = await store.stats.read(new Date());
    expect(stats.movementsByDay.at(-1)).toStrictEqual({
      day,
      received: 2_200_000_000,
      delivered: 2_200_000_000,
      removed: 0,
      corrections: 0,
      opening: 0,
      deletions: 0,
      in: 2_200_000_000,
      out: 2_200_000_000,
    });
    expect(stats.topMovers).toStrictEqual([{ itemId: item._id, name: 'Bulk', out: 2_200_000_000 }]);
  });
});

describe('MongoDB: past edits of the quantity (issue 32)', () => {
  let client: MongoClient;
  let store: Store;
  let dbName: string;

  beforeEach(async () => {
    dbName = testDbName();
    client = await MongoClient.connect(testMongoUri());
    store = await openMongoStore(testMongoUri(), dbName, quiet);
  });

  afterEach(async () => {
    await store.close();
    await client.close();
    await dropTestDb(testMongoUri(), dbName);
  });

  /**
   * Issue 32 (mongo-edits.ts, as SQLite's migration 13): a store of the version before recorded a PUT's change
   * of the quantity as `adjust`. At the next start the ones a sure sign shows (their `item.update` audit entry,
   * or a delta above 0) become `edit` and the days are counted again; a removal stays, and so does a lowering
   * whose audit entry is missing (from before the audit: it cannot be told from a removal).
   */
  it('makes past PUT-made `adjust` movements `edit` at the next start, and counts the days again', async () => {
    const db = client.db(dbName);
    const movements = db.collection('movements');
    const item = await store.items.create(phone({ name: 'Edited', quantity: 10 }), ada);
    const lastMovement = async () => (await movements.find({}).sort({ _id: -1 }).limit(1).next())!._id;
    expect(await store.items.update(item._id, phone({ name: 'Edited', quantity: 7 }), ada)).toMatchObject({ ok: true });
    const lowered = await lastMovement();
    expect(await store.items.update(item._id, phone({ name: 'Edited', quantity: 12 }), ada)).toMatchObject({
      ok: true,
    });
    const raised = await lastMovement();
    expect(await store.items.update(item._id, phone({ name: 'Edited', quantity: 11 }), ada)).toMatchObject({
      ok: true,
    });
    const unlinked = await lastMovement();
    expect(await store.items.changeStock(item._id, { delta: -2 }, ada)).toMatchObject({ ok: true });
    const removal = await lastMovement();
    // As the version before wrote them; the last edit's audit entry gone (as if from before the audit).
    await movements.updateMany({ _id: { $in: [lowered, raised, unlinked] } }, { $set: { reason: 'adjust' } });
    await db.collection('audit').deleteOne({ movementId: unlinked });
    await db.collection<DayDoc>('meta').deleteOne({ _id: 'movements_edit_reason' });
    await store.close();
    store = await openMongoStore(testMongoUri(), dbName, quiet);

    const reasons = Object.fromEntries(
      (await movements.find({ itemId: new ObjectId(item._id), reason: { $ne: 'created' } }).toArray()).map((doc) => [
        doc._id.toHexString(),
        doc.reason,
      ]),
    );
    expect(reasons).toEqual({
      [lowered.toHexString()]: 'edit',
      [raised.toHexString()]: 'edit',
      [unlinked.toHexString()]: 'adjust',
      [removal.toHexString()]: 'adjust',
    });
    expect((await store.stats.read(new Date())).movementsByDay.at(-1)).toMatchObject({
      opening: 10,
      corrections: -3 + 5,
      removed: 1 + 2,
      out: 3,
    });
  });
});

describe(`MongoDB under fail points (a replica set of its own, started with ${TEST_COMMANDS.join(' ')})`, () => {
  let replSet: MongoMemoryReplSet;
  let client: MongoClient;
  let admin: Db;
  let store: Store;
  let dbName: string;

  beforeAll(async () => {
    replSet = await MongoMemoryReplSet.create({
      binary: { systemBinary: await mongodBinary() },
      replSet: { count: 1, storageEngine: 'wiredTiger', args: TEST_COMMANDS },
    });
    await replSet.waitUntilRunning();
    client = await MongoClient.connect(replSet.getUri());
    admin = client.db('admin');
    await checkFailPoints(admin);
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await replSet?.stop();
  });

  beforeEach(async () => {
    dbName = testDbName();
    store = await openMongoStore(replSet.getUri(), dbName, quiet);
  });

  afterEach(async () => {
    await failPointsOff(admin);
    await store.close();
    // A commit the fail point refused leaves its transaction open on the server, holding what it wrote
    // (until transactionLifetimeLimitSeconds): aborted here, or the drop would wait for it.
    await admin.command({ killAllSessions: [] });
    await client.db(dbName).dropDatabase();
  });

  it('a commit answered MaxTimeMSExpired (what maxCommitTimeMS made of a commit slow to reach a majority) rejects with WriteOutcomeUnknownError, not a generic error', async () => {
    const item = await store.items.create(phone({ quantity: 10 }), ada);
    await failCommand(admin, { times: 1 }, { failCommands: ['commitTransaction'], errorCode: 50 });
    const refused = await store.items.changeStock(item._id, { delta: 1 }, ada).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WriteOutcomeUnknownError);
    expect((refused as Error).message).toMatch(/may have been saved/);
    expect((refused as Error).cause).toMatchObject({ code: 50 });
  });

  it('the API answers a write whose commit outcome is unknown 503 with Retry-After, code internal, saying it may have been saved', async () => {
    const item = await store.items.create(phone({ quantity: 10 }), ada);
    const owner = 'owner@example.com';
    const app = recordAnswers(
      createApp({ store, verifier: fakeVerifier, config: { ...testConfig, ownerEmails: [owner] } }),
    );
    const login = await request(app).post('/api/login').set('Authorization', `Bearer id:${owner}:verified:password`);
    expect(login.status).toBe(200);
    await failCommand(admin, { times: 1 }, { failCommands: ['commitTransaction'], errorCode: 50 });
    const res = await request(app)
      .post(`/api/inventory/${item._id}/stock`)
      .set('Authorization', `Bearer ${(login.body as { accessToken: string }).accessToken}`)
      .send({ delta: 1 });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    const { error } = res.body as { error: { code: string; message: string } };
    expect(error.code).toBe('internal');
    expect(error.message).toMatch(/may have been saved/);
  });

  it('a commit answered once with UnknownTransactionCommitResult is tried again by the driver: the write commits, once', async () => {
    const item = await store.items.create(phone({ quantity: 10 }), ada);
    await failCommand(
      admin,
      { times: 1 },
      { failCommands: ['commitTransaction'], errorCode: 8, errorLabels: ['UnknownTransactionCommitResult'] },
    );
    expect(await store.items.changeStock(item._id, { delta: 1 }, ada)).toMatchObject({
      ok: true,
      item: { quantity: 11 },
    });
    const { movements } = await store.items.history(item._id, { limit: 10, skip: 0 });
    expect(movements.map((movement) => movement.reason)).toEqual(['restock', 'created']);
  });

  it('an operation of the transaction answered MaxTimeMSExpired rejects with StoreBusyError (a 429), nothing written', async () => {
    const item = await store.items.create(phone({ quantity: 10 }), ada);
    await failCommand(admin, { times: 1 }, { failCommands: ['findAndModify'], errorCode: 50 });
    await expect(store.items.changeStock(item._id, { delta: 1 }, ada)).rejects.toBeInstanceOf(StoreBusyError);
    expect((await store.items.get(item._id))?.quantity).toBe(10);
  });

  it('write conflicts past the retry budget (TransientTransactionError on every try) reject with StoreBusyError, nothing written', async () => {
    const item = await store.items.create(phone({ quantity: 10 }), ada);
    await failCommand(admin, 'alwaysOn', {
      failCommands: ['findAndModify'],
      errorCode: 112,
      errorLabels: ['TransientTransactionError'],
    });
    await expect(store.items.changeStock(item._id, { delta: 1 }, ada)).rejects.toBeInstanceOf(StoreBusyError);
    await failPointsOff(admin);
    expect((await store.items.get(item._id))?.quantity).toBe(10);
  });

  it('a change-feed error other than 286 (one the driver does not resume) reopens after 0.5–1 s, 1–2 s, 2–4 s (capped exponential backoff with jitter), not every second forever; a change heard resets it', async () => {
    const warnings: string[] = [];
    const watched = await openMongoStore(replSet.getUri(), dbName, { log: noop, warn: (line) => warnings.push(line) });
    const heard: string[] = [];
    const stop = watched.changes.subscribe((change) => heard.push(change.itemId));
    const delays = () => warnings.flatMap((line) => /resuming in (\d+) ms/.exec(line)?.[1] ?? []).map(Number);
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 20_000;
      while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(done()).toBe(true);
    };
    try {
      // BadValue carries no ResumableChangeStreamError label: the driver ends the stream, the feed reopens it.
      await failCommand(admin, { times: 3 }, { failCommands: ['getMore'], errorCode: 2 });
      await until(() => delays().length === 3);
      const [first, second, third] = delays();
      expect(first).toBeGreaterThanOrEqual(500);
      expect(first).toBeLessThanOrEqual(1000);
      expect(second).toBeGreaterThanOrEqual(1000);
      expect(second).toBeLessThanOrEqual(2000);
      expect(third).toBeGreaterThanOrEqual(2000);
      expect(third).toBeLessThanOrEqual(4000);
      const item = await watched.items.create(phone({ name: 'Heard' }), ada);
      await until(() => heard.includes(item._id));
      // Heard a change: the next failure is a first one again.
      await failCommand(admin, { times: 1 }, { failCommands: ['getMore'], errorCode: 2 });
      await until(() => delays().length === 4);
      expect(delays()[3]).toBeLessThanOrEqual(1000);
    } finally {
      stop();
      await failPointsOff(admin);
      await watched.close();
    }
  });

  it('createMany with a SKU another write takes while its insert waits: SkuTakenError naming the holder (transactions)', async () => {
    const { error, holder } = await createManyRacingHolder(store, admin, client.db(dbName));
    expect(error).toBeInstanceOf(SkuTakenError);
    expect(error).toMatchObject({ sku: 'RACE-1', holder: { id: holder.toHexString(), name: 'Holder' } });
    expect(await store.items.count()).toBe(2);
  });
});

describe(`MongoDB: a duplicate SKU reported by a bulk write (a standalone server of its own, started with ${TEST_COMMANDS.join(' ')}: no transaction to retry)`, () => {
  let server: MongoMemoryServer;
  let client: MongoClient;
  let admin: Db;
  let store: Store;
  const dbName = 'bulk';

  beforeAll(async () => {
    server = await MongoMemoryServer.create({
      binary: { systemBinary: await mongodBinary() },
      instance: { args: TEST_COMMANDS },
    });
    client = await MongoClient.connect(server.getUri());
    admin = client.db('admin');
    await checkFailPoints(admin);
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    store = await openMongoStore(server.getUri(), dbName, { ...quiet, allowStandalone: true });
  });

  afterEach(async () => {
    await failPointsOff(admin);
    await store.close();
    await client.db(dbName).dropDatabase();
  });

  it('createMany: a SKU another write took between its check and its insert (insertMany’s MongoBulkWriteError) is SkuTakenError naming the holder', async () => {
    const { error, holder } = await createManyRacingHolder(store, admin, client.db(dbName));
    expect(error).toBeInstanceOf(SkuTakenError);
    expect(error).toMatchObject({ sku: 'RACE-1', holder: { id: holder.toHexString(), name: 'Holder' } });
  });

  it('an import giving an item a SKU another write took meanwhile (bulkWrite’s update) is SkuTakenError naming the holder', async () => {
    const item = await store.items.create(phone({ name: 'Imported' }), ada);
    const count = await failCommand(
      admin,
      { times: 1 },
      { failCommands: ['update'], blockConnection: true, blockTimeMS: 1500 },
    );
    const refused = store.items
      .importRows(ImportRows.of([{ row: 2, id: item._id, fields: { sku: 'RACE-2' } }]), { by: bob, apply: true })
      .catch((error: unknown) => error);
    await enteredFailPoint(admin, count);
    const holder = await insertHolder(client.db(dbName), item._id, 'RACE-2');
    const error = await refused;
    expect(error).toBeInstanceOf(SkuTakenError);
    expect(error).toMatchObject({ sku: 'RACE-2', holder: { id: holder.toHexString(), name: 'Holder' } });
    expect((await store.items.get(item._id))?.sku).toBeUndefined();
  });
});
