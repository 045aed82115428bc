import { MongoClient, MongoServerError, ObjectId, type Document } from 'mongodb';
import { openMongoStore } from '../src/store/mongo/mongo-store';
import { INDEXES } from '../src/store/mongo/schema-indexes';
import type { Store } from '../src/store/store';
import { ada, bob, delivery, phone, staff } from './helpers/store-fixtures';
import { dropTestDb, testDbName, testMongoUri } from './helpers/test-store';

/**
 * The MongoDB adapter's own halves of issue 20 (the team, the audit, the list
 * of all deliveries), on a real replica set (the mongo jest project only):
 * what the contract suite cannot see from outside.
 */
const noop = () => {};
const VALIDATION_FAILED = 121;
const open = (dbName: string) => openMongoStore(testMongoUri(), dbName, { log: noop, warn: noop });
const keysOf = async (db: ReturnType<MongoClient['db']>, collection: string) =>
  (await db.collection(collection).indexes()).map((index) => JSON.stringify(index.key));

let client: MongoClient;
beforeAll(async () => {
  client = await MongoClient.connect(testMongoUri());
});
afterAll(() => client.close());

describe('MongoDB adapter: the team and the audit', () => {
  let store: Store;
  let dbName: string;

  beforeEach(async () => {
    dbName = testDbName();
    store = await open(dbName);
  });

  afterEach(async () => {
    await store.close();
    await dropTestDb(testMongoUri(), dbName);
  });

  it('two owners demoting each other in concurrent transactions leave one owner, every time', async () => {
    // A second instance on the same database: its own client, its own sessions.
    const other = await open(dbName);
    try {
      await store.team.ensureOwners([ada.email, bob.email]);
      for (let round = 0; round < 10; round++) {
        const outcomes = await Promise.all([
          store.team.setRole(bob.email, 'manager', ada),
          other.team.setRole(ada.email, 'manager', bob),
        ]);
        expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
        expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: 'last_owner' }]);
        expect((await store.team.list()).filter((member) => member.role === 'owner')).toHaveLength(1);
        // Both owners again for the next round.
        await store.team.ensureOwners([ada.email, bob.email]);
      }
      // One demotion and one promotion back per round, and nothing for the refused half.
      const { entries } = await store.audit.list({ action: 'member.role' }, { limit: 100, skip: 0 });
      expect(entries).toHaveLength(20);
    } finally {
      await other.close();
    }
  });

  it('two owners removing each other in concurrent transactions leave one owner', async () => {
    const other = await open(dbName);
    try {
      await store.team.ensureOwners([ada.email, bob.email]);
      const outcomes = await Promise.all([store.team.remove(bob.email, ada), other.team.remove(ada.email, bob)]);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect((await store.team.list()).map((member) => member.role)).toEqual(['owner']);
      expect((await store.audit.list({ action: 'member.remove' }, { limit: 10, skip: 0 })).total).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('writes each audit entry in the transaction of its change', async () => {
    const item = await store.items.create(phone(), staff);
    const stream = client.db(dbName).watch([{ $match: { operationType: { $in: ['update', 'insert'] } } }]);
    try {
      const events: Document[] = [];
      const collected = (async () => {
        for await (const event of stream) {
          events.push(event);
          if (events.some((seen) => (seen.ns as { coll?: string } | undefined)?.coll === 'audit')) return;
        }
      })();
      // The change stream is open once its first getMore is under way; give it that moment.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await store.items.changeStock(item._id, { delta: -2 }, { ...staff, reason: 'broken in transit' });
      await collected;
      const of = (collection: string) =>
        events.find((event) => (event.ns as { coll?: string } | undefined)?.coll === collection);
      const txn = (event: Document | undefined) => [String(event?.txnNumber), JSON.stringify(event?.lsid)];
      expect(of('audit')?.txnNumber).toBeDefined();
      expect(txn(of('audit'))).toEqual(txn(of('items')));
      const movement = of('movements')?.fullDocument as { _id: ObjectId } | undefined;
      expect(of('audit')?.fullDocument).toMatchObject({
        action: 'stock.remove',
        reason: 'broken in transit',
        movementId: movement?._id,
        target: { kind: 'item', itemId: new ObjectId(item._id) },
      });
    } finally {
      await stream.close();
    }
  });

  it('refuses an audit entry or a member SQLite would refuse, at the database itself', async () => {
    const db = client.db(dbName);
    const refused = (write: Promise<unknown>) =>
      write.then(
        () => 'written',
        (error: unknown) => (error instanceof MongoServerError ? Number(error.code) : error),
      );
    const entry = {
      seq: 1,
      at: new Date(),
      actor: staff,
      action: 'item.create',
      target: { kind: 'item', id: 'x', name: 'x' },
      requestId: '',
    };
    expect(await refused(db.collection('audit').insertOne({ ...entry, action: 'item.steal' }))).toBe(VALIDATION_FAILED);
    expect(await refused(db.collection('audit').insertOne({ ...entry, changes: { price: [1] } }))).toBe(
      VALIDATION_FAILED,
    );
    expect(await refused(db.collection('audit').insertOne({ ...entry }))).toBe('written');
    // A seq is its process's clock (mongo-ledger.ts): two instances may take the same one, so it is not
    // unique (no counter document every write updates); entries tie on it by _id.
    expect(await refused(db.collection('audit').insertOne({ ...entry }))).toBe('written');
    const members = db.collection<{ _id: string; role: string; invitedBy: string; at: Date }>('members');
    const member = { _id: 'eve@example.com', role: 'owner', invitedBy: 'ada@example.com', at: new Date() };
    expect(await refused(members.insertOne({ ...member, role: 'admin' }))).toBe(VALIDATION_FAILED);
    expect(await refused(members.insertOne({ ...member }))).toBe('written');
  });

  it('answers the audit, the team and the list of all deliveries from their indexes, each read time-bound', async () => {
    const db = client.db(dbName);
    // Each filter matches a part, so the planner can tell its own index from the others.
    const item = await store.items.create(phone({ quantity: 50 }), staff);
    const other = await store.items.create(phone({ name: 'Other', quantity: 50 }), bob);
    for (let i = 0; i < 3; i++) {
      await store.deliveries.create(delivery(item._id));
      await store.deliveries.create(delivery(other._id, { owner: bob }));
    }
    await store.team.ensureOwners([ada.email]);
    await store.team.add({ email: bob.email, role: 'clerk' }, ada);
    const from = new Date(Date.now() - 60_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    await db.command({ profile: 2 });
    try {
      const page = { limit: 3, skip: 1 };
      await store.audit.list({}, page);
      await store.audit.list({ actor: staff.email }, page);
      await store.audit.list({ action: 'delivery.create' }, page);
      await store.audit.list({ itemId: item._id }, page);
      await store.audit.list({ from, to }, page);
      await store.deliveries.list({}, page);
      await store.deliveries.list({ email: ada.email }, page);
      await store.deliveries.list({ itemId: item._id }, page);
      await store.deliveries.list({ from, to }, page);
      await store.deliveries.list({ state: 'all' }, page);
      await store.deliveries.list({ email: ada.email, state: 'all' }, page);
      await store.deliveries.list({ itemId: item._id, state: 'all' }, page);
      await store.team.list();
      await store.team.get(bob.email);
    } finally {
      await db.command({ profile: 0 });
    }
    const ours = ['audit', 'deliveries', 'members'].map((name) => `${dbName}.${name}`);
    const profiled = await db
      .collection('system.profile')
      .find({ ns: { $in: ours } })
      .toArray();
    const reads = profiled.filter((entry) =>
      ['find', 'aggregate', 'count'].some((command) => (entry.command as Document)[command] !== undefined),
    );
    expect(reads.length).toBeGreaterThanOrEqual(20);
    expect(reads.filter((entry) => (entry.command as Document).maxTimeMS === undefined)).toEqual([]);
    const plans = profiled
      .filter((entry) => entry.planSummary !== undefined)
      .map((entry) => `${String(entry.ns).split('.').pop()} ${String(entry.planSummary)}`);
    expect(plans.filter((plan) => plan.includes('COLLSCAN'))).toEqual([]);
    for (const index of [
      /^audit IXSCAN \{ at: -1, seq: -1 \}/,
      /^audit IXSCAN \{ actor\.email: 1, at: -1, seq: -1 \}/,
      /^audit IXSCAN \{ action: 1, at: -1, seq: -1 \}/,
      /^audit IXSCAN \{ target\.itemId: 1, at: -1, seq: -1 \}/,
      /^deliveries IXSCAN \{ cancelledAt: 1, createdAt: -1, seq: -1, _id: -1 \}/,
      /^deliveries IXSCAN \{ email: 1, cancelledAt: 1, createdAt: -1, seq: -1, _id: -1 \}/,
      /^deliveries IXSCAN \{ inventoriesId: 1, cancelledAt: 1, createdAt: -1, seq: -1, _id: -1 \}/,
      /^deliveries IXSCAN \{ createdAt: -1, seq: -1, _id: -1 \}/,
      /^deliveries IXSCAN \{ email: 1, createdAt: -1, seq: -1, _id: -1 \}/,
      /^deliveries IXSCAN \{ inventoriesId: 1, createdAt: -1, seq: -1, _id: -1 \}/,
    ])
      expect(plans).toContainEqual(expect.stringMatching(index));
  });

  it('keeps the reason and the request out of every document but the audit entry', async () => {
    const author = { ...staff, reason: 'recount', requestId: 'req-1' };
    const item = await store.items.create(phone({ quantity: 5 }), author);
    await store.items.update(item._id, phone({ quantity: 4 }), author);
    await store.items.changeStock(item._id, { delta: 1 }, author);
    await store.deliveries.create(delivery(item._id, { owner: { ...ada, reason: 'sold', requestId: 'req-2' } }));
    const db = client.db(dbName);
    const stored = await db.collection('items').findOne({ _id: new ObjectId(item._id) });
    expect(stored).toMatchObject({ createdBy: staff, updatedBy: ada });
    const movements = await db
      .collection('movements')
      .find({ itemId: new ObjectId(item._id) })
      .toArray();
    // Exactly { uid, email }: nothing of the Author's reason or request.
    expect(new Set(movements.map((movement) => JSON.stringify(movement.actor)))).toEqual(
      new Set([staff, ada].map((actor) => JSON.stringify(actor))),
    );
    const { entries } = await store.audit.list({ itemId: item._id }, { limit: 10, skip: 0 });
    expect(entries.map((entry) => [entry.action, entry.reason, entry.requestId])).toEqual([
      ['delivery.create', 'sold', 'req-2'],
      ['stock.restock', 'recount', 'req-1'],
      ['item.update', 'recount', 'req-1'],
      ['item.create', 'recount', 'req-1'],
    ]);
  });
});

describe('MongoDB adapter opening a database from before the team and the audit', () => {
  let dbName: string;

  beforeEach(() => {
    dbName = testDbName();
  });

  afterEach(async () => {
    await dropTestDb(testMongoUri(), dbName);
  });

  it('the migration creates the audit and members collections and indexes, and the deliveries list indexes', async () => {
    const db = client.db(dbName);
    // A database of the version before: deliveries with their owner index only, no team, no audit.
    await db.collection('deliveries').createIndex({ uid: 1, seq: -1, _id: -1 });
    const before = await db.listCollections({}, { nameOnly: true }).toArray();
    expect(before.map((collection) => collection.name)).not.toContain('audit');

    const store = await open(dbName);
    try {
      // Every index schema-indexes.ts names (this test listed keys no version made: it was never run).
      const declared = (name: keyof typeof INDEXES) => INDEXES[name].map((index) => JSON.stringify(index.key));
      expect(await keysOf(db, 'audit')).toEqual(expect.arrayContaining(declared('audit')));
      // Unique while one counter document gave every write its seq; no longer (mongo-ledger.ts).
      expect(await keysOf(db, 'audit')).not.toContain('{"seq":-1}');
      expect(await keysOf(db, 'members')).toEqual(expect.arrayContaining(['{"role":1}']));
      expect(await keysOf(db, 'deliveries')).toEqual(expect.arrayContaining(declared('deliveries')));
      const validators = await db.listCollections({ name: { $in: ['audit', 'members'] } }).toArray();
      expect(
        validators.map((collection) =>
          Object.keys((collection as { options?: { validator?: Document } }).options?.validator ?? {}),
        ),
      ).toEqual([['$jsonSchema'], ['$jsonSchema']]);
    } finally {
      await store.close();
    }
    // Opening it again changes nothing and fails nothing.
    const again = await open(dbName);
    await again.close();
  });
});
