import type { Item } from '@smart-zone/types/item';
import { isLowStock, isOutOfStock } from '@smart-zone/types/stock';
import { useFlash } from '../lib/use-flash';

/** An item's stock; its id, when given, tells another item shown in the same place from a change. */
type Stock = Pick<Item, 'quantity' | 'minStock'> & Partial<Pick<Item, '_id'>>;

/** `value-flash` (styles.css) for a moment after the quantity changed: a live update or a restock shows. */
export const useQuantityFlash = (stock: Stock) => (useFlash(stock.quantity, stock._id) ? ' value-flash' : '');

/** The contract's rule (packages/types/src/stock.ts, zod-free for the first page). */
export function stockState(stock: Stock): 'out' | 'low' | 'in' {
  if (isOutOfStock(stock)) return 'out';
  return isLowStock(stock) ? 'low' : 'in';
}

/** "Out of stock" at 0, "Low stock" at or below the item's reorder point (set), nothing otherwise. */
export function StockStateBadge({ item }: { item: Stock }) {
  const state = stockState(item);
  if (state === 'out') return <span className="badge bg-danger">Out of stock</span>;
  if (state === 'low') return <span className="badge bg-warning text-dark">Low stock</span>;
  return null;
}

/**
 * An item's stock as a badge: out, low (by its own reorder point), or in
 * stock, with the quantity ("Stock: 7") whenever there is any.
 */
export function StockBadge({ item }: { item: Stock }) {
  const state = stockState(item);
  const flash = useQuantityFlash(item);
  return (
    <span className={`d-inline-flex flex-wrap gap-1${flash}`} data-stock={state}>
      <StockStateBadge item={item} />
      {state !== 'out' && (
        <span
          className={`badge ${state === 'low' ? 'bg-warning-subtle text-dark border border-warning' : 'bg-success'}`}
        >
          {`Stock: ${item.quantity}`}
        </span>
      )}
    </span>
  );
}
