import type { StockMovement } from '@smart-zone/types/item';
import { reasonLabel } from '@smart-zone/types/movement-kinds';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { PagedTable } from '../../../components/PagedTable';
import { useDownloadCsv } from '../../../lib/download-csv';
import { pageWindow } from '../../../lib/list-request';
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
  const history = useItemHistory(itemId, pageWindow(page, HISTORY_PAGE_SIZE));
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
        <PagedTable
          source={{ query: history, skeletonRows: 3, loading: 'Loading the history...' }}
          columns={HISTORY_COLUMNS}
          className="mb-0"
          paging={{ page, setPage }}
          size={HISTORY_PAGE_SIZE}
          texts={{ many: 'changes', one: 'change', pages: 'Pages of the stock history' }}
          empty={<p className="text-secondary mb-0">No stock changes yet.</p>}
          row={(movement, shown) => <HistoryRow movement={movement} shown={shown} />}
        />
      </Card.Body>
    </Card>
  );
}
