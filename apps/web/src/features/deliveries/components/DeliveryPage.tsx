import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { ItemImage } from '../../../components/ItemImage';
import { Money } from '../../../components/Money';
import { NotStaffNotice } from '../../../components/NotStaffNotice';
import { RoleNeededNotice } from '../../../components/RoleNeededNotice';
import { QueryError } from '../../../components/QueryError';
import { StockBadge } from '../../../components/StockBadge';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-context';
import { mayUse, useAccess } from '../../../lib/auth/get-me';
import { useItem } from '../../inventory/api/get-item';
import { DeliveryForm } from './DeliveryForm';
import { DeliverySkeleton } from './skeletons';

/** /inventoryDetails/:inventoryId: the item and the form that records its delivery. */
export function DeliveryPage() {
  usePageTitle('Delivery');
  const { inventoryId = '' } = useParams();
  const location = useLocation();
  const { user, loading } = useAuth();
  const item = useItem(inventoryId);
  const access = useAccess();

  if (loading || item.isPending || access.status === 'checking') return <DeliverySkeleton />;
  // Delivering is recorded under the person's account: a visitor signs in first and comes back.
  if (!user) return <Navigate to={paths.login.href()} state={{ from: location }} replace />;
  if (item.isError) return <QueryError error={item.error} onRetry={() => void item.refetch()} />;
  if (access.status === 'not-member') return <NotStaffNotice email={access.email} />;
  if (access.status === 'member' && !mayUse(access, 'deliver')) {
    return <RoleNeededNotice permission="deliver" role={access.role} />;
  }
  const data = item.data;

  return (
    <Row className="g-4">
      <Col md={4}>
        <Card className="shadow-sm">
          <ItemImage src={data.img} alt={data.name} className="card-img-top" priority />
          <Card.Body>
            <h2 className="h5">{data.name}</h2>
            <p className="mb-1">
              <Money value={data.price} />
            </p>
            <p className="mb-1">Supplier: {data.supplier}</p>
            <StockBadge item={data} />
          </Card.Body>
        </Card>
      </Col>
      <Col md={8}>
        <Card className="shadow-sm">
          <Card.Body className="p-4">
            <h1 className="h3 mb-3">Deliver {data.name}</h1>
            <DeliveryForm item={data} user={user} />
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}
