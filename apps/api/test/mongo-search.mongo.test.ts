import { MongoClient, type Document } from 'mongodb';
import type { ItemDoc } from '../src/store/mongo/documents';
import { openMongoStore } from '../src/store/mongo/mongo-store';
import { searchFilter } from '../src/store/mongo/search-grams';
import type { Store } from '../src/store/store';
import { planStages } from './helpers/explain-plans';
import { ada, phone } from './helpers/store-fixtures';
import { dropTestDb, testDbName, testMongoUri } from './helpers/test-store';

/**
 * MongoDB's list search (mongo/search-grams.ts): answered from the `grams` index, reading the items that
 * hold the text's grams, never every item's key or document; the same matches as a substring of the
 * folded name or supplier. The mongo jest project only (jest.config.js).
 */
const quiet = { log: () => {}, warn: () => {} };
const FILLER = 300;

describe('MongoDB: a list search reads the grams index, not every item', () => {
  let client: MongoClient;
  let store: Store;
  let dbName: string;

  beforeEach(async () => {
    dbName = testDbName();
    client = await MongoClient.connect(testMongoUri());
    store = await openMongoStore(testMongoUri(), dbName, quiet);
    await store.items.createMany(
      [
        ...Array.from({ length: FILLER }, (_, i) => phone({ name: `Phone ${i}`, supplier: 'Acme' })),
        phone({ name: 'Zebra cable', supplier: 'Northwind' }),
        phone({ name: 'Crème brûlée torch', supplier: 'Élan (Paris)' }),
        phone({ name: 'Regex .* [test]', supplier: 'Acme' }),
      ],
      ada,
    );
  });

  afterEach(async () => {
    await store.close();
    await client.close();
    await dropTestDb(testMongoUri(), dbName);
  });

  it('finds what a substring of the folded name or supplier finds: short and long text, accents, case, pattern characters', async () => {
    const all = await store.items.list({ limit: FILLER + 10 });
    const cases = [
      'z',
      'ZE',
      'zeb',
      'ebra ca',
      'é',
      'ÉLAN',
      'rûl',
      '(paris)',
      '.*',
      '[test]',
      'e 29',
      'north',
      'nomatch',
    ];
    for (const q of cases) {
      const folded = q.toLocaleLowerCase();
      const expected = all
        .filter(
          (item) =>
            item.name.toLocaleLowerCase().includes(folded) || item.supplier.toLocaleLowerCase().includes(folded),
        )
        .map((item) => item._id)
        .sort();
      const items = await store.items.list({ q, limit: FILLER + 10 });
      expect([q, items.map((item) => item._id).sort(), await store.items.count({ q })]).toEqual([
        q,
        expected,
        expected.length,
      ]);
    }
  });

  it('explain(): searches of 1, 3 and 7 characters scan grams_1 and examine only the items holding the grams', async () => {
    const items = client.db(dbName).collection<ItemDoc>('items');
    // The filter list() sends for a search (item-queries.ts).
    for (const [q, matches] of [
      ['z', 1],
      ['zeb', 1],
      ['ra cabl', 1],
    ] as const) {
      const explained = await items.find(searchFilter(q)).explain('executionStats');
      const stages = planStages((explained.queryPlanner as Document).winningPlan as Document).map((stage) =>
        `${String(stage.stage)} ${String(stage.indexName ?? '')}`.trim(),
      );
      const stats = explained.executionStats as Document;
      expect([q, stages.filter((stage) => /SCAN/.test(stage))]).toEqual([
        q,
        expect.arrayContaining([expect.stringMatching(/^IXSCAN grams_1$/)]),
      ]);
      expect([q, stages.some((stage) => stage.startsWith('COLLSCAN'))]).toEqual([q, false]);
      expect([q, Number(stats.nReturned)]).toEqual([q, matches]);
      // A handful of keys and documents, not the 303 items.
      expect([q, Number(stats.totalDocsExamined) <= 3, Number(stats.totalKeysExamined) <= 10]).toEqual([q, true, true]);
    }
  });

  it('an item without grams (written by an instance from before them) is still found, and the next start gives it its grams', async () => {
    const items = client.db(dbName).collection('items');
    const zebra = await items.findOne({ name: 'Zebra cable' });
    await items.updateOne({ _id: zebra!._id }, { $unset: { grams: '' } });
    expect((await store.items.list({ q: 'zebra', limit: 5 })).map((item) => item.name)).toEqual(['Zebra cable']);
    expect((await store.items.list({ q: 'ze', limit: 5 })).map((item) => item.name)).toEqual(['Zebra cable']);
    await store.close();
    store = await openMongoStore(testMongoUri(), dbName, quiet);
    const migrated = await items.findOne({ _id: zebra!._id });
    expect(migrated?.grams).toEqual(expect.arrayContaining(['z', 'ze', 'zeb', 'nor', 'ind']));
    expect(await items.countDocuments({ grams: { $exists: false } })).toBe(0);
  });

  it('a rename moves the item from its old grams to its new ones', async () => {
    const [zebra] = await store.items.list({ q: 'zebra', limit: 5 });
    if (!zebra) throw new Error('expected the zebra cable');
    await store.items.update(zebra._id, { ...phone({ name: 'Yak cable', supplier: 'Northwind' }) }, ada);
    expect(await store.items.count({ q: 'zeb' })).toBe(0);
    expect((await store.items.list({ q: 'yak', limit: 5 })).map((item) => item.name)).toEqual(['Yak cable']);
  });
});
