import type Database from 'better-sqlite3';
import type { ChangeFeed, StoreChange } from '../store';
import { type ChangeRow, toChange } from './rows';

/** How often the file is asked whether another process committed: its changes reach us within this. */
export const FEED_POLL_MS = 250;
/** Rows read and announced in one go; more wait for the next turn of the event loop. */
const DRAIN_BATCH = 500;

export interface SqliteFeed {
  feed: ChangeFeed;
  /** Announces what was committed since the last call: run right after each of our own commits. */
  drain: () => void;
  close: () => void;
}

/**
 * The change feed of one SQLite file. Every write logs its change in the
 * `changes` table in its own transaction (sqlite-ledger.ts); this reads that
 * log past the last row it announced, in seq order. Rows get their seq while
 * the writer holds the file's only write lock, so when our commit is done every
 * lower seq is committed (or rolled back, never to appear): reading "after the
 * cursor" right after our commit announces other processes' earlier commits
 * too, in commit order, and nothing twice. Between our own commits, PRAGMA
 * data_version says when another connection (a second API process, the seed
 * script) committed: checked every FEED_POLL_MS.
 */
export function sqliteFeed(db: Database.Database, options: { pollMs?: number } = {}): SqliteFeed {
  const after = db.prepare<[number, number], ChangeRow>('SELECT * FROM changes WHERE seq > ? ORDER BY seq LIMIT ?');
  const last = db.prepare<[], number | null>('SELECT MAX(seq) FROM changes').pluck();
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  const listeners = new Set<(change: StoreChange) => void>();
  let cursor = last.get() ?? 0;
  let seenVersion = dataVersion.get()!;
  let more: NodeJS.Immediate | undefined;

  function announce(change: StoreChange) {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        // A listener's failure is its own: the write is committed and the others still hear of it.
        process.emitWarning(`A change feed listener threw: ${String(error)}`);
      }
    }
  }

  function drain() {
    if (!db.open) return;
    if (listeners.size === 0) {
      cursor = last.get() ?? cursor;
      return;
    }
    const rows = after.all(cursor, DRAIN_BATCH);
    for (const row of rows) {
      cursor = row.seq;
      announce(toChange(row));
    }
    // A long run (the seed's 100,000 items) goes out a batch per turn, never in one block.
    if (rows.length === DRAIN_BATCH && !more) {
      more = setImmediate(() => {
        more = undefined;
        drain();
      });
    }
  }

  const poll = setInterval(() => {
    if (!db.open) return;
    const version = dataVersion.get()!;
    if (version === seenVersion) return;
    seenVersion = version;
    drain();
  }, options.pollMs ?? FEED_POLL_MS);
  poll.unref();

  return {
    feed: {
      subscribe(listener) {
        if (listeners.size === 0) cursor = last.get() ?? cursor;
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    drain,
    close() {
      clearInterval(poll);
      if (more) clearImmediate(more);
      listeners.clear();
    },
  };
}
