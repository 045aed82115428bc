import { STATS_DAYS, type TopMover } from '@smart-zone/types/stats';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatCount } from '../../../lib/numbers';

/** The items with the most units delivered (less cancels) over the last days, most first (the API's order), each a link to its page. */
export function TopMovers({ movers }: { movers: readonly TopMover[] }) {
  return (
    <section className="card card-body shadow-sm" aria-labelledby="top-movers-title">
      <h2 id="top-movers-title" className="h5">
        Top movers
      </h2>
      <p className="small text-secondary">Most units delivered, last {STATS_DAYS} days</p>
      {movers.length ? (
        <ol className="top-movers mb-0">
          {movers.map((mover) => (
            <li key={mover.itemId} data-testid="top-mover">
              <div className="top-mover">
                <Link to={paths.inventory.detail.href(mover.itemId)} className="text-break">
                  {mover.name}
                </Link>
                <span className="text-nowrap fw-semibold">{formatCount(mover.out)} delivered</span>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-secondary mb-0">No item in the catalogue was delivered in the last {STATS_DAYS} days.</p>
      )}
    </section>
  );
}
