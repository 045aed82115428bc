import { useParams } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { QueryError } from '../../../components/QueryError';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useCount } from '../api/get-count';
import { CloseCount } from './CloseCount';
import { CountClosed } from './CountClosed';
import { CountSheet } from './CountSheet';
import { CountSummary } from './CountSummary';
import { VarianceTable } from './VarianceTable';
import { PersonName } from '../../../components/PersonName';
import { When } from '../../../components/When';
import { scopeText, STATE_LABELS } from './count-texts';
import './counts.css';

/**
 * A manager's review of a session (manageCounts; the route refuses anyone else): its figures, the lines off
 * the ledger, its count sheet, and Apply or Cancel. Open, its figures follow the counters every 3 s.
 */
export function CountReview() {
  const { countId = '' } = useParams();
  const count = useCount(countId, { live: true });
  usePageTitle(count.data ? `Review: ${count.data.name}` : 'Review count');
  if (count.isError) return <QueryError error={count.error} onRetry={() => void count.refetch()} />;
  if (!count.data) return <p className="text-secondary placeholder-glow">Loading the count...</p>;
  const data = count.data;
  const open = data.state === 'open';

  return (
    <section aria-labelledby="review-title" className="count-review">
      <div className="d-flex flex-wrap align-items-start gap-2 mb-1">
        <h1 id="review-title" className="h3 mb-0 text-break flex-grow-1">
          Review: {data.name}
        </h1>
        {open && (
          <LinkButton to={paths.counts.count.href(data._id)} variant="outline-primary" className="touch-target">
            Count
          </LinkButton>
        )}
      </div>
      <p className="small text-secondary text-break">
        {STATE_LABELS[data.state]}
        {data.blind && ' · blind'} · {scopeText(data)} · opened by <PersonName email={data.createdBy} />,{' '}
        <When at={data.at} />
      </p>
      <CountClosed count={data} />
      <CountSummary count={data} />
      <h2 className="h5">Differences</h2>
      <VarianceTable countId={data._id} counted={data.counted} />
      <CountSheet countId={data._id} open={open} />
      {open && <CloseCount count={data} />}
      <LinkButton to={paths.counts.list.href()} variant="link" className="px-0 touch-target">
        All counts
      </LinkButton>
    </section>
  );
}
