import fs from 'node:fs';
import type Database from 'better-sqlite3';

/**
 * A commit whose fsync runs off the event loop (issue 31): the group commit's
 * batch commits with synchronous=NORMAL (its WAL frames written, not synced),
 * and its writers are answered once `durable()` has synced the WAL file in
 * libuv's thread pool. Meanwhile the event loop reads the next requests and
 * commits the next batch, instead of waiting ~0.4 ms per batch in fsync.
 *
 * Why an answered write still survives a power cut, as with synchronous=FULL:
 * FULL in WAL mode is exactly "write the frames, fsync the WAL" at each commit;
 * here the same fsync runs before anyone is answered. The WAL is appended in
 * order and fsync covers the whole file, so a sync started after a batch's
 * commit covers that batch and every one before it; recovery replays the WAL
 * up to its last valid commit frame, so no later batch can survive without an
 * earlier one. Checkpoints keep NORMAL's own syncs (the WAL before, the
 * database file after). What another request reads between the commit and
 * the sync (a stock figure) may be lost in a power cut, as it may be lost with
 * FULL in the instant before the commit's own fsync returns; nobody is told a
 * write of theirs was kept before it is on disk. A failed fsync answers the
 * batch's writers with an error (the system's disk is failing).
 */
export interface WalSync {
  /** Runs `commit` (one transaction) with its fsync left to durable(). */
  unsynced<T>(commit: () => T): T;
  /** Resolves once everything committed before the call is on disk. */
  durable(): Promise<void>;
  /** Waits for the syncs asked for, then lets the WAL file go (before the database closes). */
  close(): Promise<void>;
}

export function walSync(db: Database.Database): WalSync | undefined {
  // An in-memory database has nothing to sync, nor one that does not sync each commit (a bulk load, NORMAL).
  const FULL = 2;
  if (db.memory || db.pragma('synchronous', { simple: true }) !== FULL) return undefined;
  const walFile = `${db.name}-wal`;
  let fd: number | undefined;
  /** The sync running now, and the one queued to start after it (it covers every commit since it began). */
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;

  const syncOnce = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      // The WAL file lives as long as the database is open (journal_mode=WAL): open it once.
      fd ??= fs.openSync(walFile, 'r');
      fs.fsync(fd, (error) => (error ? reject(error) : resolve()));
    });

  const start = (): Promise<void> => {
    const sync = syncOnce().finally(() => {
      running = null;
    });
    running = sync;
    return sync;
  };

  return {
    unsynced<T>(commit: () => T): T {
      db.pragma('synchronous = NORMAL');
      try {
        return commit();
      } finally {
        db.pragma('synchronous = FULL');
      }
    },
    durable(): Promise<void> {
      if (!running) return start();
      // The running sync may have begun before this commit's frames were written: one more, after it.
      next ??= running.then(
        () => {
          next = null;
          return start();
        },
        () => {
          next = null;
          return start();
        },
      );
      return next;
    },
    async close() {
      await (next ?? running)?.catch(() => undefined);
      if (fd !== undefined) fs.closeSync(fd);
      fd = undefined;
    },
  };
}
