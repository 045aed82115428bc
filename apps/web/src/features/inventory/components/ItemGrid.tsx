import type { Item } from '@smart-zone/types/item';
import { ItemCard } from '../../../components/ItemCard';

export function ItemGrid({ items, detailed = false }: { items: Item[]; detailed?: boolean }) {
  return (
    <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-4">
      {items.map((item) => (
        <div className="col" key={item._id}>
          <ItemCard item={item} detailed={detailed} />
        </div>
      ))}
    </div>
  );
}
