import type { Item } from './item';

// No zod here: the web app's first page shows stock badges.

/** Low: a reorder point is set and the quantity is at or below it. */
export const isLowStock = (item: Pick<Item, 'quantity' | 'minStock'>) =>
  item.minStock > 0 && item.quantity <= item.minStock;
/** Out: nothing left. */
export const isOutOfStock = (item: Pick<Item, 'quantity'>) => item.quantity === 0;

/** The stock filters of the item list. */
export const STOCK_FILTERS = ['low', 'out'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
