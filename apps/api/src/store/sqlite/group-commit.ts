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

/** Thrown out of a batch run without savepoints when one of its writes threw: roll back, run it with them. */
const WRITE_THREW = new Error('a write of the batch threw: run again with a savepoint each');

export interface GroupCommit {
  /**
   * Runs `work` in the next batch: one SQLite transaction (one fsync) for
   * every write queued in the same turn of the event loop, each as if in a
   * SAVEPOINT of its own (see runBatch). Resolves with what `work` returned only once the batch has
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
    /**
     * Wraps the writes of a batch run without savepoints, inside its transaction (the ledger counts their
     * audit totals together); a throw out of it rolls the batch back, as one of the writes' would.
     */
    together?: <T>(writes: () => T) => T;
  },
): GroupCommit {
  let queue: Pending[] = [];
  let scheduled = false;

  // A transaction function called inside another one runs as a SAVEPOINT:
  // a throw rolls back to it and leaves the rest of the batch as it was.
  const inSavepoint = db.transaction((work: () => unknown) => work());

  const finish = (outcomes: Outcome[], changed: boolean): Outcome[] => {
    if (changed) options.onChanges();
    return outcomes;
  };

  // First without savepoints (two statements less per write): a refusal writes
  // nothing, so only a write that throws needs one. When one throws, the whole
  // transaction is rolled back (nobody of it was answered) and the batch runs
  // again below, each write in a savepoint of its own.
  const together = options.together ?? (<T>(writes: () => T) => writes());
  const runFast = db.transaction((batch: Pending[]): Outcome[] => {
    let changed = false;
    const outcomes = together(() =>
      batch.map((pending): Outcome => {
        let value: unknown;
        try {
          value = pending.work();
        } catch {
          throw WRITE_THREW;
        }
        if (pending.changes(value)) changed = true;
        return { ok: true, value };
      }),
    );
    return finish(outcomes, changed);
  });

  const runSavepoints = db.transaction((batch: Pending[]): Outcome[] => {
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
    return finish(outcomes, changed);
  });

  /** The batch without savepoints, or, when one of its writes threw, rolled back and run again with them. */
  const runBatch = (batch: Pending[]): Outcome[] => {
    try {
      return runFast.immediate(batch);
    } catch (error) {
      if (error !== WRITE_THREW) throw error;
      return runSavepoints.immediate(batch);
    }
  };

  function flush() {
    scheduled = false;
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(batch.length);
    if (queue.length > 0) schedule();
    let outcomes: Outcome[];
    try {
      outcomes = runBatch(batch);
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
