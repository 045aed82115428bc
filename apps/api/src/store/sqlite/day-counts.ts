import type Database from 'better-sqlite3';
import { DAY_BUCKETS, type DayBucket } from '@smart-zone/types/movement-kinds';
import type { DayTotals } from '../decisions/change';

/**
 * The dashboard's day totals (schema-stats.ts: day_buckets, item_out_days, item_out_window), added by the
 * ledger from each movement's share as its decision counted it (change.days: dayTotalsOf, the movement kinds
 * table, as the MongoDB ledger adds), where a trigger ran three statements per movement until migration 17
 * (issue 31). A movement counts at once, or inside `together` in memory, added once per key when the
 * batch's writes are done (a group-committed batch of deliveries adds to one day, often to one item).
 *
 * The top movers' window (movers_window_moved, a trigger on the movement's insert) moves on with the first
 * movement of a later day, taking off the days it leaves: a day's units held until then are added to the
 * window only when their day is still in it, so it ends as when each movement counted in its own insert.
 * A deleted item's days leave with it (item_out_days_forgotten): an item gone by the time its units are
 * added is not added among the movers, as countLedger does.
 */
export interface DayCounts {
  /** A movement inserted, of `itemId`, adding `share`. */
  count(itemId: string, share: DayTotals): void;
  together<T>(writes: () => T): T;
}

interface Pending {
  day: string;
  buckets: Record<DayBucket, number>;
  /** Each item's units delivered that day. */
  itemOut: Map<string, number>;
}

const zeroBuckets = () => Object.fromEntries(DAY_BUCKETS.map((bucket) => [bucket, 0])) as Record<DayBucket, number>;

export function sqliteDayCounts(db: Database.Database): DayCounts {
  const addDay = db.prepare<Record<DayBucket, number> & { day: string }>(
    `INSERT INTO day_buckets (day, ${DAY_BUCKETS.join(', ')}) VALUES (@day, ${DAY_BUCKETS.map((bucket) => `@${bucket}`).join(', ')})
     ON CONFLICT (day) DO UPDATE SET ${DAY_BUCKETS.map((bucket) => `${bucket} = ${bucket} + excluded.${bucket}`).join(', ')}`,
  );
  type ItemDay = { day: string; item: string; out: number };
  const addItemDay = db.prepare<ItemDay>(
    `INSERT INTO item_out_days (day, item_id, units_out) SELECT @day, @item, @out WHERE EXISTS (SELECT 1 FROM items WHERE id = @item)
     ON CONFLICT (day, item_id) DO UPDATE SET units_out = units_out + excluded.units_out`,
  );
  // A movement of a day the window has left (a late clock) is not added to it.
  const addWindow = db.prepare<ItemDay>(
    `INSERT INTO item_out_window (item_id, units_out) SELECT @item, @out
      WHERE @day >= (SELECT value FROM meta WHERE key = 'movers_from') AND EXISTS (SELECT 1 FROM items WHERE id = @item)
     ON CONFLICT (item_id) DO UPDATE SET units_out = units_out + excluded.units_out`,
  );

  /** What `together` holds, of one day; null: each movement adds its own. */
  let pending: Pending | null = null;
  let batching = false;

  const add = ({ day, buckets, itemOut }: Pending) => {
    if (DAY_BUCKETS.some((bucket) => buckets[bucket] !== 0)) addDay.run({ day, ...buckets });
    for (const [item, out] of itemOut) {
      if (out === 0) continue;
      addItemDay.run({ day, item, out });
      addWindow.run({ day, item, out });
    }
  };
  const settle = () => {
    if (pending) add(pending);
    pending = null;
  };

  return {
    count(itemId, share) {
      if (pending && pending.day !== share.day) settle();
      const held: Pending = pending ?? { day: share.day, buckets: zeroBuckets(), itemOut: new Map() };
      for (const bucket of DAY_BUCKETS) held.buckets[bucket] += share[bucket];
      if (share.itemOut !== 0) held.itemOut.set(itemId, (held.itemOut.get(itemId) ?? 0) + share.itemOut);
      if (batching) pending = held;
      else add(held);
    },
    together<T>(writes: () => T): T {
      if (batching) return writes();
      batching = true;
      let result: T;
      try {
        result = writes();
      } catch (error) {
        pending = null;
        throw error;
      } finally {
        batching = false;
      }
      settle();
      return result;
    },
  };
}
