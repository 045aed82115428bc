// @ts-check
/**
 * Finds a MongoDB for the `mongo` jest project, starts it and stops it.
 *
 * Tried in order, within one minute in all:
 *   1. MONGODB_URI: a running replica set (e.g. CI's service container);
 *   2. a mongod binary: MONGOMS_SYSTEM_BINARY, or `mongod` on PATH;
 *   3. mongodb-memory-server's download of one (cached after the first time;
 *      MONGOMS_RUNTIME_DOWNLOAD=false turns this step off).
 * For 2 and 3 the global setup starts a one-member wiredTiger replica set
 * (transactions need one) and the global teardown stops it; for 1 it drops
 * the databases this run made. Plain CommonJS: jest.config.js loads it
 * before any transform exists.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const BUDGET_MS = 60_000;
const NOT_RUN = 'MongoDB: not run here — no mongod (set MONGODB_URI or MONGOMS_SYSTEM_BINARY)';
/** Every database a test opens starts with this and the run's id, so a teardown drops only its own. */
const DB_PREFIX = 'smartzone_test_';

/** @typedef {{ kind: 'uri', uri: string } | { kind: 'binary', binary: string } | { kind: 'none', why: string[] }} MongoSource */

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} what
 * @returns {Promise<T>}
 */
function within(promise, ms, what) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timeout = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${Math.round(ms / 1000)} s`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The URI's hosts, never its credentials. */
function hostsOf(uri) {
  const match = /^mongodb(?:\+srv)?:\/\/(?:[^@/]*@)?([^/?]*)/.exec(uri);
  return match ? match[1] : '(unparsable URI)';
}

/** @param {string} uri */
async function replicaSetAt(uri, ms) {
  const { MongoClient } = require('mongodb');
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: ms, connectTimeoutMS: ms });
  try {
    const hello = await within(client.db('admin').command({ hello: 1 }), ms + 1000, `MONGODB_URI (${hostsOf(uri)})`);
    if (typeof hello.setName !== 'string') {
      throw new Error(`MONGODB_URI (${hostsOf(uri)}) is a standalone server; the tests need a replica set`);
    }
  } finally {
    await client.close();
  }
}

function mongodOnPath() {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, process.platform === 'win32' ? 'mongod.exe' : 'mongod');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * Where a MongoDB can be had, trying each source in turn; never throws.
 * @returns {Promise<MongoSource>}
 */
async function findMongo() {
  const started = Date.now();
  const left = () => Math.max(1000, BUDGET_MS - (Date.now() - started));
  /** @type {string[]} */
  const why = [];

  const uri = process.env.MONGODB_URI;
  if (uri) {
    try {
      await replicaSetAt(uri, Math.min(10_000, left()));
      return { kind: 'uri', uri };
    } catch (error) {
      why.push(oneLine(error));
    }
  } else {
    why.push('MONGODB_URI is not set');
  }

  const system = process.env.MONGOMS_SYSTEM_BINARY || mongodOnPath();
  if (system) {
    if (fs.existsSync(system)) return { kind: 'binary', binary: system };
    why.push(`MONGOMS_SYSTEM_BINARY ${system} does not exist`);
  } else {
    why.push('no MONGOMS_SYSTEM_BINARY and no mongod on PATH');
  }

  const runtimeDownload = (process.env.MONGOMS_RUNTIME_DOWNLOAD ?? 'true').toLowerCase();
  if (['false', '0', 'no', 'off'].includes(runtimeDownload)) {
    why.push('download turned off (MONGOMS_RUNTIME_DOWNLOAD)');
    return { kind: 'none', why };
  }
  try {
    const { MongoBinary } = require('mongodb-memory-server');
    const binary = await within(MongoBinary.getPath(), left(), 'mongodb-memory-server download');
    return { kind: 'binary', binary };
  } catch (error) {
    why.push(`download failed: ${oneLine(error)}`);
  }
  return { kind: 'none', why };
}

/** @param {unknown} error */
function oneLine(error) {
  return (error instanceof Error ? error.message : String(error)).split('\n').filter(Boolean).join(' ');
}

/** @type {{ stop(options?: { doCleanup?: boolean }): Promise<unknown> } | undefined} */
let running;

/**
 * Starts (or points at) the MongoDB the probe found; answers the URI the tests use.
 * @param {MongoSource} source
 */
async function startMongo(source) {
  if (source.kind === 'uri') return source.uri;
  if (source.kind !== 'binary') throw new Error(NOT_RUN);
  const { MongoMemoryReplSet } = require('mongodb-memory-server');
  const replSet = await within(
    MongoMemoryReplSet.create({
      binary: { systemBinary: source.binary },
      replSet: { count: 1, storageEngine: 'wiredTiger' },
    }),
    BUDGET_MS,
    `starting a replica set with ${source.binary}`,
  );
  await replSet.waitUntilRunning();
  running = replSet;
  return replSet.getUri();
}

/**
 * Stops what startMongo started; on a server we did not start, drops this run's databases.
 * @param {string} uri
 * @param {string} runId
 */
async function stopMongo(uri, runId) {
  if (running) {
    await running.stop({ doCleanup: true });
    running = undefined;
    return;
  }
  const { MongoClient } = require('mongodb');
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 10_000 });
  try {
    const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
    const own = databases.map((db) => db.name).filter((name) => name.startsWith(`${DB_PREFIX}${runId}_`));
    for (const name of own) await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}

const newRunId = () => crypto.randomBytes(4).toString('hex');

module.exports = { BUDGET_MS, DB_PREFIX, NOT_RUN, findMongo, hostsOf, newRunId, startMongo, stopMongo };
