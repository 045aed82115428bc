import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { LinkButton } from '../../../components/LinkButton';
import { QueryError } from '../../../components/QueryError';
import { paths } from '../../../config/paths';
import { useCounts } from '../api/get-counts';
import { CountProgress } from './CountProgress';
import { PersonName } from '../../../components/PersonName';
import { When } from '../../../components/When';
import { scopeText } from './count-texts';

/** Open sessions a page asks for at first: a warehouse rarely has more going at once. */
const OPEN_SHOWN = 20;

/**
 * The open sessions, newest first, their progress asked again every 3 s while the page is open (several
 * counters at once): each one's Count, and for managers its Review.
 */
export function OpenCounts({ manage }: { manage: boolean }) {
  const [shown, setShown] = useState(OPEN_SHOWN);
  const open = useCounts({ state: 'open', limit: shown }, { live: true });
  if (open.isError) return <QueryError error={open.error} onRetry={() => void open.refetch()} />;
  if (!open.data) return <p className="text-secondary placeholder-glow">Loading the open counts...</p>;
  const { items, total } = open.data;
  if (items.length === 0)
    return (
      <p className="text-secondary" data-testid="open-counts-empty">
        No count is open.{manage ? ' Open one above.' : ' A manager opens one.'}
      </p>
    );
  return (
    <>
      <ul className="list-group mb-2" aria-label="Open counts">
        {items.map((count) => (
          <li key={count._id} className="list-group-item py-3" data-testid="open-count">
            <div className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
              <h3 className="h6 mb-0 text-break flex-grow-1">{count.name}</h3>
              {count.blind && <span className="badge text-bg-secondary">Blind</span>}
            </div>
            <p className="small text-secondary mb-2 text-break">
              {scopeText(count)} · opened by <PersonName email={count.createdBy} />, <When at={count.at} />
            </p>
            <CountProgress count={count} className="mb-2" />
            <div className="d-flex flex-wrap gap-2">
              <LinkButton to={paths.counts.count.href(count._id)} className="touch-target flex-grow-1">
                Count
              </LinkButton>
              {manage && (
                <LinkButton
                  to={paths.counts.review.href(count._id)}
                  variant="outline-primary"
                  className="touch-target flex-grow-1"
                >
                  Review
                </LinkButton>
              )}
            </div>
          </li>
        ))}
      </ul>
      {total > items.length && (
        <Button variant="outline-primary" className="touch-target" onClick={() => setShown((n) => n + OPEN_SHOWN)}>
          Show {Math.min(OPEN_SHOWN, total - items.length)} more
        </Button>
      )}
    </>
  );
}
