import type { Item } from '@smart-zone/types/item';
import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { paths } from '../config/paths';
import { ItemImage } from './ItemImage';
import { LinkButton } from './LinkButton';
import { Money } from './Money';
import { StockBadge } from './StockBadge';

/** An item as a card: picture, name, price (and on the inventory page, supplier and a Details button). */
export function ItemCard({
  item,
  detailed = false,
  priority = false,
}: {
  item: Item;
  detailed?: boolean;
  /** Its picture is on the first screen: true for the first card (the page's largest paint), 'eager' its row. */
  priority?: boolean | 'eager';
}) {
  return (
    <article className="card h-100 shadow-sm item-card" data-testid="item-card" aria-label={item.name}>
      <ItemImage src={item.img} alt={item.name} className="card-img-top" priority={priority} />
      <div className="card-body d-flex flex-column">
        <h3 className="card-title h5">{item.name}</h3>
        <p className="card-text fw-semibold mb-1">
          Price: <Money value={item.price} />
        </p>
        {detailed && <p className="card-text mb-1">Supplier: {item.supplier}</p>}
        <div className="mb-2">
          <StockBadge item={item} />
        </div>
        {detailed && (
          <LinkButton to={paths.inventory.detail.href(item._id)} variant="primary" className="mt-auto">
            {SPEC_TEXTS.detailsButton} <span className="visually-hidden">of {item.name}</span>
          </LinkButton>
        )}
      </div>
    </article>
  );
}
