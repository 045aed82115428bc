import { DAY_BUCKETS, type DayBucket } from '@smart-zone/types/movement-kinds';
import type { DayMovement } from '@smart-zone/types/stats';
import { formatUtcDay } from '../../../lib/when';

const DAY_SECONDS = 86_400;

/** A stats day (YYYY-MM-DD, UTC) as seconds since the epoch at its UTC midnight: the chart's x. */
export const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** "Nov 3" (in the browser's locale): a day as the chart's axis and the table name it (the UTC day the API counted it on). */
export const dayLabel = (seconds: number) => formatUtcDay(seconds * 1000);

/** uPlot's columns: the days' x, the units received, the units delivered, oldest first as the API gives them. */
export function chartColumns(days: readonly DayMovement[]): [number[], number[], number[]] {
  return [days.map((day) => daySeconds(day.day)), days.map((day) => day.received), days.map((day) => day.delivered)];
}

/** The buckets the dashboard names, in its order (the API's DAY_BUCKETS), with the words it says them in. */
export const BUCKET_WORDS: readonly { bucket: DayBucket; word: string; always: boolean }[] = [
  { bucket: 'received', word: 'received', always: true },
  { bucket: 'delivered', word: 'delivered', always: true },
  { bucket: 'removed', word: 'removed', always: true },
  { bucket: 'corrections', word: 'corrections', always: true },
  // Opening stock and deletions only where they matter (a day items were added or deleted).
  { bucket: 'opening', word: 'opening stock', always: false },
  { bucket: 'deletions', word: 'deleted', always: false },
];

/** Each bucket's units over all the days, whether anything moved, and the day most units were delivered (the first of equals), if any were. */
export function movementTotals(days: readonly DayMovement[]) {
  let busiest: DayMovement | undefined;
  for (const day of days) if (day.delivered > (busiest?.delivered ?? 0)) busiest = day;
  const sums = Object.fromEntries(
    DAY_BUCKETS.map((bucket) => [bucket, days.reduce((sum, day) => sum + day[bucket], 0)]),
  ) as Record<DayBucket, number>;
  const moved = days.some((day) => DAY_BUCKETS.some((bucket) => day[bucket] !== 0));
  return { ...sums, moved, busiest };
}

/** The chart's x range: half a day either side, so the first and last days' bars are whole. */
export const xRange = (min: number, max: number): [number, number] => [min - DAY_SECONDS / 2, max + DAY_SECONDS / 2];

/** Whole units only on the y axis: 1, 2, 5, 10, 20, 50… */
export const UNIT_STEPS = Array.from({ length: 27 }, (_, index) => [1, 2, 5][index % 3]! * 10 ** Math.floor(index / 3));

/** Steps of the x axis, in whole days. */
export const DAY_STEPS = [1, 2, 3, 5, 7, 14].map((days) => days * DAY_SECONDS);
