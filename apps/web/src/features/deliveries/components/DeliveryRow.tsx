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
 * actions column, with Cancel where `onCancel` is given.
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
  return (
    <tr data-testid={testId}>
      <th scope="row" data-label="Item">
        {linked ? <Link to={paths.inventory.detail.href(row.inventoriesId)}>{row.inventory}</Link> : row.inventory}
      </th>
      <td data-label="Quantity" className="text-nowrap">
        {row.quantity}
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
      </td>
      {actions && (
        <td className="table-actions">
          {onCancel && (
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
