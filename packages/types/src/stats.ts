import type { z } from 'zod';
import type { statsSchema } from './api-schemas';

/**
 * GET /api/stats (issue 22): the warehouse at a glance, for staff (the
 * dashboard). Zod-free, for the web app: the answer's schema is in
 * api-schemas.ts.
 *
 * In and out are the ledger's own: every movement's delta, by its sign, as
 * the movement kinds table counts it (movement-kinds.ts dayTotalsOf: a
 * restock, a created item, a cancelled delivery, an import that adds are in;
 * a delivery, a removal, a deleted item's stock are out; a transfer between
 * locations is neither), on the UTC day it was made. So the units on hand now
 * are the units 30 days ago plus the in and less the out of the days since.
 * The top movers' units out are those the table counts as an item's (not a
 * deletion's).
 */
/** How many days `movementsByDay` covers: today (UTC) and the 29 before it. */
export const STATS_DAYS = 30;
/** How many items `topMovers` names: the most units out over STATS_DAYS, items that still exist. */
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
