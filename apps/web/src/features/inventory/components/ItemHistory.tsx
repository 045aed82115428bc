import type { StockMovement } from '@smart-zone/types/item';
import { reasonLabel } from '@smart-zone/types/movement-kinds';
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

const HISTORY_COLUMNS = ['When', 'Reason', 'Change', 'Quantity after', 'Who', 'Note'];

const signed = (delta: number) => (delta < 0 ? `−${-delta}` : `+${delta}`);
const when = (iso: string) => new Date(iso).toLocaleString();
const rowId = (movementId: string) => `movement-${movementId}`;

/**
 * Why the stock moved. An undone change is struck through and says so; an
 * undo says which change it took back, with a link to its row when that is
 * on this page.
 */
function Reason({ movement, shown }: { movement: StockMovement; shown: StockMovement[] }) {
  if (movement.undoneBy) {
    return (
      <span>
        <s>{reasonLabel(movement.reason)}</s>{' '}
        <a href={`#${rowId(movement.undoneBy)}`} className="small">
          (undone)
        </a>
      </span>
    );
  }
  if (movement.reason !== 'undo' || !movement.undoOf) return <>{reasonLabel(movement.reason)}</>;
  const undone = shown.find((other) => other._id === movement.undoOf);
  return (
    <span>
      {reasonLabel('undo')} of{' '}
      {undone ? (
        <a href={`#${rowId(undone._id)}`}>
          {reasonLabel(undone.reason)} {signed(undone.delta)} at {when(undone.at)}
        </a>
      ) : (
        'an earlier change'
      )}
    </span>
  );
}

function HistoryRow({ movement, shown }: { movement: StockMovement; shown: StockMovement[] }) {
  const change = signed(movement.delta);
  return (
    <tr id={rowId(movement._id)} data-testid="history-row">
      <td data-label="When" className="small">
        {when(movement.at)}
      </td>
      <td data-label="Reason">
        <Reason movement={movement} shown={shown} />
      </td>
      <td data-label="Change" className={movement.delta < 0 ? 'text-danger' : 'text-success'}>
        {movement.undoneBy ? <s>{change}</s> : change}
      </td>
      <td data-label="Quantity after">{movement.quantityAfter}</td>
      <td data-label="Who" className="text-break">
        {movement.actor.email}
      </td>
      <td data-label="Note">{movement.note ?? ''}</td>
    </tr>
  );
}

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
                  {movements.items.map((movement) => (
                    <HistoryRow key={movement._id} movement={movement} shown={movements.items} />
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
