import type { DayMovement } from '@smart-zone/types/stats';

const DAY_SECONDS = 86_400;

/** A stats day (YYYY-MM-DD, UTC) as seconds since the epoch at its UTC midnight: the chart's x. */
export const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 3": a day as the chart's axis and the table name it (the UTC day the API counted it on). */
export const dayLabel = (seconds: number) => DAY_LABEL.format(seconds * 1000);

/** A count as the dashboard writes it: thousands separated. */
export const formatCount = (count: number) => count.toLocaleString('en-US');

/** uPlot's columns: the days' x, the units in, the units out, oldest first as the API gives them. */
export function chartColumns(days: readonly DayMovement[]): [number[], number[], number[]] {
  return [days.map((day) => daySeconds(day.day)), days.map((day) => day.in), days.map((day) => day.out)];
}

/** The units in and out over all the days, and the day most units went out (the first of equals), if any did. */
export function movementTotals(days: readonly DayMovement[]) {
  let busiest: DayMovement | undefined;
  for (const day of days) if (day.out > (busiest?.out ?? 0)) busiest = day;
  return {
    in: days.reduce((sum, day) => sum + day.in, 0),
    out: days.reduce((sum, day) => sum + day.out, 0),
    busiest,
  };
}

/** The chart's x range: half a day either side, so the first and last days' bars are whole. */
export const xRange = (min: number, max: number): [number, number] => [min - DAY_SECONDS / 2, max + DAY_SECONDS / 2];

/** Whole units only on the y axis: 1, 2, 5, 10, 20, 50… */
export const UNIT_STEPS = Array.from({ length: 27 }, (_, index) => [1, 2, 5][index % 3]! * 10 ** Math.floor(index / 3));

/** Steps of the x axis, in whole days. */
export const DAY_STEPS = [1, 2, 3, 5, 7, 14].map((days) => days * DAY_SECONDS);
