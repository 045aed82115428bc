import { MongoClient, ObjectId, type Document } from 'mongodb';
import { ImportRows } from '../src/store/import-rows';
import { planImport } from '../src/store/import-plan';
import { IMPORT_CHUNK_ROWS } from '../src/store/import-chunks';
import { importJobDocs } from '../src/store/mongo/mongo-import';
import { openMongoStore } from '../src/store/mongo/mongo-store';
import type { ImportRow, Store, StoreChange } from '../src/store/store';
import { ada, delivery, phone } from './helpers/store-fixtures';
import { dropTestDb, testDbName, testMongoUri } from './helpers/test-store';

/**
 * The MongoDB adapter at scale, where MongoDB itself decides: an import applied by a job in chunks (one
 * transaction each), undone when a chunk fails and resumed when its process died; exports read a query
 * per batch, each with its own time limit. The mongo jest project only (jest.config.js).
 */
const quiet = { log: () => {}, warn: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What stream() and ledger() read a query at a time (item-queries.ts STREAM_BATCH). */
const STREAM_BATCH = 250;

/** `count` rows creating items named `<prefix> <n>`, numbered from spreadsheet row 2. */
const creates = (count: number, prefix: string, from = 2): ImportRow[] =>
  Array.from({ length: count }, (_, i) => ({
    row: from + i,
    fields: { name: `${prefix} ${i}`, supplier: 'Acme', price: 2, quantity: 3, description: '', img: '' },
  }));

let client: MongoClient;
beforeAll(async () => {
  client = await MongoClient.connect(testMongoUri());
});
afterAll(() => client.close());

describe('MongoDB: an import applied by a job in chunks', () => {
  let store: Store;
  let dbName: string;

  beforeEach(async () => {
    dbName = testDbName();
    store = await openMongoStore(testMongoUri(), dbName, quiet);
  });

  afterEach(async () => {
    await store.close();
    await dropTestDb(testMongoUri(), dbName);
  });

  it(`applies ${IMPORT_CHUNK_ROWS * 2 + 200} rows in 3 chunks, each its own transaction, and lets the plan go when done`, async () => {
    const db = client.db(dbName);
    const rows = creates(IMPORT_CHUNK_ROWS * 2 + 200, 'Bulk');
    const outcome = await store.items.importRows(ImportRows.of(rows), { by: ada, apply: true });
    expect(outcome).toMatchObject({ ok: true, report: { create: rows.length } });
    expect(await store.items.count()).toBe(rows.length);
    const jobs = await db.collection('importJobs').find().toArray();
    expect(jobs).toEqual([expect.objectContaining({ state: 'done', chunks: 3, applied: 3, rows: rows.length })]);
    expect(await db.collection('importChunks').countDocuments()).toBe(0);
    // Three transactions wrote the items: the oplog has a transaction's entry per chunk, none of them all rows.
    const oplog = client.db('local').collection('oplog.rs');
    const txns = await oplog
      .find({ 'o.applyOps.ns': `${dbName}.items`, 'o.applyOps.op': 'i' }, { projection: { 'o.applyOps.ns': 1 } })
      .toArray();
    const perTxn = txns.map(
      (entry) =>
        (entry.o as { applyOps: { ns: string }[] }).applyOps.filter((op) => op.ns === `${dbName}.items`).length,
    );
    expect(perTxn.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...perTxn)).toBeLessThanOrEqual(IMPORT_CHUNK_ROWS);
  });

  it('a chunk that fails undoes the chunks applied before it: nothing of the import stays, and the ledger still sums', async () => {
    const db = client.db(dbName);
    const kept = await store.items.create(phone({ name: 'Kept', quantity: 10, price: 5 }), ada);
    const rows: ImportRow[] = [
      { row: 2, id: kept._id, fields: { name: 'Renamed', quantity: 50 } },
      ...creates(IMPORT_CHUNK_ROWS * 2 - 1, 'Undone', 3),
      // The third chunk's row: the validator refuses a negative price (the route would have; the store holds too).
      { row: IMPORT_CHUNK_ROWS * 2 + 2, fields: { ...creates(1, 'Bad')[0]!.fields, price: -1 } },
    ];
    await expect(store.items.importRows(ImportRows.of(rows), { by: ada, apply: true })).rejects.toThrow();

    expect(await store.items.count()).toBe(1);
    const after = await store.items.get(kept._id);
    expect(after).toMatchObject({ name: 'Kept', quantity: 10, price: 5 });
    const { movements } = await store.items.history(kept._id, { limit: 10, skip: 0 });
    // Created, imported (+40), taken back (−40): the quantity is still the sum of its movements.
    expect(movements.map((movement) => [movement.reason, movement.delta])).toEqual([
      ['import', -40],
      ['import', 40],
      ['created', 10],
    ]);
    expect(movements.reduce((sum, movement) => sum + movement.delta, 0)).toBe(10);
    const job = await db.collection('importJobs').findOne();
    expect(job).toMatchObject({ state: 'undone', chunks: 3, applied: 2 });
    expect(await db.collection('importChunks').countDocuments()).toBe(0);
    // Every created item was deleted again, with its `deleted` movement: none left without one.
    const created = await db.collection('movements').countDocuments({ reason: 'created' });
    const deleted = await db.collection('movements').countDocuments({ reason: 'deleted' });
    expect([created, deleted]).toEqual([1 + IMPORT_CHUNK_ROWS * 2 - 1, IMPORT_CHUNK_ROWS * 2 - 1]);
  });

  it('a job whose process died (its heartbeat stale) is taken over by an instance and finished', async () => {
    const db = client.db(dbName);
    const rows = creates(7, 'Resumed');
    const plan = planImport(rows, {
      byId: () => undefined,
      bySku: () => undefined,
      byName: () => [],
      locationOf: () => undefined,
    });
    const { job, chunks } = importJobDocs(plan.planned, {
      by: ada,
      rows: rows.length,
      owner: 'a-stopped-instance',
      chunkRows: 2,
      now: new Date(Date.now() - 10 * 60_000),
    });
    await db.collection('importChunks').insertMany(chunks);
    await db.collection('importJobs').insertOne(job);
    await store.close();
    // A new instance looks for stopped jobs at open.
    store = await openMongoStore(testMongoUri(), dbName, quiet);
    const deadline = Date.now() + 30_000;
    let state: unknown;
    while (Date.now() < deadline) {
      state = (await db.collection('importJobs').findOne({ _id: job._id }))?.state;
      if (state === 'done') break;
      await sleep(100);
    }
    expect(state).toBe('done');
    const names = (await store.items.list()).map((item) => item.name);
    expect(names).toEqual(rows.map((row) => row.fields.name));
    expect(await db.collection('importJobs').findOne({ _id: job._id })).toMatchObject({ applied: 4, chunks: 4 });
  });
});

