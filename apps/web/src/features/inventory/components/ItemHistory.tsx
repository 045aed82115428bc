import type { MovementReason, StockMovement } from '@smart-zone/types/item';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { ListQuery } from '../../../components/ListQuery';
import { ListSummary } from '../../../components/ListSummary';
import { PageNav } from '../../../components/PageNav';
import { SummarySkeleton, TableSkeleton } from '../../../components/Skeleton';
import { useDownloadCsv } from '../../../lib/download-csv';
import { itemMovementsCsv } from '../api/csv-files';
import { useItemHistory } from '../api/get-item-history';

export const HISTORY_PAGE_SIZE = 10;

const REASONS: Record<MovementReason, string> = {
  created: 'Added',
  restock: 'Restock',
  adjust: 'Adjustment',
  delivery: 'Delivery',
  cancel: 'Delivery cancelled',
  deleted: 'Deleted',
  import: 'CSV import',
  undo: 'Undo',
};

const HISTORY_COLUMNS = ['When', 'Reason', 'Change', 'Quantity after', 'Who', 'Note'];

const signed = (delta: number) => (delta < 0 ? `−${-delta}` : `+${delta}`);
const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * The item's stock ledger for staff (InventoryDetail shows it to readStock):
 * every change, newest first, with who made it and why; and all of it as a CSV, oldest first.
 */
export function ItemHistory({ itemId }: { itemId: string }) {
  const [page, setPage] = useState(1);
  const history = useItemHistory(itemId, {
    limit: HISTORY_PAGE_SIZE,
    skip: page > 1 ? (page - 1) * HISTORY_PAGE_SIZE : undefined,
  });
  const exportCsv = useDownloadCsv();

  return (
    <Card className="shadow-sm mt-4">
      <Card.Body className="p-4">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <h2 className="h4 mb-0">Stock history</h2>
          <Button
            size="sm"
            variant="outline-primary"
            disabled={exportCsv.isPending}
            onClick={() => exportCsv.mutate(itemMovementsCsv(itemId))}
          >
            {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
        <ListQuery
          query={history}
          loadingLabel="Loading the history..."
          placeholder={
            <>
              <SummarySkeleton />
              <TableSkeleton columns={HISTORY_COLUMNS} rows={3} />
            </>
          }
          empty={<p className="text-secondary mb-0">No stock changes yet.</p>}
        >
          {(movements) => (
            <>
              <ListSummary
                page={page}
                size={HISTORY_PAGE_SIZE}
                shown={movements.items.length}
                total={movements.total}
                noun="changes"
              />
              <Table striped className="align-middle table-stack mb-0">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Change</th>
                    <th scope="col">Quantity after</th>
                    <th scope="col">Who</th>
                    <th scope="col">Note</th>
                  </tr>
                </thead>
                <tbody>
                  {movements.items.map((movement: StockMovement) => (
                    <tr key={movement._id} data-testid="history-row">
                      <td data-label="When" className="small">
                        {when(movement.at)}
                      </td>
                      <td data-label="Reason">{REASONS[movement.reason]}</td>
                      <td data-label="Change" className={movement.delta < 0 ? 'text-danger' : 'text-success'}>
                        {signed(movement.delta)}
                      </td>
                      <td data-label="Quantity after">{movement.quantityAfter}</td>
                      <td data-label="Who" className="text-break">
                        {movement.actor.email}
                      </td>
                      <td data-label="Note">{movement.note ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              <PageNav
                label="Pages of the stock history"
                page={page}
                total={movements.total}
                size={HISTORY_PAGE_SIZE}
                onSelect={setPage}
              />
            </>
          )}
        </ListQuery>
      </Card.Body>
    </Card>
  );
}
