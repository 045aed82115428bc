import type { DeliveredItem } from '@smart-zone/types/delivery';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { PersonName } from '../../../components/PersonName';
import { When } from '../../../components/When';
import { paths } from '../../../config/paths';

/**
 * One delivery as a table row, each cell labelled by its column (a card on a
 * phone). `linked`: the item's name opens it; `by`: who delivered it (the
 * Deliveries page, where everyone's are); `actions`: the table has the
 * actions column, with Cancel where `onCancel` is given. A cancelled one
 * stays listed, marked Cancelled, with when, by whom and why.
 */
export function DeliveryRow({
  row,
  testId,
  linked = false,
  by = false,
  actions,
  onCancel,
}: {
  row: DeliveredItem;
  testId: string;
  linked?: boolean;
  by?: boolean;
  actions: boolean;
  onCancel?: () => void;
}) {
  const cancelled = row.cancelledAt !== undefined;
  return (
    <tr
      data-testid={testId}
      data-state={cancelled ? 'cancelled' : 'delivered'}
      className={cancelled ? 'delivery-cancelled' : undefined}
    >
      <th scope="row" data-label="Item">
        {linked ? <Link to={paths.inventory.detail.href(row.inventoriesId)}>{row.inventory}</Link> : row.inventory}
        {cancelled && <span className="badge text-bg-secondary ms-2 align-self-center">Cancelled</span>}
      </th>
      <td data-label="Quantity" className="text-nowrap">
        {/* Struck through once cancelled: those units went back in stock. */}
        {cancelled ? <s>{row.quantity}</s> : row.quantity}
      </td>
      <td data-label="Recipient">{row.name}</td>
      <td data-label="Address">{row.address}</td>
      <td data-label="Phone">{row.phone}</td>
      {by && (
        <td data-label="Delivered by">
          <PersonName email={row.email} />
        </td>
      )}
      <td data-label="Date" className="small">
        <When at={row.createdAt} />
        {cancelled && <CancelledNote row={row} />}
      </td>
      {actions && (
        <td className="table-actions">
          {onCancel && !cancelled && (
            <Button
              size="sm"
              variant="outline-danger"
              aria-label={`Cancel the delivery of ${row.inventory}`}
              onClick={onCancel}
            >
              Cancel
            </Button>
          )}
        </td>
      )}
    </tr>
  );
}

/** When a cancelled delivery was cancelled, by whom (when kept: not before issue 36) and why. */
function CancelledNote({ row }: { row: DeliveredItem }) {
  return (
    <span className="d-block" data-testid="cancelled-note">
      Cancelled <When at={row.cancelledAt!} />
      {row.cancelledBy && (
        <>
          {' '}
          by <PersonName email={row.cancelledBy} />
        </>
      )}
      {row.cancelReason && <>: “{row.cancelReason}”</>}
    </span>
  );
}
