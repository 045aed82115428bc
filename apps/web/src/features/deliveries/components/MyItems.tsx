import type { DeliveredItem } from '@smart-zone/types/delivery';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Spinner } from '../../../components/Spinner';
import { usePageTitle } from '../../../components/use-page-title';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useCancelDelivery, useMyDeliveries } from '../api/delivery-api';

const when = (iso: string) => new Date(iso).toLocaleString();

/** My Item: the signed-in user's deliveries. A failed authorized request signs them out (SPEC 4, 8). */
export function MyItems() {
  usePageTitle('My Item');
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const deliveries = useMyDeliveries(user?.email ?? '');
  const cancel = useCancelDelivery();
  const [toCancel, setToCancel] = useState<DeliveredItem | null>(null);

  const signOutAfter = async (error: unknown) => {
    toast.error(`${errorMessage(error)} Please sign in again.`);
    await signOut().catch(() => undefined);
    navigate('/login', { replace: true });
  };

  const failed = deliveries.isError ? deliveries.error : null;
  useEffect(() => {
    if (failed) void signOutAfter(failed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failure
  }, [failed]);

  const onCancel = async () => {
    if (!toCancel) return;
    try {
      await cancel.mutateAsync(toCancel._id);
      toast.success(`The delivery of ${toCancel.inventory} is cancelled`);
    } catch (error) {
      await signOutAfter(error);
    } finally {
      setToCancel(null);
    }
  };

  if (deliveries.isPending || deliveries.isError) return <Spinner label="Loading your deliveries..." />;
  const rows = deliveries.data;

  return (
    <section aria-labelledby="my-items-title">
      <h1 id="my-items-title">My Item</h1>
      <p className="lead" aria-live="polite">
        You have delivered <strong data-testid="delivery-count">{rows.length}</strong>{' '}
        {rows.length === 1 ? 'item' : 'items'}.
      </p>
      {rows.length === 0 ? (
        <p className="text-secondary">
          No deliveries yet. Open an item in the <Link to="/inventory">inventory</Link> and choose Delevered.
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
                    onClick={() => setToCancel(row)}>
                    Cancel
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        show={toCancel !== null}
        question="Are you sure you want to delete?"
        detail={toCancel ? `The delivery of ${toCancel.quantity} × ${toCancel.inventory} is cancelled and goes back in stock.` : undefined}
        confirmLabel="Cancel delivery"
        busy={cancel.isPending}
        onConfirm={() => void onCancel()}
        onCancel={() => setToCancel(null)}
      />
    </section>
  );
}