describe('MongoDB: exports read a query per batch, each with its own time limit', () => {
  let store: Store;
  let dbName: string;

  beforeEach(async () => {
    dbName = testDbName();
    store = await openMongoStore(testMongoUri(), dbName, quiet);
  });

  afterEach(async () => {
    await store.close();
    await dropTestDb(testMongoUri(), dbName);
  });

  async function collect<T>(batches: AsyncIterable<T[]>): Promise<T[][]> {
    const all: T[][] = [];
    for await (const batch of batches) all.push(batch);
    return all;
  }

  it('stream() and ledger() answer every document once, in the list’s order (ties, and items from before `seq`), a find with limit and maxTimeMS per batch, no getMore', async () => {
    const db = client.db(dbName);
    // Names repeat (ties the keyset must break by seq, then _id), and a few items have no seq (from before it).
    await store.items.createMany(
      Array.from({ length: STREAM_BATCH * 2 + 17 }, (_, i) => phone({ name: `Phone ${i % 7}`, quantity: i % 5 })),
      ada,
    );
    const template = await db.collection('items').findOne();
    const old = Array.from({ length: 5 }, (_, i) => {
      const { seq: _seq, ...rest } = template!;
      return { ...rest, _id: new ObjectId(), name: `Phone ${i}`, nameKey: `phone ${i}` };
    });
    await db.collection('items').insertMany(old);
    const sorts = [
      undefined,
      { key: 'name', descending: true },
      { key: 'name', descending: false },
      { key: 'quantity', descending: true },
      { key: 'newest', descending: false },
    ] as const;
    await db.command({ profile: 2 });
    try {
      for (const sort of sorts) {
        const options = sort ? { sort } : {};
        const listed = (await store.items.list(options)).map((item) => item._id);
        const batches = await collect(store.items.stream(options));
        expect([sort, batches.map((batch) => batch.length)]).toEqual([sort, [STREAM_BATCH, STREAM_BATCH, 22]]);
        expect([sort, batches.flat().map((item) => item._id)]).toEqual([sort, listed]);
      }
      const ledger = await collect(store.items.ledger({}));
      expect(ledger.flat()).toHaveLength(STREAM_BATCH * 2 + 17);
    } finally {
      await db.command({ profile: 0 });
    }
    const profiled = await db
      .collection('system.profile')
      .find({ ns: { $in: [`${dbName}.items`, `${dbName}.movements`] }, op: { $in: ['query', 'getmore'] } })
      .toArray();
    const ofPages = (entry: Document) =>
      ((entry.op === 'getmore' ? entry.originatingCommand : entry.command) as Document).limit === STREAM_BATCH;
    // One round trip a batch: no getMore on a batch's cursor, whose time limit is then the batch's alone.
    expect(profiled.filter((entry) => entry.op === 'getmore' && ofPages(entry))).toEqual([]);
    const pages = profiled.filter(ofPages);
    // 3 per sort, 3 for the ledger.
    expect(pages).toHaveLength(3 * sorts.length + 3);
    for (const entry of pages) {
      expect((entry.command as Document).maxTimeMS).toBe(5000);
      expect(String(entry.planSummary)).not.toContain('COLLSCAN');
    }
  });
});

