import { UNDO_WINDOW_MS } from '@smart-zone/types/imports';
import { isUndoable, type StockMovement } from '@smart-zone/types/item';
import { reasonLabel } from '@smart-zone/types/movement-kinds';
import { REMOVAL_REASON_LABELS } from '@smart-zone/types/removal-reasons';
import { can } from '@smart-zone/types/roles';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { PagedTable } from '../../../components/PagedTable';
import { PersonName } from '../../../components/PersonName';
import { When } from '../../../components/When';
import { type Access, useAccess } from '../../../lib/auth/get-me';
import { useDownloadCsv } from '../../../lib/download-csv';
import { pageWindow } from '../../../lib/list-request';
import { toast } from '../../../lib/toast';
import { itemMovementsCsv } from '../api/csv-files';
import { useItemHistory } from '../api/get-item-history';
import { useItemStock } from '../api/get-item-stock';
import { useUndoMovement } from '../api/undo-movement';
import { MovementPlaces } from './MovementPlaces';

export const HISTORY_PAGE_SIZE = 10;

const HISTORY_COLUMNS = ['When', 'Reason', 'Change', 'Quantity after', 'Who', 'Note', ''];

/**
 * Whether `access` may undo `movement` now, as POST /movements/:id/undo decides (movements.routes.ts): an
 * undoable change not undone yet; a manager's any time, anyone else's own within UNDO_WINDOW_MS.
 */
function mayUndo(movement: StockMovement, access: Access, now: number): boolean {
  if (access.status !== 'member' || !can(access.role, 'moveStock')) return false;
  if (!isUndoable(movement.reason) || movement.undoneBy) return false;
  if (can(access.role, 'manageItems')) return true;
  return movement.actor.uid === access.uid && now - Date.parse(movement.at) < UNDO_WINDOW_MS;
}

/** The time now, again every 30 s: an own change's Undo goes once its 10 minutes are over. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const signed = (delta: number) => (delta < 0 ? `−${-delta}` : delta > 0 ? `+${delta}` : '0');
const rowId = (movementId: string) => `movement-${movementId}`;

/**
 * Why the stock moved. An undone change is struck through and says so; an
 * undo says which change it took back, with a link to its row when that is
 * on this page.
 */
function Reason({
  movement,
  shown,
  known,
}: {
  movement: StockMovement;
  shown: StockMovement[];
  known: ReadonlyMap<string, string>;
}) {
  // A removal's reason from the short list, under its kind; then where its units went, when not all at Main.
  const why = (
    <>
      {movement.why && <span className="d-block small text-secondary">{REMOVAL_REASON_LABELS[movement.why]}</span>}
      {movement.places && movement.places.length > 0 && <MovementPlaces places={movement.places} known={known} />}
    </>
  );
  if (movement.undoneBy) {
    return (
      <span>
        <s>{reasonLabel(movement.reason)}</s>{' '}
        <a href={`#${rowId(movement.undoneBy)}`} className="small">
          (undone)
        </a>
        {why}
      </span>
    );
  }
  if (movement.reason !== 'undo' || !movement.undoOf) {
    // One element: a phone's stacked row lays the cell's children side by side.
    return (
      <span>
        {reasonLabel(movement.reason)}
        {why}
      </span>
    );
  }
  const undone = shown.find((other) => other._id === movement.undoOf);
  return (
    <span>
      {reasonLabel('undo')} of{' '}
      {undone ? (
        <a href={`#${rowId(undone._id)}`}>
          {reasonLabel(undone.reason)} {signed(undone.delta)}, <When at={undone.at} />
        </a>
      ) : (
        'an earlier change'
      )}
      {why}
    </span>
  );
}

function HistoryRow({
  movement,
  shown,
  known,
  undo,
}: {
  movement: StockMovement;
  shown: StockMovement[];
  /** Paths of the locations the page knows (the item's stock lines), by id. */
  known: ReadonlyMap<string, string>;
  /** Takes this change back; absent where the API would refuse it. */
  undo?: { run: () => void; busy: boolean };
}) {
  const change = signed(movement.delta);
  return (
    <tr id={rowId(movement._id)} data-testid="history-row">
      <td data-label="When" className="small">
        <When at={movement.at} />
      </td>
      <td data-label="Reason">
        <Reason movement={movement} shown={shown} known={known} />
      </td>
      <td
        data-label="Change"
        className={`text-nowrap ${movement.delta < 0 ? 'text-danger' : movement.delta > 0 ? 'text-success' : 'text-secondary'}`}
      >
        {movement.undoneBy ? <s>{change}</s> : change}
      </td>
      <td data-label="Quantity after" className="text-nowrap">
        {movement.quantityAfter}
      </td>
      <td data-label="Who">
        <PersonName email={movement.actor.email} />
      </td>
      <td data-label="Note">{movement.note ?? ''}</td>
      <td className="table-actions">
        {undo && (
          <Button
            variant="outline-secondary"
            className="touch-target"
            aria-label={`Undo ${reasonLabel(movement.reason)} ${change}`}
            disabled={undo.busy}
            onClick={undo.run}
          >
            {undo.busy ? 'Undoing...' : 'Undo'}
          </Button>
        )}
      </td>
    </tr>
  );
}

/**
 * The item's stock ledger for staff (InventoryDetail shows it to readStock):
 * every change, newest first, with who made it and why, an Undo where the API
 * would allow one; and all of it as a CSV, oldest first.
 */
export function ItemHistory({ itemId, itemName }: { itemId: string; itemName: string }) {
  const [page, setPage] = useState(1);
  const history = useItemHistory(itemId, pageWindow(page, HISTORY_PAGE_SIZE));
  // The paths of the locations holding the item: most places a row names, known without asking again.
  const stock = useItemStock(itemId);
  const known = new Map((stock.data ?? []).map((line) => [line.locationId, line.path]));
  const exportCsv = useDownloadCsv();
  const access = useAccess();
  const now = useNow();
  // A refusal (too late, already undone, not enough stock) is toasted in the API's words by the query client.
  const undo = useUndoMovement(itemId, {
    onUndone: ({ quantity }) => toast.success(`Undone: ${itemName} has ${quantity} in stock again`),
  });
  const undoOf = (movement: StockMovement) =>
    mayUndo(movement, access, now)
      ? {
          run: () => undo.mutate(movement._id),
          busy: undo.isPending && undo.variables === movement._id,
        }
      : undefined;

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
          row={(movement, shown) => (
            <HistoryRow movement={movement} shown={shown} known={known} undo={undoOf(movement)} />
          )}
        />
      </Card.Body>
    </Card>
  );
}
