import { LinkButton } from '../../components/LinkButton';
import { QueryError } from '../../components/QueryError';
import { paths } from '../../config/paths';
import { useCounts } from '../../features/counts/api/get-counts';
import { CountProgress } from '../../features/counts/components/CountProgress';
import { TodaySection } from './TodaySection';

/** The open counts the page shows; the Counts page has them all. */
const SHOWN = 3;

/** The page's open counts (TodayPage waits for them, as for the alerts). */
export const useTodayCounts = (enabled = true) => useCounts({ state: 'open', limit: SHOWN }, { enabled });

/**
 * The stock counts going on (GET /counts?state=open, countStock): each one's progress and its Count button. Only
 * while there is one: a shop that counts nothing today is not told so.
 */
export function TodayCounts() {
  const open = useTodayCounts();
  if (open.isError) {
    return (
      <TodaySection id="today-counts" title="Open counts" more={{ to: paths.counts.list.href(), label: 'All counts' }}>
        <QueryError error={open.error} onRetry={() => void open.refetch()} />
      </TodaySection>
    );
  }
  if (!open.data?.items.length) return null;
  const { items, total } = open.data;
  return (
    <TodaySection
      id="today-counts"
      title={
        <>
          Open counts <span className="badge rounded-pill bg-primary">{total}</span>
        </>
      }
      more={{ to: paths.counts.list.href(), label: 'All counts' }}
    >
      <ul className="list-group list-group-flush">
        {items.map((count) => (
          <li key={count._id} className="list-group-item px-0 d-flex flex-wrap align-items-center gap-3">
            <div className="flex-grow-1" style={{ minWidth: '12rem' }}>
              <p className="fw-semibold text-break mb-1">{count.name}</p>
              <CountProgress count={count} />
            </div>
            <LinkButton
              to={paths.counts.count.href(count._id)}
              className="touch-target d-inline-flex align-items-center"
            >
              Count <span className="visually-hidden">{count.name}</span>
            </LinkButton>
          </li>
        ))}
      </ul>
    </TodaySection>
  );
}
