import type { Item } from '@smart-zone/types/item';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { PagedTable } from '../../../components/PagedTable';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useDownloadCsv } from '../../../lib/download-csv';
import { pageWindow } from '../../../lib/list-request';
import { type SortOption, useListParams } from '../../../lib/use-list-params';
import { REORDER_LIST_CSV } from '../api/csv-files';
import { useItems } from '../api/get-items';

export const REORDER_PAGE_SIZE = 20;

/** The CSV's columns, in its order. */
const COLUMNS = ['Item', 'Supplier', 'Quantity', 'Reorder point', 'Shortfall'];
/** What is missing most comes first: the API's `shortfall` (reorder point − quantity, largest first). */
const BY_SHORTFALL: readonly SortOption[] = [{ value: 'shortfall', label: 'Shortfall (largest first)' }];

function ReorderRow({ item }: { item: Item }) {
  const [name, supplier, quantity, minStock, shortfall] = COLUMNS;
  return (
    <tr data-testid="reorder-row">
      <th scope="row" data-label={name}>
        <Link to={paths.inventory.detail.href(item._id)}>{item.name}</Link>
      </th>
      <td data-label={supplier}>{item.supplier}</td>
      <td data-label={quantity} className={item.quantity === 0 ? 'text-danger' : undefined}>
        {item.quantity}
      </td>
      <td data-label={minStock}>{item.minStock}</td>
      <td data-label={shortfall} className="fw-semibold">
        {item.minStock - item.quantity}
      </td>
    </tr>
  );
}

/**
 * Every item at or below its reorder point, what is missing most first, paged
 * like the other lists (`?page=`), and the whole list as the CSV a supplier
 * order starts from.
 */
export function ReorderList() {
  usePageTitle('Reorder list');
  const params = useListParams(BY_SHORTFALL, 'shortfall');
  const items = useItems({ stock: 'low', sort: 'shortfall', ...pageWindow(params.page, REORDER_PAGE_SIZE) });
  const download = useDownloadCsv();

  return (
    <section aria-labelledby="reorder-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-2">
        <h1 id="reorder-title" className="mb-0">
          Reorder list
        </h1>
        <Button variant="primary" disabled={download.isPending} onClick={() => download.mutate(REORDER_LIST_CSV)}>
          {download.isPending ? 'Downloading...' : 'Download CSV'}
        </Button>
      </div>
      <p className="text-secondary mb-3">
        Items at or below their reorder point, the largest shortfall first.{' '}
        <Link to={paths.manageInventories.href()}>Back to Manage Inventories</Link>
      </p>
      <PagedTable
        source={{ query: items, skeletonRows: REORDER_PAGE_SIZE, loading: 'Loading the reorder list...' }}
        columns={COLUMNS}
        paging={params}
        size={REORDER_PAGE_SIZE}
        texts={{ many: 'items to reorder', one: 'item', pages: 'Pages of the reorder list' }}
        empty={<p className="text-secondary">No item is at or below its reorder point: nothing to reorder.</p>}
        row={(item) => <ReorderRow item={item} />}
      />
    </section>
  );
}
