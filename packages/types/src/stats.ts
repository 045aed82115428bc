import type { z } from 'zod';
import type { statsSchema } from './api-schemas';

/**
 * GET /api/stats (issue 22): the warehouse at a glance, for staff (the
 * dashboard). Zod-free, for the web app: the answer's schema is in
 * api-schemas.ts.
 *
 * Each day's movements are counted in buckets (issue 32, movement-kinds.ts
 * DAY_BUCKETS and dayTotalsOf): received, delivered (less cancels), removed,
 * corrections (signed), opening stock, deletions; an undo takes its movement
 * back out of that movement's bucket, so a restock and its undo change no
 * bucket. On the UTC day each movement was made: so the units on hand now are
 * the units 30 days ago plus received, opening and corrections, less
 * delivered, removed and deletions. `in` is received and `out` delivered +
 * removed (older clients). The top movers are ranked by units delivered.
 */
/** How many days `movementsByDay` covers: today (UTC) and the 29 before it. */
export const STATS_DAYS = 30;
/** How many items `topMovers` names: the most units delivered over STATS_DAYS, items that still exist. */
export const STATS_TOP_MOVERS = 5;

export type Stats = z.output<typeof statsSchema>;
export type DayMovement = Stats['movementsByDay'][number];
export type TopMover = Stats['topMovers'][number];

/** The UTC day (YYYY-MM-DD) of a time, as the stats count it. */
export const utcDay = (time: Date | number): string => new Date(time).toISOString().slice(0, 10);

/** The STATS_DAYS days that end with `now`'s UTC day, oldest first. */
export function statsDays(now: Date = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: STATS_DAYS }, (_, index) => utcDay(today - (STATS_DAYS - 1 - index) * 86_400_000));
}

/** A day's buckets with the two totals older clients read: `in` (received) and `out` (delivered + removed). */
export function withInOut<T extends Pick<DayMovement, 'received' | 'delivered' | 'removed'>>(
  buckets: T,
): T & Pick<DayMovement, 'in' | 'out'> {
  return { ...buckets, in: buckets.received, out: buckets.delivered + buckets.removed };
}