describe('MongoDB: GET /api/stats from counter documents, never a scan of the items', () => {
  let store: Store;
  let dbName: string;

  beforeEach(async () => {
    dbName = testDbName();
    store = await openMongoStore(testMongoUri(), dbName, quiet);
  });

  afterEach(async () => {
    await store.close();
    await dropTestDb(testMongoUri(), dbName);
  });

  it('after every kind of write the totals equal a $group over the items; they are spread over several counter documents; a read touches no item but the top movers’ names', async () => {
    const db = client.db(dbName);
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        store.items.create(phone({ name: `Item ${i}`, price: 0.125 * i, quantity: i % 4, minStock: 2 }), ada),
      ),
    );
    const [first, second, third] = made.slice(1);
    await store.items.update(first!._id, phone({ name: 'Repriced', price: 3.335, quantity: 9, minStock: 2 }), ada);
    const moved = await store.items.changeStock(second!._id, { delta: 5 }, ada);
    if (!moved.ok) throw new Error('expected the restock');
    await store.items.undo(moved.movementId, ada);
    const delivered = await store.deliveries.create(delivery(third!._id, { quantity: 2 }));
    expect(delivered.ok).toBe(true);
    await store.items.remove(made[5]!._id, ada);
    await store.items.importRows(ImportRows.of(creates(30, 'Imported')), { by: ada, apply: true });

    const [scanned] = await db
      .collection('items')
      .aggregate<{ items: number; units: number; cents: number; low: number; out: number }>([
        {
          $group: {
            _id: null,
            items: { $sum: 1 },
            units: { $sum: '$quantity' },
            cents: { $sum: { $multiply: [{ $floor: { $add: [{ $multiply: ['$price', 100] }, 0.5] } }, '$quantity'] } },
            low: { $sum: { $cond: ['$low', 1, 0] } },
            out: { $sum: { $cond: [{ $eq: ['$quantity', 0] }, 1, 0] } },
          },
        },
      ])
      .toArray();
    await db.command({ profile: 2 });
    let stats;
    try {
      stats = await store.stats.read(new Date());
    } finally {
      await db.command({ profile: 0 });
    }
    expect({
      items: stats.items,
      units: stats.units,
      stockValue: stats.stockValue,
      low: stats.low,
      out: stats.out,
    }).toEqual({
      items: scanned!.items,
      units: scanned!.units,
      stockValue: scanned!.cents / 100,
      low: scanned!.low,
      out: scanned!.out,
    });
    // No one document every write touches: these writes went to more than one of the counter documents.
    expect(await db.collection('totals').countDocuments({ items: { $ne: 0 } })).toBeGreaterThan(1);
    const onItems = await db
      .collection('system.profile')
      .find({ ns: `${dbName}.items` })
      .toArray();
    expect(onItems.map((entry) => Object.keys(((entry.command as Document).filter ?? {}) as Document))).toEqual(
      onItems.map(() => ['_id']),
    );
  });
});

