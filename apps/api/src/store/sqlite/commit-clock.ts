import type Database from 'better-sqlite3';

/**
 * What says a row read earlier may have changed since, without asking SQLite on every read: `own()` moves on with
 * each commit of ours (the store calls `committed()` after it), `others()` is PRAGMA data_version (it moves on
 * when another connection commits: a second process, the import worker, a seed script), read at most once per
 * turn of the event loop. A request that arrives after another connection's commit is read in a later turn than
 * the one that read the clock, so it sees that commit; a read in the same turn is no staler than if it had come
 * first. Asking for an item's version on each read of it cost a fifth of the public item read (issue 31).
 */
export interface CommitClock {
  own(): number;
  others(): number;
  committed(): void;
}

export function commitClock(db: Database.Database): CommitClock {
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let own = 0;
  let others: number | undefined;
  const forget = () => {
    others = undefined;
  };
  return {
    own: () => own,
    others() {
      if (others === undefined) {
        others = dataVersion.get()!;
        setImmediate(forget);
      }
      return others;
    },
    committed() {
      own += 1;
    },
  };
}
