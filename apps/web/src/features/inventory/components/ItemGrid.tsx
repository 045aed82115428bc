import type { Item } from '@smart-zone/types/item';
import { ItemCard } from '../../../components/ItemCard';

/** `onFirstScreen`: the grid starts at the top of the page (the inventory), not under a carousel (home). */
export function ItemGrid({
  items,
  detailed = false,
  onFirstScreen = true,
}: {
  items: Item[];
  detailed?: boolean;
  onFirstScreen?: boolean;
}) {
  // The page's h1 is above; the cards' names are h3 under this (unseen) h2, so headings go down one level at a time.
  return (
    <>
      <h2 className="visually-hidden">Items</h2>
      <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-4">
        {/* The first row's pictures (three wide at a desk) are on the first screen: not lazy, the first one first. */}
        {items.map((item, index) => (
          <div className="col" key={item._id}>
            <ItemCard
              item={item}
              detailed={detailed}
              priority={onFirstScreen && (index === 0 || (index < 3 && 'eager'))}
            />
          </div>
        ))}
      </div>
    </>
  );
}