describe('MongoDB: no document every write updates; the feed ordered by the oplog', () => {
  let store: Store;
  let other: Store;
  let dbName: string;

  beforeEach(async () => {
    dbName = testDbName();
    store = await openMongoStore(testMongoUri(), dbName, quiet);
    other = await openMongoStore(testMongoUri(), dbName, quiet);
  });

  afterEach(async () => {
    await other.close();
    await store.close();
    await dropTestDb(testMongoUri(), dbName);
  });

  it('of 40 stock writes to 40 items, no document (a counter, a day total, the revision) is written by every one', async () => {
    const made = await store.items.createMany(
      Array.from({ length: 40 }, (_, i) => phone({ name: `Item ${i}` })),
      ada,
    );
    expect(made).toBe(40);
    const items = await store.items.list();
    const since = (await client.db('admin').command({ hello: 1 })) as { lastWrite: { opTime: { ts: unknown } } };
    await Promise.all(items.map((item) => store.items.changeStock(item._id, { delta: 1 }, ada)));
    const entries = await client
      .db('local')
      .collection('oplog.rs')
      .find({ ts: { $gt: since.lastWrite.opTime.ts }, 'o.applyOps.ns': { $regex: `^${dbName}\\.` } })
      .toArray();
    expect(entries).toHaveLength(40);
    const touched = new Map<string, number>();
    for (const entry of entries) {
      const docs = new Set(
        (entry.o as { applyOps: { ns: string; op: string; o: Document; o2?: Document }[] }).applyOps.map(
          (op) => `${op.ns} ${JSON.stringify((op.o2 ?? op.o)._id)}`,
        ),
      );
      for (const doc of docs) touched.set(doc, (touched.get(doc) ?? 0) + 1);
    }
    const everyWrite = [...touched].filter(([, count]) => count === entries.length).map(([doc]) => doc);
    expect(everyWrite).toEqual([]);
  });

  it('two instances announce the same ids for the same changes, in commit order, and agree on the list’s revision', async () => {
    const heard = { one: [] as StoreChange[], two: [] as StoreChange[] };
    const stops = [
      store.changes.subscribe((change) => heard.one.push(change)),
      other.changes.subscribe((change) => heard.two.push(change)),
    ];
    try {
      const before = await store.items.revision();
      const x = await store.items.create(phone({ name: 'X' }), ada);
      const y = await other.items.create(phone({ name: 'Y' }), ada);
      await store.items.changeStock(x._id, { delta: 2 }, ada);
      await other.items.createMany([phone({ name: 'Z1' }), phone({ name: 'Z2' })], ada);
      const deadline = Date.now() + 10_000;
      while ((heard.one.length < 5 || heard.two.length < 5) && Date.now() < deadline) await sleep(20);
      expect(heard.one.map((change) => change.id)).toEqual(heard.two.map((change) => change.id));
      expect(heard.one.map((change) => change.itemId).slice(0, 3)).toEqual([x._id, y._id, x._id]);
      const ids = heard.one.map((change) => BigInt(change.id));
      for (let at = 1; at < ids.length; at += 1) expect(ids[at]! > ids[at - 1]!).toBe(true);
      // A cluster time with a place in its transaction: past 2^53, as live-events.ts reads it (a bigint).
      expect(ids[0]! > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
      const after = await store.items.revision();
      expect(after).not.toBe(before);
      expect(await other.items.revision()).toBe(after);
    } finally {
      for (const stop of stops) stop();
    }
  });
});
