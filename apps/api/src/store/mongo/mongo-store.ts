import { MongoClient, MongoServerError } from 'mongodb';
import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import type { Store } from '../store';
import { collectionsOf } from './documents';
import { mongoAlerts } from './mongo-alerts';
import { mongoAudit } from './mongo-audit';
import { mongoDeliveries } from './mongo-deliveries';
import { mongoFeed } from './mongo-feed';
import { mongoItems } from './mongo-items';
import { inTx, mongoLedger } from './mongo-ledger';
import { mongoStats } from './mongo-stats';
import { mongoTeam } from './mongo-team';
import { mongoLocations } from './mongo-locations';
import { mongoCountSessions } from './mongo-count-sessions';
import { countCollectionsOf } from './schema-counts';
import { mongoPeople } from './mongo-people';
import { mongoIdempotency } from './mongo-idempotency';
import { applySchema, migrate } from './schema';

const SEEDED_KEY = 'demo_seeded';
const DUPLICATE_KEY = 11000;

/** How often import jobs a stopped instance left are looked for (mongo-import.ts resume()). */
const IMPORT_RESUME_EVERY_MS = 60_000;

/** How long finding a server, or opening a connection to it, may take before the start (or a request) fails. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * Why the store cannot start (no server, a standalone one, no rights): an
 * operator's problem, not a bug, so it prints as its one line, without a stack.
 */
export class MongoStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MongoStartError';
    this.stack = `${this.name}: ${message}`;
  }
}

/** The URI's hosts, never its user or password. */
export function mongoHosts(uri: string): string {
  const match = /^mongodb(?:\+srv)?:\/\/(?:[^@/]*@)?([^/?]*)/.exec(uri);
  return match?.[1] || '(unparsable MONGODB_URI)';
}

/** An error's message on one line, with any credentials in a URI blanked. */
const oneLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    .replace(/(mongodb(?:\+srv)?:\/\/)[^@/\s]*@/g, '$1***@')
    .replace(/\s*\n\s*/g, ' ');

export interface MongoStoreOptions {
  /**
   * Run on a standalone server (no replica set): no transactions, so a crash
   * or an ambiguous network error between two writes can lose or double
   * stock. Off unless set (config.ts reads MONGODB_ALLOW_STANDALONE).
   */
  allowStandalone?: boolean;
  log?: (message: string) => void;
  warn?: (message: string) => void;
}

/**
 * The MongoDB adapter. On a replica set or sharded cluster every item write,
 * its stock movement and (for deliveries) its record commit in one
 * transaction: majority read and write concern, on the primary, within
 * TRANSACTION_TIME_MS. It refuses a standalone server unless told otherwise;
 * then the writes run one after another, and a crash between them can leave
 * the ledger short.
 */
