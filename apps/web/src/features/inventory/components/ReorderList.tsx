import type { Item } from '@smart-zone/types/item';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { EmptyList } from '../../../components/EmptyList';
import { ListQuery } from '../../../components/ListQuery';
import { ListSummary } from '../../../components/ListSummary';
import { PageNav } from '../../../components/PageNav';
import { SummarySkeleton, TableSkeleton } from '../../../components/Skeleton';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useDownloadCsv } from '../../../lib/download-csv';
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
  const items = useItems({
    stock: 'low',
    sort: 'shortfall',
    limit: REORDER_PAGE_SIZE,
    skip: params.page > 1 ? (params.page - 1) * REORDER_PAGE_SIZE : undefined,
  });
  const download = useDownloadCsv();
  // While the next page loads, the previous rows stay: the summary describes the rows on screen.
  const [shownPage, setShownPage] = useState(params.page);
  if (items.data && !items.isPlaceholderData && shownPage !== params.page) setShownPage(params.page);

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
      <ListQuery
        placeholder={
          <>
            <SummarySkeleton />
            <TableSkeleton columns={COLUMNS} rows={REORDER_PAGE_SIZE} />
          </>
        }
        loadingLabel="Loading the reorder list..."
        query={items}
        empty={
          <EmptyList page={params.page} search="" noun="item" onFirstPage={() => params.setPage(1)}>
            <p className="text-secondary">No item is at or below its reorder point: nothing to reorder.</p>
          </EmptyList>
        }
      >
        {(page) => (
          <>
            <ListSummary
              page={shownPage}
              size={REORDER_PAGE_SIZE}
              shown={page.items.length}
              total={page.total}
              noun="items to reorder"
            />
            <Table striped className="align-middle table-stack">
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th scope="col" key={column}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.items.map((item) => (
                  <ReorderRow key={item._id} item={item} />
                ))}
              </tbody>
            </Table>
            <PageNav
              label="Pages of the reorder list"
              page={params.page}
              total={page.total}
              size={REORDER_PAGE_SIZE}
              onSelect={params.setPage}
            />
          </>
        )}
      </ListQuery>
    </section>
  );
}
