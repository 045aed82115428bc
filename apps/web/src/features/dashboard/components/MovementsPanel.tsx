import { type DayMovement, STATS_DAYS } from '@smart-zone/types/stats';
import { Suspense, lazy } from 'react';
import { dayLabel, daySeconds, formatCount, movementTotals } from './movements';

// uPlot (about 20 KB compressed) comes with the chart only, after the figures have shown.
const MovementsChart = lazy(async () => ({ default: (await import('./MovementsChart')).MovementsChart }));

/**
 * Units in and out per day: a caption with the totals, the chart, and the
 * same numbers as a table (the chart's text alternative, open on demand).
 * Nothing moved: says so instead.
 */
export function MovementsPanel({ days }: { days: readonly DayMovement[] }) {
  const totals = movementTotals(days);
  return (
    <section className="card card-body shadow-sm" aria-labelledby="movements-title">
      <h2 id="movements-title" className="h5">
        Units in and out per day
      </h2>
      {totals.in + totals.out === 0 ? (
        <p className="text-secondary mb-0" data-testid="movements-empty">
          Nothing moved in the last {STATS_DAYS} days: no restock, delivery or new item.
        </p>
      ) : (
        <figure className="mb-0">
          <figcaption className="small text-secondary mb-2" data-testid="movements-caption">
            Last {STATS_DAYS} days (UTC): {formatCount(totals.in)} units in, {formatCount(totals.out)} out.
            {totals.busiest &&
              ` Most out on ${dayLabel(daySeconds(totals.busiest.day))}: ${formatCount(totals.busiest.out)}.`}
          </figcaption>
          <Suspense fallback={<div className="movements-chart" />}>
            <MovementsChart days={days} />
          </Suspense>
          <details className="mt-2">
            <summary className="small">The numbers by day</summary>
            <table className="table table-striped movements-table mt-2 mb-0">
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">In</th>
                  <th scope="col">Out</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.day}>
                    <th scope="row" className="fw-normal">
                      <time dateTime={day.day}>{dayLabel(daySeconds(day.day))}</time>
                    </th>
                    <td>{formatCount(day.in)}</td>
                    <td>{formatCount(day.out)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </figure>
      )}
    </section>
  );
}