export async function openMongoStore(uri: string, dbName: string, options: MongoStoreOptions = {}): Promise<Store> {
  const allowStandalone = options.allowStandalone ?? false;
  const log = options.log ?? ((message: string) => console.log(message));
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const where = `MongoDB at ${mongoHosts(uri)}`;

  let client: MongoClient;
  try {
    client = new MongoClient(uri, {
      appName: 'smart-zone',
      serverSelectionTimeoutMS: CONNECT_TIMEOUT_MS,
      connectTimeoutMS: CONNECT_TIMEOUT_MS,
    });
  } catch (error) {
    throw new MongoStartError(`MONGODB_URI is not a usable MongoDB URI (${oneLine(error)}).`);
  }
  try {
    await client.connect();
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new MongoStartError(`${where}: cannot connect (${oneLine(error)}). Check MONGODB_URI.`);
  }

  let transactions: boolean;
  try {
    const hello = await client.db('admin').command({ hello: 1 });
    const replicaSet = typeof hello.setName === 'string' ? hello.setName : undefined;
    transactions = replicaSet !== undefined || hello.msg === 'isdbgrid';
    if (transactions) {
      log(`${where}: transactions: on (${replicaSet ? `replica set ${replicaSet}` : 'sharded cluster'}).`);
    } else if (allowStandalone) {
      warn(
        `\n*** ${where} is a STANDALONE server: transactions: OFF (MONGODB_ALLOW_STANDALONE=true). ***\n` +
          '*** A crash or network error between two writes can lose or double stock. Use a replica set. ***\n',
      );
    } else {
      throw new MongoStartError(
        `${where} is a standalone server: it has no transactions, so a crash between two writes could lose stock. ` +
          'Run it as a replica set (mongod --replSet rs0, then rs.initiate()) or set MONGODB_ALLOW_STANDALONE=true to accept the risk.',
      );
    }
  } catch (error) {
    await client.close();
    if (error instanceof MongoStartError) throw error;
    throw new MongoStartError(`${where}: cannot start (${oneLine(error)}).`);
  }

  const db = client.db(dbName);
  const collections = collectionsOf(db);
  const { meta } = collections;
  try {
    await applySchema(db, warn);
  } catch (error) {
    await client.close();
    throw new MongoStartError(`${where}: cannot set up database ${dbName} (${oneLine(error)}).`);
  }
  const feed = mongoFeed(collections, { transactions, warn });
  const ledger = mongoLedger(client, collections, { transactions, where, committed: feed.committed });
  try {
    await migrate(collections, ledger, warn);
    // Where the feed starts when first subscribed to, unless this process commits something first.
    feed.committed(await ledger.position());
  } catch (error) {
    await client.close();
    throw new MongoStartError(`${where}: cannot migrate database ${dbName} (${oneLine(error)}).`);
  }

  const itemStore = mongoItems(collections, ledger);
  // Import jobs a dead process left (mongo-import.ts), taken over in the background: at open, then now and
  // then, so one left while every other instance keeps running is not left for the next restart.
  let resuming: Promise<void> = Promise.resolve();
  const resumeImports = () => {
    resuming = resuming
      .then(() => itemStore.resumeImports())
      .then(
        (taken) => (taken > 0 ? log(`${where}: ${taken} import job(s) of a stopped instance finished.`) : undefined),
        (error: unknown) => warn(`${where}: resuming import jobs failed (${oneLine(error)}); trying again later.`),
      );
  };
  resumeImports();
  const resumer = setInterval(resumeImports, IMPORT_RESUME_EVERY_MS);
  resumer.unref();
  return {
    kind: 'mongo',
    items: itemStore.repository,
    deliveries: mongoDeliveries(collections, ledger),
    alerts: mongoAlerts(collections, ledger),
    team: mongoTeam(collections, ledger),
    locations: mongoLocations(collections, ledger),
    counts: mongoCountSessions(collections, countCollectionsOf(db), ledger),
    people: mongoPeople(db, ledger),
    audit: mongoAudit(collections),
    stats: mongoStats(collections),
    idempotency: mongoIdempotency(collections.idempotency),
    changes: feed.feed,
    async seedOnce(demo) {
      try {
        // The mark and the demo items commit together: a seed that fails or is killed leaves neither.
        return await ledger.write(async (session) => {
          if (await meta.findOne({ _id: SEEDED_KEY }, inTx(session))) return false;
          const empty = await itemStore.isEmpty(session);
          if (empty) await itemStore.insertMany(demo, SYSTEM_ACTOR, session);
          await meta.insertOne({ _id: SEEDED_KEY, at: new Date() }, inTx(session));
          return empty;
        });
      } catch (error) {
        // Another instance seeded (or marked) it meanwhile.
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
        throw error;
      }
    },
    async health() {
      try {
        await db.command({ ping: 1 });
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      clearInterval(resumer);
      await feed.close();
      await client.close();
      // Its failures (the client closed under it) are warned of, never thrown.
      await resuming;
    },
  };
}
