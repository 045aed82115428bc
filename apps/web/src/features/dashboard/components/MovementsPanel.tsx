import type { DayBucket } from '@smart-zone/types/movement-kinds';
import { type DayMovement, STATS_DAYS } from '@smart-zone/types/stats';
import { Suspense, lazy } from 'react';
import { formatCount, formatSignedCount } from '../../../lib/numbers';
import { BUCKET_WORDS, dayLabel, daySeconds, movementTotals } from './movements';

// uPlot (about 20 KB compressed) comes with the chart only, after the figures have shown.
const MovementsChart = lazy(async () => ({ default: (await import('./MovementsChart')).MovementsChart }));

/**
 * What moved each day, by what it was (the API's buckets): a caption with the
 * totals in plain words, the chart (received and delivered), and every bucket
 * as a table (the chart's text alternative, open on demand); opening stock and
 * deletions only when there were any. Nothing moved: says so instead.
 */
export function MovementsPanel({ days }: { days: readonly DayMovement[] }) {
  const totals = movementTotals(days);
  const shown = BUCKET_WORDS.filter(({ bucket, always }) => always || days.some((day) => day[bucket] !== 0));
  const said = (bucket: DayBucket, units: number) =>
    bucket === 'corrections' ? formatSignedCount(units) : formatCount(units);
  return (
    <section className="card card-body shadow-sm" aria-labelledby="movements-title">
      <h2 id="movements-title" className="h5">
        What moved each day
      </h2>
      {!totals.moved ? (
        <p className="text-secondary mb-0" data-testid="movements-empty">
          Nothing moved in the last {STATS_DAYS} days: no restock, delivery or new item.
        </p>
      ) : (
        <figure className="mb-0">
          <figcaption className="small text-secondary mb-2" data-testid="movements-caption">
            Last {STATS_DAYS} days (UTC): {formatCount(totals.received)} received, {formatCount(totals.delivered)}{' '}
            delivered, {formatCount(totals.removed)} removed, corrections {formatSignedCount(totals.corrections)}.
            {(totals.opening !== 0 || totals.deletions !== 0) &&
              ` Opening stock ${formatCount(totals.opening)}, deleted ${formatCount(totals.deletions)}.`}
            {totals.busiest &&
              ` Most delivered on ${dayLabel(daySeconds(totals.busiest.day))}: ${formatCount(totals.busiest.delivered)}.`}
          </figcaption>
          <Suspense fallback={<div className="movements-chart" />}>
            <MovementsChart days={days} />
          </Suspense>
          <details className="mt-2">
            <summary className="small">The numbers by day</summary>
            <div className="table-responsive">
              <table className="table table-striped movements-table mt-2 mb-0">
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    {shown.map(({ bucket, word }) => (
                      <th scope="col" key={bucket}>
                        {word[0]!.toUpperCase() + word.slice(1)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {days.map((day) => (
                    <tr key={day.day}>
                      <th scope="row" className="fw-normal">
                        <time dateTime={day.day}>{dayLabel(daySeconds(day.day))}</time>
                      </th>
                      {shown.map(({ bucket }) => (
                        <td key={bucket}>{said(bucket, day[bucket])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </figure>
      )}
    </section>
  );
}
