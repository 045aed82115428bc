import { MongoClient, ObjectId, type Document } from 'mongodb';
import { locationNameKey, MAIN_LOCATION_ID } from '@smart-zone/types/location';
import { openMongoStore } from '../src/store/mongo/mongo-store';
import type { LocationDoc } from '../src/store/mongo/schema-locations';
import type { Store } from '../src/store/store';
import { planStages } from './helpers/explain-plans';
import { ada } from './helpers/store-fixtures';
import { dropTestDb, testDbName, testMongoUri } from './helpers/test-store';

/**
 * MongoDB's locations (issue 34): each query mongo-locations.ts makes is answered from an index, never by
 * reading the collection, and a list comes in its index's order (no SORT stage); the root is made once by
 * the migration, however many instances start. The mongo jest project only.
 */
const quiet = { log: () => {}, warn: () => {} };
const ROOMS = 30;

describe('MongoDB: locations from their indexes', () => {
  let client: MongoClient;
  let store: Store;
  let dbName: string;
  let roomId: string;

  beforeEach(async () => {
    dbName = testDbName();
    client = await MongoClient.connect(testMongoUri());
    store = await openMongoStore(testMongoUri(), dbName, quiet);
    for (let room = 1; room <= ROOMS; room += 1) {
      const made = await store.locations.create({ name: `Room ${room}` }, ada);
      if (!made.ok) throw new Error(made.reason);
      if (room === 7) roomId = made.location._id;
      for (const shelf of ['A', 'B', 'C']) {
        await store.locations.create({ name: `Shelf ${shelf}`, parentId: made.location._id }, ada);
      }
    }
  }, 60_000);

  afterEach(async () => {
    await store.close();
    await client.close();
    await dropTestDb(testMongoUri(), dbName);
  });

  const stagesOf = (explained: Document) =>
    planStages((explained.queryPlanner as Document).winningPlan as Document).map((stage) =>
      `${String(stage.stage)} ${String(stage.indexName ?? '')}`.trim(),
    );

  it('explain(): children, the whole list and a name check each read one index, in its order', async () => {
    const locations = client.db(dbName).collection<LocationDoc>('locations');
    const sort = { pathKey: 1, _id: 1 } as const;
    for (const [what, cursor, index, examined] of [
      [
        'a location’s children',
        locations
          .find({ parentId: new ObjectId(roomId) })
          .sort(sort)
          .limit(100),
        'parentId_1_pathKey_1__id_1',
        3,
      ],
      ['the list by path', locations.find({}).sort(sort).limit(20), 'pathKey_1__id_1', 20],
      [
        'a sibling’s name',
        locations.find({ parentId: new ObjectId(roomId), nameKey: locationNameKey('Shelf B') }).limit(1),
        'parentId_1_nameKey_1',
        1,
      ],
    ] as const) {
      const explained = await cursor.explain('executionStats');
      const stages = stagesOf(explained);
      expect([what, stages.filter((stage) => /SCAN|SORT$/.test(stage))]).toEqual([what, [`IXSCAN ${index}`]]);
      expect([what, Number((explained.executionStats as Document).totalDocsExamined)]).toEqual([what, examined]);
    }
    const children = await store.locations.list({ parentId: roomId }, { limit: 100, skip: 0 });
    expect(children.locations.map((location) => location.path)).toEqual([
      'Room 7 / Shelf A',
      'Room 7 / Shelf B',
      'Room 7 / Shelf C',
    ]);
  });

  it('a search reads the path index in order, never the collection, and finds by the words of the path', async () => {
    const locations = client.db(dbName).collection<LocationDoc>('locations');
    const explained = await locations
      .find({ words: / 7.* b/u })
      .sort({ pathKey: 1, _id: 1 })
      .limit(20)
      .explain('executionStats');
    expect(stagesOf(explained).some((stage) => stage.startsWith('COLLSCAN') || stage === 'SORT')).toBe(false);
    const found = await store.locations.list({ q: '7 b' }, { limit: 20, skip: 0 });
    expect(found.locations.map((location) => location.path)).toEqual(['Room 7 / Shelf B']);
    expect(found.total).toBe(1);
  });

  it('has one root, Main, made once however many instances open the database', async () => {
    const others = await Promise.all([1, 2, 3].map(() => openMongoStore(testMongoUri(), dbName, quiet)));
    await Promise.all(others.map((other) => other.close()));
    const roots = await client.db(dbName).collection<LocationDoc>('locations').find({ parentId: null }).toArray();
    expect(roots.map((root) => [root._id.toHexString(), root.name, root.path, root.depth])).toEqual([
      [MAIN_LOCATION_ID, 'Main', 'Main', 0],
    ]);
  });
});
