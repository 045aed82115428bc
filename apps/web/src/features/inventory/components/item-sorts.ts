import type { StockFilter } from '@smart-zone/types/item';
import type { SortOption } from '../../../lib/use-list-params';

/** The orders a list of items can be read in (the API's `sort`: a key, `-` for descending). */
export const ITEM_SORT_OPTIONS: readonly SortOption[] = [
  { value: '-newest', label: 'Oldest first' },
  { value: 'newest', label: 'Newest first' },
  { value: 'name', label: 'Name (A to Z)' },
  { value: '-name', label: 'Name (Z to A)' },
  { value: 'price', label: 'Price (low to high)' },
  { value: '-price', label: 'Price (high to low)' },
  { value: 'quantity', label: 'Quantity (low to high)' },
  { value: '-quantity', label: 'Quantity (high to low)' },
];

/** Staff also read the list by what is missing most: reorder point − quantity, largest first. */
export const MANAGE_SORT_OPTIONS: readonly SortOption[] = [
  ...ITEM_SORT_OPTIONS,
  { value: 'shortfall', label: 'Shortfall (largest first)' },
];

/** The stock filter (`?stock=`): every item, or only the low or the empty ones. */
export const STOCK_FILTER_OPTIONS: readonly (SortOption & { value: StockFilter | '' })[] = [
  { value: '', label: 'All items' },
  { value: 'low', label: 'Low stock' },
  { value: 'out', label: 'Out of stock' },
];
