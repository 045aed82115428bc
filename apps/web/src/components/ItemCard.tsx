import type { Item } from '@smart-zone/types/item';
import Card from 'react-bootstrap/Card';
import { ItemImage } from './ItemImage';
import { StockBadge } from './StockBadge';
import { LinkButton } from './LinkButton';

export function formatPrice(price: number) {
  return `$${price.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
}

/** An item as a card: picture, name, price (and on the inventory page, supplier and a Details button). */
export function ItemCard({ item, detailed = false }: { item: Item; detailed?: boolean }) {
  return (
    <Card as="article" className="h-100 shadow-sm item-card" data-testid="item-card" aria-label={item.name}>
      <ItemImage src={item.img} alt={item.name} className="card-img-top" />
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h3" className="h5">
          {item.name}
        </Card.Title>
        <Card.Text className="fw-semibold mb-1">Price: {formatPrice(item.price)}</Card.Text>
        {detailed && <Card.Text className="mb-1">Supplier: {item.supplier}</Card.Text>}
        <div className="mb-2">
          <StockBadge quantity={item.quantity} />
        </div>
        {detailed && (
          <LinkButton to={`/inventory/${item._id}`} variant="primary" className="mt-auto">
            Details <span className="visually-hidden">of {item.name}</span>
          </LinkButton>
        )}
      </Card.Body>
    </Card>
  );
}
