import type { Item } from '@smart-zone/types/item';
import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { STOCK_FILTERS, type StockFilter } from '@smart-zone/types/stock';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { EmptyWarehouseCard } from '../../../components/EmptyWarehouseCard';
import { LinkButton } from '../../../components/LinkButton';
import { Money } from '../../../components/Money';
import { StockStateBadge, useQuantityFlash } from '../../../components/StockBadge';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { mayUse, offers, useAccess } from '../../../lib/auth/get-me';
import { useDownloadCsv } from '../../../lib/download-csv';
import { useListParams } from '../../../lib/use-list-params';
import { PrintLabelsButton } from './PrintLabelsButton';
import { inventoryCsv } from '../api/csv-files';
import { useDeleteItem } from '../api/delete-item';
import { itemsPageQuery } from '../api/get-items';
import { MANAGE_DEFAULT_SORT, MANAGE_PAGE_SIZE } from '../page-sizes';
import { FindBySku } from './FindBySku';
import { MANAGE_SORT_OPTIONS } from './item-sorts';
import { PagedItems } from './PagedItems';
import { StockActions } from './StockActions';
import { ManageRowsSkeleton } from './skeletons';

/**
 * The list's search, stock filter and order as the address gives them (what
 * PagedItems reads and asks the API for): the export is the list on screen, every page of it.
 */
function useListedQuery() {
  const params = useListParams(MANAGE_SORT_OPTIONS, MANAGE_DEFAULT_SORT, { stock: STOCK_FILTERS });
  const { q, stock, sort } = itemsPageQuery(
    { ...params, stock: params.filter('stock') as StockFilter | '' },
    MANAGE_PAGE_SIZE,
  );
  return { q, stock, sort };
}

