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
