import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatPrice } from '../../../components/ItemCard';
import { ItemImage } from '../../../components/ItemImage';
import { QueryError } from '../../../components/QueryError';
import { Spinner } from '../../../components/Spinner';
import { StockBadge } from '../../../components/StockBadge';
import { usePageTitle } from '../../../components/use-page-title';
import { errorMessage } from '../../../lib/api-client';
import { itemQuery } from '../../../lib/item-queries';
import { useSignInFirst } from '../../../lib/use-sign-in-first';
import { useDeleteItem } from '../api/item-mutations';
import { UpdateItemForm } from './UpdateItemForm';

export function InventoryDetail() {
  usePageTitle('Inventory Details');
  const params = useParams();
  const id = params.inventoryId ?? params.Id ?? '';
  const item = useQuery(itemQuery(id));
  const deleteItem = useDeleteItem();
  const signInFirst = useSignInFirst();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  if (item.isPending) return <Spinner label="Loading the item..." />;
  if (item.isError) return <QueryError error={item.error} onRetry={() => void item.refetch()} />;
  const data = item.data;

  const onDelete = async () => {
    try {
      const result = await deleteItem.mutateAsync(data._id);
      if (result.deletedCount > 0) {
        toast.success(`${data.name} is deleted`);
        navigate('/inventory', { replace: true });
      } else {
        toast.error('This item was already deleted.');
      }
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <Row className="g-4 align-items-start">
        <Col md={5}>
          <ItemImage src={data.img} alt={data.name} className="rounded border item-detail-image" />
        </Col>
        <Col md={7}>
          <h1 className="h2">{data.name}</h1>
          <p className="mb-1">
            <span className="text-secondary">Brand:</span> {data.supplier}
          </p>
          <p className="fs-4 fw-semibold mb-1">{formatPrice(data.price)}</p>
          <p className="mb-3">
            <StockBadge quantity={data.quantity} />
          </p>
          <p style={{ whiteSpace: 'pre-line' }}>{data.description || 'No description yet.'}</p>
          <div className="d-flex flex-wrap gap-2">
            <Button variant="outline-primary" onClick={() => console.log('Update', data._id)}>
              Update
            </Button>
            <Button
              variant="success"
              disabled={data.quantity <= 0}
              title={data.quantity <= 0 ? 'Out of stock' : undefined}
              onClick={() => {
                const target = `/inventoryDetails/${data._id}`;
                if (signInFirst(target)) navigate(target);
              }}
            >
              Delevered
            </Button>
            <Button variant="danger" onClick={() => signInFirst() && setConfirming(true)}>
              Delete
            </Button>
          </div>
          {data.quantity <= 0 && <p className="text-danger mt-2 mb-0">Out of stock: restock it with the form below.</p>}
        </Col>
      </Row>
      <UpdateItemForm item={data} />
      <ConfirmDialog
        show={confirming}
        detail={`${data.name} and its stock of ${data.quantity} leave the inventory.`}
        busy={deleteItem.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
