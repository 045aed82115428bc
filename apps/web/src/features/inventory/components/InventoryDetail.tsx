import { reasonRequired } from '@smart-zone/types/roles';
import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { Suspense, lazy } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { ItemImage } from '../../../components/ItemImage';
import { Money } from '../../../components/Money';
import { QueryError } from '../../../components/QueryError';
import { StockBadge } from '../../../components/StockBadge';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-context';
import { mayUse, offers, roleOf, useAccess } from '../../../lib/auth/get-me';
import { useSignInFirst } from '../../../lib/use-sign-in-first';
import { useDeleteItem } from '../api/delete-item';
import { PrintLabelsButton } from './PrintLabelsButton';
import { useItem } from '../api/get-item';
import { EditFold } from './EditFold';
import { ItemDetailSkeleton, ItemToolsSkeleton } from './skeletons';

// The forms and their schemas (zod) come after the item: a phone on a slow network shows the item sooner.
const ItemTools = lazy(async () => ({ default: (await import('./ItemTools')).ItemTools }));
const StockActions = lazy(async () => ({ default: (await import('./StockActions')).StockActions }));
const StockByLocation = lazy(async () => ({ default: (await import('./StockByLocation')).StockByLocation }));
// A visitor's fold holds only the update form (the product's, which asks them to sign in): made when opened.
const UpdateItemForm = lazy(async () => ({ default: (await import('./UpdateItemForm')).UpdateItemForm }));
const ItemPhotoTools = lazy(async () => ({ default: (await import('../photos/ItemPhotoTools')).ItemPhotoTools }));

export function InventoryDetail() {
  usePageTitle('Inventory Details');
  const { inventoryId = '' } = useParams();
  const item = useItem(inventoryId);
  const signInFirst = useSignInFirst();
  const { loading } = useAuth();
  const access = useAccess();
  // Visitors keep the product's buttons (they lead to sign-in); a known role sees what roles.ts gives it.
  const manage = offers(access, 'manageItems');
  const deliver = offers(access, 'deliver');
  const restock = offers(access, 'moveStock');
  const role = roleOf(access);
  // Who this is is not known yet (the auth SDK, then GET /me): the tools' room is kept.
  const unknown = loading || access.status === 'checking';
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete({
    mutation: useDeleteItem(),
    detail: (doomed) => `${doomed.name} and its stock of ${doomed.quantity} leave the inventory.`,
    reason: { required: false },
    onDeleted: (deleted) => {
      toast.success(`${deleted.name} is deleted`);
      void navigate(paths.inventory.list.href(), { replace: true });
    },
  });

  if (item.isPending && item.fetchStatus === 'paused')
    return <p className="text-secondary">You are offline. This item shows once the network is back.</p>;
  if (item.isPending) return <ItemDetailSkeleton />;
  if (item.isError) return <QueryError error={item.error} onRetry={() => void item.refetch()} />;
  const data = item.data;

  return (
    <>
      <Row className="g-4 align-items-start">
        <Col md={5}>
          <ItemImage
            src={data.img}
            alt={data.name}
            className="rounded border item-detail-image"
            sizes="(min-width: 768px) 40vw, 100vw"
            priority
          />
          {/* Its photo, for who may change the item (offers: a visitor's Update leads to sign-in; not this). */}
          {mayUse(access, 'manageItems') && (
            <Suspense fallback={<div className="touch-target mt-2" />}>
              <ItemPhotoTools item={data} />
            </Suspense>
          )}
        </Col>
        <Col md={7}>
          <h1 className="h2">{data.name}</h1>
          <p className="mb-1">
            <span className="text-secondary">Brand:</span> {data.supplier}
          </p>
          {data.sku && (
            <p className="mb-1 text-break">
              <span className="text-secondary">SKU:</span> {data.sku}
            </p>
          )}
          {data.barcodes && data.barcodes.length > 0 && (
            <p className="mb-1 text-break">
              <span className="text-secondary">Barcodes:</span> {data.barcodes.join(', ')}
            </p>
          )}
          <p className="fs-4 fw-semibold mb-1">
            <Money value={data.price} />
          </p>
          <p className="mb-3">
            <StockBadge item={data} />
            {data.minStock > 0 && <span className="text-secondary small ms-2">Reorder point: {data.minStock}</span>}
          </p>
          {/* Receive, remove, deliver: first under the stock, above the fold on a phone (StockActions says who gets
              them); a visitor has none, and loads none of their code. */}
          {(unknown || mayUse(access, 'moveStock') || mayUse(access, 'deliver')) && (
            <div className="mb-3">
              <Suspense fallback={<div className="touch-target" />}>
                <StockActions item={data} />
              </Suspense>
            </div>
          )}
          {/* Where its units are, for the team only: a visitor neither sees it nor asks for it. */}
          {mayUse(access, 'readStock') && (
            <Suspense fallback={null}>
              <StockByLocation item={data} />
            </Suspense>
          )}
          <p style={{ whiteSpace: 'pre-line' }}>{data.description || 'No description yet.'}</p>
          <div className="d-flex flex-wrap gap-2">
            {/* The product's Update button only logs; the form below saves. */}
            {manage && (
              <Button variant="outline-primary" onClick={() => console.log('Update', data._id)}>
                {SPEC_TEXTS.updateButton}
              </Button>
            )}
            {deliver && (
              <Button
                variant="success"
                disabled={data.quantity <= 0}
                title={data.quantity <= 0 ? 'Out of stock' : undefined}
                onClick={() => {
                  const target = paths.delivery.href(data._id);
                  if (signInFirst(target)) void navigate(target);
                }}
              >
                {SPEC_TEXTS.deliveredButton}
              </Button>
            )}
            {mayUse(access, 'readStock') && <PrintLabelsButton items={[data]} />}
            {manage && (
              <Button variant="danger" onClick={() => signInFirst() && confirmDelete.ask(data)}>
                {SPEC_TEXTS.deleteButton}
              </Button>
            )}
          </div>
          {data.quantity <= 0 && restock && (
            <p className="text-danger mt-2 mb-0">Out of stock: restock it with the form below.</p>
          )}
          {access.status === 'not-member' && (
            <p className="text-secondary small mt-3 mb-0">Only this warehouse&apos;s staff can change items.</p>
          )}
          {role && !manage && (
            <p className="text-secondary small mt-3 mb-0">
              Adding, editing and deleting items needs the manager role; you are a {role}.
            </p>
          )}
        </Col>
      </Row>
      {/* Until the app knows who this is, the forms' room is kept: they arrive without moving anything. */}
      {unknown ? (
        <ItemToolsSkeleton />
      ) : access.status === 'visitor' ? (
        <EditFold>
          <Suspense fallback={<p className="text-secondary mt-3">Loading the form...</p>}>
            <UpdateItemForm item={data} />
          </Suspense>
        </EditFold>
      ) : (
        <Suspense fallback={<ItemToolsSkeleton />}>
          <ItemTools
            item={data}
            tools={{
              restock: mayUse(access, 'moveStock'),
              edit: manage,
              history: mayUse(access, 'readStock'),
              edits: mayUse(access, 'readAudit'),
            }}
            noteRequiredToRemove={reasonRequired(role, 'removeStock')}
          />
        </Suspense>
      )}
      {confirmDelete.dialog}
    </>
  );
}
