import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Store } from '../store';
import { sqliteAlerts } from './sqlite-alerts';
import { sqliteAudit } from './sqlite-audit';
import { sqliteDeliveries } from './sqlite-deliveries';
import { sqliteFeed } from './sqlite-feed';
import { sqliteItems } from './sqlite-items';
import { sqliteLedger } from './sqlite-ledger';
import { sqliteStats } from './sqlite-stats';
import { sqliteTeam } from './sqlite-team';
import { sqliteLocations } from './sqlite-locations';
import { sqliteCountSessions } from './sqlite-count-sessions';
import { sqlitePeople } from './sqlite-people';
import { sqliteIdempotency } from './sqlite-idempotency';
import { importRunner } from './import-runner';
import { searchRunner } from './search-runner';
import { gated, writeGate } from './write-gate';
import { migrate } from './schema';

const DB_FILE = 'smart-zone.db';
const SEEDED_KEY = 'demo_seeded_at';

/**
 * `dataDir` ':memory:' opens a private in-memory database (tests); anything
 * else is a folder holding smart-zone.db, created when missing.
 */
/** How often the changes log is trimmed to what it keeps. */
const PRUNE_EVERY_MS = 10 * 60_000;

export function openSqliteStore(
  dataDir: string,
  options: { feedPollMs?: number; synchronous?: 'FULL' | 'NORMAL' } = {},
): Store {
  const file = dataDir === ':memory:' ? ':memory:' : path.join(dataDir, DB_FILE);
  if (file !== ':memory:') fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(file);
  // WAL lets readers run beside the writer; FULL syncs every commit, so an
  // answered write survives a power cut (NORMAL: only the seed, see open-store.ts).
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
  db.pragma('busy_timeout = 5000');
  migrate(db);

  const ledger = sqliteLedger(db);
  const changes = sqliteFeed(db, { pollMs: options.feedPollMs });
  // One read worker for the store: searches, and the audit's and deliveries' deep pages (read-jobs.ts).
  const worker = searchRunner(db);
  // Imports of a file run in a worker of their own, whose one transaction this process's writes wait for.
  const gate = writeGate();
  const imports = db.memory
    ? undefined
    : importRunner(db.name, gate, (on) => db.pragma(`wal_autocheckpoint = ${on ? 1000 : 0}`));
  // After each commit of ours: the reads kept in memory know it (the ledger's clock), the feed announces it.
  const committed = () => {
    ledger.clock.committed();
    changes.drain();
  };
  const items = sqliteItems(db, ledger, committed, worker, imports);
  // An import its process left half written (it died midway) is taken back before anything else writes.
  items.imports.recoverNow();
  const deliveries = sqliteDeliveries(db, ledger, committed, worker);
  const counts = sqliteCountSessions(db, ledger, committed);
  // A count whose process stopped while it opened left lines of a session that never was.
  counts.dropUnopened();
  const pruning = setInterval(() => {
    if (db.open && !gate.held) ledger.pruneChanges();
  }, PRUNE_EVERY_MS);
  pruning.unref();
  const getMeta = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
  const setMeta = db.prepare<[string, string]>('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  const ping = db.prepare('SELECT 1');

  const seed = db.transaction((demo: Parameters<Store['seedOnce']>[0]): boolean => {
    if (getMeta.get(SEEDED_KEY)) return false;
    const empty = items.isEmpty();
    if (empty) items.insertMany(demo);
    setMeta.run(SEEDED_KEY, new Date().toISOString());
    return empty;
  });

  return {
    kind: 'sqlite',
    items: gated(items.repository, gate, [
      'create',
      'createMany',
      'update',
      'changeStock',
      'transfer',
      'transferMany',
      'remove',
      'undo',
      'emptyDemo',
    ]),
    deliveries: gated(deliveries, gate, ['create', 'cancel']),
    alerts: gated(sqliteAlerts(db), gate, ['markRead', 'markAllRead', 'recordSend']),
    team: gated(sqliteTeam(db, ledger), gate, ['add', 'setRole', 'remove', 'ensureOwners']),
    locations: gated(sqliteLocations(db, ledger), gate, ['create', 'update', 'remove', 'setDefault']),
    counts: gated(counts.repository, gate, ['open', 'record', 'apply', 'cancel']),
    people: gated(sqlitePeople(db, ledger, committed), gate, ['signedIn', 'setName']),
    audit: sqliteAudit(db, worker),
    stats: sqliteStats(db),
    idempotency: gated(sqliteIdempotency(db), gate, ['keep']),
    changes: changes.feed,
    async seedOnce(demo) {
      await gate.opened();
      const loaded = seed(demo);
      committed();
      return loaded;
    },
    async health() {
      try {
        ping.get();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      clearInterval(pruning);
      changes.close();
      await worker.close();
      await imports?.close();
      if (db.open) db.close();
    },
  };
}
