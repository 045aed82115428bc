import type { Count } from '@smart-zone/types/count';
import { Link } from 'react-router-dom';
import { FilterSelect } from '../../../components/FilterSelect';
import { PagedTable } from '../../../components/PagedTable';
import { paths } from '../../../config/paths';
import { pageWindow } from '../../../lib/list-request';
import { useListParams } from '../../../lib/use-list-params';
import { useCounts } from '../api/get-counts';
import { PersonName } from '../../../components/PersonName';
import { When } from '../../../components/When';
import { signedMoney, signedUnitsText, STATE_LABELS } from './count-texts';

export const HISTORY_PAGE_SIZE = 20;
const HISTORY_COLUMNS = ['Count', 'State', 'Closed by', 'When', 'Variance', 'Value'] as const;
/** The API lists one state at a time: the applied counts, or (`?history=cancelled`) the cancelled ones. */
const HISTORY_STATES = ['cancelled'] as const;
const HISTORY_OPTIONS = [
  { value: '', label: 'Applied' },
  { value: 'cancelled', label: 'Cancelled' },
];

/** The closed sessions, newest first, paged in the address: who closed each and when, and what it found off. */
export function CountHistory({ manage }: { manage: boolean }) {
  const params = useListParams([], '', { history: HISTORY_STATES });
  const state = params.filter('history') === 'cancelled' ? 'cancelled' : 'applied';
  const closed = useCounts({ state, ...pageWindow(params.page, HISTORY_PAGE_SIZE) });
  return (
    <>
      <div className="mb-3" style={{ maxWidth: '20rem' }}>
        <FilterSelect
          id="count-history-state"
          label="Show"
          options={HISTORY_OPTIONS}
          value={params.filter('history')}
          onFilter={(value) => params.setFilter('history', value)}
        />
      </div>
      <PagedTable<Count>
        source={{ query: closed, skeletonRows: 3, loading: 'Loading the counts...' }}
        columns={HISTORY_COLUMNS}
        paging={params}
        size={HISTORY_PAGE_SIZE}
        texts={{ many: 'counts', one: 'count', pages: 'Pages of counts' }}
        empty={<p className="text-secondary">No {STATE_LABELS[state].toLowerCase()} count yet.</p>}
        row={(count) => (
          <tr data-testid="count-history-row">
            <th scope="row" data-label="Count" className="text-break align-items-baseline">
              <Link
                className="count-row-link"
                to={manage ? paths.counts.review.href(count._id) : paths.counts.count.href(count._id)}
              >
                {count.name}
              </Link>
            </th>
            <td data-label="State">{STATE_LABELS[count.state]}</td>
            <td data-label="Closed by">{count.closedBy ? <PersonName email={count.closedBy} /> : '—'}</td>
            {/* Small, the date alone: a phone's stacked row writes the column's label in the cell's own size. */}
            <td data-label="When">
              <span className="small">{count.closedAt ? <When at={count.closedAt} /> : '—'}</span>
            </td>
            <td data-label="Variance">{count.variance ? signedUnitsText(count.variance.units) : '—'}</td>
            <td data-label="Value">{count.variance ? signedMoney(count.variance.value) : '—'}</td>
          </tr>
        )}
      />
    </>
  );
}
