import type { DeliveredItem } from '@smart-zone/types/delivery';
import type { SortOption } from '../../../lib/use-list-params';

/** My Item's orders; the API answers newest first and has no paging, so these run in the browser. */
export const DELIVERY_SORT_OPTIONS: readonly SortOption[] = [
  { value: 'newest', label: 'Newest first' },
  { value: '-newest', label: 'Oldest first' },
  { value: 'name', label: 'Item (A to Z)' },
  { value: '-name', label: 'Item (Z to A)' },
  { value: 'quantity', label: 'Quantity (low to high)' },
  { value: '-quantity', label: 'Quantity (high to low)' },
];

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-US');

/** Deliveries whose item, recipient, address or phone holds the search (any case, any accents). */
export function searchDeliveries(all: DeliveredItem[], search: string): DeliveredItem[] {
  const wanted = fold(search.trim());
  if (!wanted) return all;
  return all.filter((row) =>
    [row.inventory, row.name, row.address, row.phone].some((field) => fold(field).includes(wanted)),
  );
}

const compare: Record<string, (a: DeliveredItem, b: DeliveredItem) => number> = {
  // ISO times in one zone sort as text; a plain comparison (localeCompare's first call is ICU's set-up, ~40 ms).
  newest: (a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0),
  name: (a, b) => a.inventory.localeCompare(b.inventory, 'en-US', { sensitivity: 'base' }),
  quantity: (a, b) => a.quantity - b.quantity,
};

export function sortDeliveries(rows: DeliveredItem[], sort: string): DeliveredItem[] {
  const descending = sort.startsWith('-');
  const by = compare[descending ? sort.slice(1) : sort] ?? compare.newest!;
  return [...rows].sort((a, b) => (descending ? -by(a, b) : by(a, b)));
}
