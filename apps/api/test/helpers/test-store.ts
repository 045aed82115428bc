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

/**
 * Set by the jest project's `globals`; nothing else. Missing or unknown, it
 * fails the file instead of falling back to SQLite: a mongo run that quietly
 * tested SQLite would pass vacuously.
 */
export const TEST_STORE: TestStoreKind = projectStore(
  (globalThis as { SMART_ZONE_TEST_STORE?: unknown }).SMART_ZONE_TEST_STORE,
);

function projectStore(named: unknown): TestStoreKind {
  if (named === 'sqlite' || named === 'mongo') return named;
  throw new Error(
    `This test file runs outside the sqlite and mongo jest projects (SMART_ZONE_TEST_STORE is ${String(named)})`,
  );
}

/** The store itself says which it is: a suite never runs on another kind than its project names. */
function ofKind(store: Store, kind: TestStoreKind): Store {
  if (store.kind !== kind) throw new Error(`The ${kind} project opened a ${store.kind} store`);
  return store;
}

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
  if (kind === 'sqlite') return ofKind(await openStore({ mongodbDb: 'unused', dataDir: ':memory:' }), kind);
  const uri = testMongoUri();
  const dbName = testDbName();
  // Quiet: every test app would otherwise say "transactions: on" (mongo-adapter.mongo.test.ts checks it says so).
  const store = ofKind(
    await openMongoStore(uri, dbName, { log: () => {}, warn: (message) => console.warn(message) }),
    kind,
  );
  return {
    kind: store.kind,
    items: store.items,
    deliveries: store.deliveries,
    alerts: store.alerts,
    team: store.team,
    locations: store.locations,
    counts: store.counts,
    people: store.people,
    audit: store.audit,
    stats: store.stats,
    idempotency: store.idempotency,
    changes: store.changes,
    seedOnce: (items) => store.seedOnce(items),
    health: () => store.health(),
    async close() {
      await store.close();
      await dropTestDb(uri, dbName);
    },
  };
}
