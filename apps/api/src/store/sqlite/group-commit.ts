import type Database from 'better-sqlite3';

/** Writes are gathered until the event loop has nothing else to hand us, up to this many per transaction. */
const MAX_BATCH = 256;

interface Pending {
  work: () => unknown;
  changes: (value: unknown) => boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface GroupCommit {
  /**
   * Runs `work` in the next batch: one SQLite transaction (one fsync) for
   * every write queued in the same turn of the event loop, each in a SAVEPOINT
   * of its own. Resolves with what `work` returned only once the batch has
   * committed; rejects with what `work` threw (only its own savepoint is rolled
   * back, the others commit), or with the batch's error when the batch as a
   * whole fails (then nothing of it is written). `changes` says whether the
   * value means the catalogue changed, so the batch moves its revision on once.
   */
  run<T>(work: () => T, changes: (value: T) => boolean): Promise<T>;
}

/**
 * Group commit for a synchronous driver: better-sqlite3 commits in the
 * calling thread, so under load the fsync of one commit is what the other
 * requests wait behind. Here requests that arrive while a commit runs (or in
 * the same poll phase) share the next one. Durability is unchanged
 * (synchronous=FULL): nobody is answered before the fsync of the commit that
 * holds their write.
 */
export function groupCommit(
  db: Database.Database,
  options: {
    /** Inside the batch's transaction, when some write of it changed the catalogue. */
    onChanges: () => void;
    /** After the batch committed, before anyone is answered (the change feed announces it). */
    onCommitted?: () => void;
  },
): GroupCommit {
  let queue: Pending[] = [];
  let scheduled = false;

  // A transaction function called inside another one runs as a SAVEPOINT:
  // a throw rolls back to it and leaves the rest of the batch as it was.
  const inSavepoint = db.transaction((work: () => unknown) => work());

  const runBatch = db.transaction((batch: Pending[]): Outcome[] => {
    let changed = false;
    const outcomes = batch.map((pending): Outcome => {
      try {
        const value = inSavepoint(pending.work);
        if (pending.changes(value)) changed = true;
        return { ok: true, value };
      } catch (error) {
        // RAISE(ROLLBACK) in a trigger, say, ends the whole transaction: then
        // nothing of the batch is left to commit, and going on would run the
        // rest of it in autocommit mode. Fail the batch instead.
        if (!db.inTransaction) throw error;
        return { ok: false, error };
      }
    });
    if (changed) options.onChanges();
    return outcomes;
  });

  function flush() {
    scheduled = false;
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(batch.length);
    if (queue.length > 0) schedule();
    let outcomes: Outcome[];
    try {
      outcomes = runBatch.immediate(batch);
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    options.onCommitted?.();
    outcomes.forEach((outcome, index) => {
      const pending = batch[index]!;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    // After the poll phase: every request already read has had its turn to queue.
    setImmediate(flush);
  }

  return {
    run<T>(work: () => T, changes: (value: T) => boolean): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({
          work,
          changes: changes as (value: unknown) => boolean,
          resolve: resolve as (value: unknown) => void,
          reject,
        });
        schedule();
      });
    },
  };
}
