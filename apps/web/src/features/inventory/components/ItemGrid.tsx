import type { Item } from '@smart-zone/types/item';
import { ItemCard } from '../../../components/ItemCard';

export function ItemGrid({ items, detailed = false }: { items: Item[]; detailed?: boolean }) {
  // The page's h1 is above; the cards' names are h3 under this (unseen) h2, so headings go down one level at a time.
  return (
    <>
      <h2 className="visually-hidden">Items</h2>
      <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-4">
        {items.map((item) => (
          <div className="col" key={item._id}>
            <ItemCard item={item} detailed={detailed} />
          </div>
        ))}
      </div>
    </>
  );
}
