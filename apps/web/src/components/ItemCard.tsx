import type { Item } from '@smart-zone/types/item';
import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import Card from 'react-bootstrap/Card';
import { paths } from '../config/paths';
import { formatPrice } from '../lib/format-price';
import { ItemImage } from './ItemImage';
import { LinkButton } from './LinkButton';
import { StockBadge } from './StockBadge';

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
          <LinkButton to={paths.inventory.detail.href(item._id)} variant="primary" className="mt-auto">
            {SPEC_TEXTS.detailsButton} <span className="visually-hidden">of {item.name}</span>
          </LinkButton>
        )}
      </Card.Body>
    </Card>
  );
}
