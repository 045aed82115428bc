import type Database from 'better-sqlite3';

/**
 * Totals kept in a `(key, n)` table (audit_counts, delivery_counts), added by the writes that change them
 * rather than by a trigger per row (issue 31): each write counts its keys, at once or, inside `together`,
 * in memory, added once per key when the batch's writes are done (a group-committed batch of deliveries by
 * one clerk adds to the same keys many times). A throw out of `together` leaves nothing counted: the
 * caller's transaction rolls back what its writes wrote.
 */
export interface BatchCounts {
  count(keys: readonly string[]): void;
  together<T>(writes: () => T): T;
}

export function batchCounts(db: Database.Database, table: 'audit_counts' | 'delivery_counts'): BatchCounts {
  const add = db.prepare<[string, number]>(
    `INSERT INTO ${table} (key, n) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET n = n + excluded.n`,
  );
  /** The keys counted in memory while `together` runs; null: each write adds its own. */
  let counting: Map<string, number> | null = null;
  return {
    count(keys) {
      for (const key of keys) {
        if (counting) counting.set(key, (counting.get(key) ?? 0) + 1);
        else add.run(key, 1);
      }
    },
    together<T>(writes: () => T): T {
      if (counting) return writes();
      const totals = new Map<string, number>();
      counting = totals;
      let result: T;
      try {
        result = writes();
      } finally {
        counting = null;
      }
      for (const [key, n] of totals) add.run(key, n);
      return result;
    },
  };
}
