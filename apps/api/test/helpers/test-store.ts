import crypto from 'node:crypto';
import { MongoClient } from 'mongodb';
import { openMongoStore } from '../../src/store/mongo/mongo-store';
import { openStore } from '../../src/store/open-store';
import type { Store } from '../../src/store/store';

/**
 * The store a test file runs on: its jest project's (jest.config.js). `sqlite`
 * is a private in-memory SQLite; `mongo` is a fresh database on the run's
 * replica set, dropped when the store is closed.
 */
export type TestStoreKind = 'sqlite' | 'mongo';

export const TEST_STORE: TestStoreKind =
  (globalThis as { SMART_ZONE_TEST_STORE?: string }).SMART_ZONE_TEST_STORE === 'mongo' ? 'mongo' : 'sqlite';

/** The run's MongoDB (set by the mongo project's global setup). */
export function testMongoUri(): string {
  const uri = process.env.SMART_ZONE_TEST_MONGODB_URI;
  if (!uri) throw new Error('No MongoDB for this run: the mongo project global setup did not start one');
  return uri;
}

/** A database name of this run, this worker, unique: the global teardown drops the run's leftovers. */
export function testDbName(): string {
  const run = process.env.SMART_ZONE_TEST_RUN ?? 'local';
  return `smartzone_test_${run}_${process.env.JEST_WORKER_ID ?? '0'}_${crypto.randomBytes(6).toString('hex')}`;
}

export async function dropTestDb(uri: string, dbName: string): Promise<void> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  try {
    await client.db(dbName).dropDatabase();
  } finally {
    await client.close();
  }
}

export async function openTestStore(kind: TestStoreKind = TEST_STORE): Promise<Store> {
  if (kind === 'sqlite') return openStore({ mongodbDb: 'unused', dataDir: ':memory:' });
  const uri = testMongoUri();
  const dbName = testDbName();
  // Quiet: every test app would otherwise say "transactions: on" (mongo-adapter.mongo.test.ts checks it says so).
  const store = await openMongoStore(uri, dbName, { log: () => {}, warn: (message) => console.warn(message) });
  return {
    kind: store.kind,
    items: store.items,
    deliveries: store.deliveries,
    alerts: store.alerts,
    changes: store.changes,
    seedOnce: (items) => store.seedOnce(items),
    health: () => store.health(),
    async close() {
      await store.close();
      await dropTestDb(uri, dbName);
    },
  };
}