export function ManageInventories() {
  usePageTitle('Manage Inventories');
  const listed = useListedQuery();
  const exportCsv = useDownloadCsv();
  // Adding and deleting items is a manager's (roles.ts); a viewer or a clerk reads the list.
  const access = useAccess();
  const manage = offers(access, 'manageItems');
  // Receive, remove, deliver on each row (StockActions): a clerk's too.
  const actions = manage || mayUse(access, 'moveStock') || mayUse(access, 'deliver');
  const deleteItem = useDeleteItem();
  const confirmDelete = useConfirmDelete({
    mutation: deleteItem,
    detail: (doomed) => `${doomed.name} and its stock of ${doomed.quantity} leave the inventory.`,
    reason: { required: false },
    onDeleted: (deleted) => toast.success(`${deleted.name} is deleted`),
  });
  const deleting = (id: string) => deleteItem.isPending && deleteItem.variables._id === id;
  // The rows ticked for labels, kept while paging (id → name).
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const select = (rows: readonly Item[], on: boolean) =>
    setSelected((before) => {
      const after = new Map(before);
      for (const row of rows) {
        if (on) after.set(row._id, row.name);
        else after.delete(row._id);
      }
      return after;
    });

  return (
    <section aria-labelledby="manage-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <h1 id="manage-title" className="mb-0">
          Manage Inventories
        </h1>
        <div className="d-flex flex-wrap gap-2">
          <PrintLabelsButton items={[...selected].map(([_id, name]) => ({ _id, name }))}>
            {selected.size > 0 ? `Print labels (${selected.size})` : 'Print labels'}
          </PrintLabelsButton>
          <LinkButton to={paths.reorderList.href()} variant="outline-primary">
            Reorder list
          </LinkButton>
          <LinkButton to={paths.locations.href()} variant="outline-primary">
            Locations
          </LinkButton>
          <Button
            variant="outline-primary"
            disabled={exportCsv.isPending}
            onClick={() => exportCsv.mutate(inventoryCsv(listed))}
          >
            {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
          {manage && (
            <LinkButton to={paths.importItems.href()} variant="outline-primary">
              Import CSV
            </LinkButton>
          )}
          {manage && (
            <LinkButton to={paths.addNewItem.href()} variant="primary">
              {SPEC_TEXTS.addNewItemButton}
            </LinkButton>
          )}
        </div>
      </div>
      <FindBySku />
      <PagedItems
        idPrefix="manage"
        pageSize={MANAGE_PAGE_SIZE}
        // What was added last comes first: that is what a manager looks for.
        defaultSort={MANAGE_DEFAULT_SORT}
        sorts={MANAGE_SORT_OPTIONS}
        stockFilter
        // Narrowed to one location: whoever reads stock (a viewer too).
        locationFilter={mayUse(access, 'readStock')}
        placeholder={<ManageRowsSkeleton />}
        empty={<p className="text-secondary">{manage ? 'No items yet. Add the first one.' : 'No items yet.'}</p>}
      >
        {(items) => (
          <Table striped hover className="align-middle table-stack caption-top">
            <caption className="py-0">
              <Form.Check
                id="manage-select-page"
                className="import-choice text-body"
                label="Select this page"
                checked={items.every((item) => selected.has(item._id))}
                onChange={(event) => select(items, event.target.checked)}
              />
            </caption>
            <thead>
              <tr>
                <th scope="col" className="select-cell">
                  <span className="visually-hidden">Selected</span>
                </th>
                <th scope="col">Name</th>
                <th scope="col">Price</th>
                <th scope="col">Quantity</th>
                <th scope="col">Reorder point</th>
                <th scope="col">Supplier</th>
                <th scope="col">Description</th>
                {actions && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item._id} data-testid="manage-row">
                  <td className="select-cell" data-label="Select">
                    <label>
                      <input
                        type="checkbox"
                        className="form-check-input"
                        aria-label={`Select ${item.name}`}
                        checked={selected.has(item._id)}
                        onChange={(event) => select([item], event.target.checked)}
                      />
                    </label>
                  </td>
                  <th scope="row" data-label="Name">
                    {/* One box: the stacked row (narrow screens) puts it beside its label, name over SKU. */}
                    <div>
                      <Link className="list-item-link" to={paths.inventory.detail.href(item._id)}>
                        {item.name}
                      </Link>
                      {item.sku && <div className="small fw-normal text-secondary text-break">SKU: {item.sku}</div>}
                    </div>
                  </th>
                  <td data-label="Price">
                    <Money value={item.price} />
                  </td>
                  <td data-label="Quantity">
                    <StockQuantity item={item} />
                  </td>
                  <td data-label="Reorder point" className="text-nowrap">
                    {item.minStock > 0 ? item.minStock : <span className="text-secondary">None</span>}
                  </td>
                  <td data-label="Supplier">{item.supplier}</td>
                  <td data-label="Description" className="small text-secondary table-description">
                    {item.description}
                  </td>
                  {actions && (
                    <td className="table-actions">
                      {/* Stock first, in reach of a thumb; Delete last, quieter. */}
                      <div className="d-flex flex-wrap gap-2 manage-row-actions">
                        <StockActions item={item} layout="sheet" />
                        {manage && (
                          <Button
                            variant="outline-danger"
                            className="touch-target"
                            aria-label={`${SPEC_TEXTS.deleteButton} ${item.name}`}
                            disabled={deleting(item._id)}
                            onClick={() => confirmDelete.ask(item)}
                          >
                            {deleting(item._id) ? 'Deleting...' : SPEC_TEXTS.deleteButton}
                          </Button>
                        )}
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </PagedItems>
      {/* Under the list, not over it: it comes with its own answer, and the list would move down under a thumb. */}
      <EmptyWarehouseCard />
      {confirmDelete.dialog}
    </section>
  );
}

/** A table cell's quantity, then its out or low badge (Manage Inventories). */
function StockQuantity({ item }: { item: Item }) {
  const flash = useQuantityFlash(item);
  return (
    <span className={`d-inline-flex flex-wrap align-items-center gap-2${flash}`}>
      {item.quantity}
      <StockStateBadge item={item} />
    </span>
  );
}
