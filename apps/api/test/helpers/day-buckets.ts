import { DAY_BUCKETS, dayTotalsOf, type DayBucket } from '@smart-zone/types/movement-kinds';
import type { MovementReason } from '@smart-zone/types/item';
import { type DayMovement, statsDays, utcDay, withInOut } from '@smart-zone/types/stats';
import type { Store } from '../../src/store/store';

/** Every bucket at 0. */
export const noBuckets = () =>
  Object.fromEntries(DAY_BUCKETS.map((bucket) => [bucket, 0])) as Record<DayBucket, number>;

/**
 * The day buckets and each item's units delivered per day, worked out here from the store's whole ledger
 * (GET /movements.csv's reader), apart from the adapters' totals: each movement classified by the one table
 * (dayTotalsOf), an undo by the reason of the movement it names (read earlier in the ledger, oldest first).
 */
export async function bucketsFromLedger(store: Store) {
  const reasons = new Map<string, MovementReason>();
  const days = new Map<string, Record<DayBucket, number>>();
  /** `day itemId` → units delivered. */
  const itemDays = new Map<string, number>();
  for await (const lines of store.items.ledger({})) {
    for (const line of lines) {
      reasons.set(line._id, line.reason);
      const undone = line.undoOf ? reasons.get(line.undoOf) : undefined;
      if (line.reason === 'undo' && !undone)
        throw new Error(`undo ${line._id} of a movement not in the ledger before it`);
      const share = dayTotalsOf(line.reason, line.delta, undone);
      const day = utcDay(new Date(line.at));
      const total = days.get(day) ?? noBuckets();
      for (const bucket of DAY_BUCKETS) total[bucket] += share[bucket];
      days.set(day, total);
      if (share.itemOut !== 0) {
        const key = `${day} ${line.itemId}`;
        itemDays.set(key, (itemDays.get(key) ?? 0) + share.itemOut);
      }
    }
  }
  return { days, itemDays };
}

/** GET /api/stats' movementsByDay as the store's ledger says it must be (bucketsFromLedger), for `now`'s window. */
export async function daysFromLedger(store: Store, now: Date): Promise<DayMovement[]> {
  const { days } = await bucketsFromLedger(store);
  return statsDays(now).map((day) => withInOut({ day, ...(days.get(day) ?? noBuckets()) }));
}
