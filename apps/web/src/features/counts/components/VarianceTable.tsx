import { Link } from 'react-router-dom';
import { PagedTable } from '../../../components/PagedTable';
import { paths } from '../../../config/paths';
import { pageWindow } from '../../../lib/list-request';
import { useListParams } from '../../../lib/use-list-params';
import { useCountLineRows } from '../api/get-count-lines';
import { formatSignedCount } from '../../../lib/numbers';
import { signedMoney } from './count-texts';

export const VARIANCE_PAGE_SIZE = 25;
const VARIANCE_COLUMNS = ['Item', 'Expected', 'Counted', 'Variance', 'Value'] as const;

/**
 * The counted lines off the ledger, the largest difference in money first, paged in the address (`?page=`):
 * each item's page (its stock history shows the correction once applied), expected, counted, and the
 * difference signed, in units and money.
 */
export function VarianceTable({ countId, counted }: { countId: string; counted: number }) {
  // Nothing counted yet: nothing can be off, and nothing to ask. Else as many grey rows as there can be lines (4
  // at most): a tall skeleton that turns into one line would pull the cards under it up into view.
  if (counted === 0) return NO_DIFFERENCE;
  return <VarianceRows countId={countId} skeletonRows={Math.min(counted, 4)} />;
}

const NO_DIFFERENCE = <p className="text-secondary">No counted line is off the ledger.</p>;

function VarianceRows({ countId, skeletonRows }: { countId: string; skeletonRows: number }) {
  const params = useListParams([], '');
  const lines = useCountLineRows(countId, { filter: 'variance', ...pageWindow(params.page, VARIANCE_PAGE_SIZE) });
  return (
    <PagedTable
      source={{ query: lines, skeletonRows, loading: 'Loading the differences...' }}
      columns={VARIANCE_COLUMNS}
      paging={params}
      size={VARIANCE_PAGE_SIZE}
      texts={{ many: 'lines off', one: 'line off', pages: 'Pages of differences' }}
      empty={NO_DIFFERENCE}
      row={(line) => (
        <tr data-testid="variance-row">
          <th scope="row" data-label="Item" className="text-break align-items-baseline">
            {/* One element: a phone's stacked row lays the cell's children side by side (the SKU goes under). */}
            <span>
              <Link className="count-row-link" to={paths.inventory.detail.href(line.itemId)}>
                {line.name}
              </Link>
              {line.sku && <span className="d-block small text-secondary fw-normal">{line.sku}</span>}
            </span>
          </th>
          <td data-label="Expected">{line.expected ?? '—'}</td>
          <td data-label="Counted">{line.counted ?? '—'}</td>
          <td data-label="Variance" className={tone(line.variance)}>
            {line.variance === undefined ? '—' : formatSignedCount(line.variance)}
          </td>
          <td data-label="Value" className={tone(line.value)}>
            {line.value === undefined ? '—' : signedMoney(line.value)}
          </td>
        </tr>
      )}
    />
  );
}

/** Missing units in red, found ones in green. */
const tone = (n: number | undefined) =>
  n === undefined || n === 0 ? undefined : n < 0 ? 'text-danger' : 'text-success';
