import type { Item } from '@smart-zone/types/item';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { ItemCard } from '../../../components/ItemCard';

export function ItemGrid({ items, detailed = false }: { items: Item[]; detailed?: boolean }) {
  return (
    <Row xs={1} sm={2} lg={3} className="g-4">
      {items.map((item) => (
        <Col key={item._id}>
          <ItemCard item={item} detailed={detailed} />
        </Col>
      ))}
    </Row>
  );
}
