import { MongoClient, type Document } from 'mongodb';
import { CODES_INDEX, codeIn, codeIs, type ItemDoc } from '../src/store/mongo/documents';
import { openMongoStore } from '../src/store/mongo/mongo-store';
import { searchFilter } from '../src/store/mongo/search-grams';
import type { Store } from '../src/store/store';
import { planStages } from './helpers/explain-plans';
import { ada, phone } from './helpers/store-fixtures';
import { dropTestDb, testDbName, testMongoUri } from './helpers/test-store';

/**
 * MongoDB's codes (issue 33): every code query is answered from codes_unique, a partial multikey index the
 * query must imply (`$type: 'string'`: codeIs, codeIn), and a part of a SKU is searched through the grams
 * index as a part of a name is. An item from before the codes gets them at the next start. The mongo jest
 * project only.
 */
const quiet = { log: () => {}, warn: () => {} };
const FILLER = 200;

describe('MongoDB: codes from codes_unique, parts of codes from grams', () => {
  let client: MongoClient;
  let store: Store;
  let dbName: string;

  beforeEach(async () => {
    dbName = testDbName();
    client = await MongoClient.connect(testMongoUri());
    store = await openMongoStore(testMongoUri(), dbName, quiet);
    await store.items.createMany(
      [
        ...Array.from({ length: FILLER }, (_, i) =>
          phone({
            name: `Phone ${i}`,
            sku: i % 5 === 0 ? null : `SKU-${i}`,
            barcodes: i % 3 === 0 ? [] : [`EAN-${i}`],
          }),
        ),
        phone({ name: 'iPhone case', supplier: 'Spigen', sku: 'SP-IP15-BLK', barcodes: ['8809811862345'] }),
      ],
      ada,
    );
  });

  afterEach(async () => {
    await store.close();
    await client.close();
    await dropTestDb(testMongoUri(), dbName);
  });

  const scansOf = (explained: Document) =>
    planStages((explained.queryPlanner as Document).winningPlan as Document)
      .filter((stage) => /(IXSCAN|COLLSCAN)$/.test(String(stage.stage)))
      .map((stage) => `${String(stage.stage)} ${String(stage.indexName ?? '')}`.trim());

  it('explain(): ?code= (getByCode) and the holders of a write (codeIn) scan codes_unique, never the collection', async () => {
    const items = client.db(dbName).collection<ItemDoc>('items');
    for (const [what, filter] of [
      ['getByCode / ?code=', { codes: codeIs('EAN-7') }],
      ['holders of create, update, import', { codes: codeIn(['SKU-1', 'EAN-2', 'NONE']) }],
    ] as const) {
      const explained = await items.find(filter).limit(1).explain('executionStats');
      expect([what, scansOf(explained)]).toEqual([what, [`IXSCAN ${CODES_INDEX}`]]);
      expect([what, Number((explained.executionStats as Document).totalDocsExamined) <= 3]).toEqual([what, true]);
    }
    expect((await store.items.getByCode('EAN-7'))?.name).toBe('Phone 7');
    expect((await store.items.getByCode('SKU-7'))?.name).toBe('Phone 7');
    expect(await store.items.getByCode('EAN-6')).toBeNull();
  });

  it('explain(): a part of a SKU (SP-IP15) and of a barcode scan grams_1 and examine only the items holding its grams', async () => {
    const items = client.db(dbName).collection<ItemDoc>('items');
    for (const q of ['SP-IP15', 'ip', '862345']) {
      const explained = await items.find(searchFilter(q)).explain('executionStats');
      const scans = scansOf(explained);
      expect([q, scans.some((scan) => scan.startsWith('COLLSCAN'))]).toEqual([q, false]);
      expect([q, scans]).toEqual([q, expect.arrayContaining(['IXSCAN grams_1'])]);
      expect([q, Number((explained.executionStats as Document).nReturned)]).toEqual([q, 1]);
      expect([q, Number((explained.executionStats as Document).totalDocsExamined) <= 5]).toEqual([q, true]);
    }
    expect((await store.items.list({ q: 'SP-IP15', limit: 5 })).map((item) => item.name)).toEqual(['iPhone case']);
  });

  it('an item from before the codes (no codes field) gets them at the next start: found by a part of its SKU', async () => {
    const items = client.db(dbName).collection<ItemDoc>('items');
    const legacy = await items.findOne({ sku: 'SP-IP15-BLK' });
    await items.updateOne(
      { _id: legacy!._id },
      { $unset: { codes: '', barcodes: '' }, $set: { search: 'iphone case\nspigen', grams: ['ip', 'iph'] } },
    );
    await store.close();
    store = await openMongoStore(testMongoUri(), dbName, quiet);
    const migrated = await items.findOne({ _id: legacy!._id });
    expect(migrated?.codes).toEqual(['SP-IP15-BLK']);
    expect((await store.items.list({ q: 'SP-IP15', limit: 5 })).map((item) => item.name)).toEqual(['iPhone case']);
    expect((await store.items.getByCode('SP-IP15-BLK'))?._id).toBe(legacy!._id.toHexString());
  });
});
