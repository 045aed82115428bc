import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Spinner } from '../../../components/Spinner';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-context';
import { useCancelDelivery } from '../api/cancel-delivery';
import { useMyDeliveries } from '../api/get-my-deliveries';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * My Item: the signed-in user's deliveries with their count. When the
 * authorized request fails, the query client signs the person out and the
 * guard sends them to /login.
 */
export function MyItems() {
  usePageTitle('My Item');
  const { user } = useAuth();
  const deliveries = useMyDeliveries(user?.email ?? '');
  const confirmCancel = useConfirmDelete({
    mutation: useCancelDelivery(),
    detail: (delivery) => `The delivery of ${delivery.quantity} × ${delivery.inventory} is cancelled and goes back in stock.`,
    confirmLabel: 'Cancel delivery',
    onDeleted: (delivery) => toast.success(`The delivery of ${delivery.inventory} is cancelled`),
  });

  if (deliveries.isPending || deliveries.isError) return <Spinner label="Loading your deliveries..." />;
  const rows = deliveries.data;

  return (
    <section aria-labelledby="my-items-title">
      <h1 id="my-items-title">{SPEC_TEXTS.nav.myItem}</h1>
      <p className="lead" aria-live="polite">
        You have delivered <strong data-testid="delivery-count">{rows.length}</strong>{' '}
        {rows.length === 1 ? 'item' : 'items'}.
      </p>
      {rows.length === 0 ? (
        <p className="text-secondary">
          No deliveries yet. Open an item in the <Link to={paths.inventory.list.href()}>inventory</Link> and choose{' '}
          {SPEC_TEXTS.deliveredButton}.
        </p>
      ) : (
        <Table responsive striped className="align-middle">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Quantity</th>
              <th scope="col">Recipient</th>
              <th scope="col">Address</th>
              <th scope="col">Phone</th>
              <th scope="col">Date</th>
              <th scope="col"><span className="visually-hidden">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row._id} data-testid="delivery-row">
                <th scope="row">{row.inventory}</th>
                <td>{row.quantity}</td>
                <td>{row.name}</td>
                <td>{row.address}</td>
                <td>{row.phone}</td>
                <td className="small">{when(row.createdAt)}</td>
                <td>
                  <Button size="sm" variant="outline-danger" aria-label={`Cancel the delivery of ${row.inventory}`}
                    onClick={() => confirmCancel.ask(row)}>
                    Cancel
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {confirmCancel.dialog}
    </section>
  );
}
