import type { ItemListQuery } from '@smart-zone/types/item';

/** Every react-query key in one place, so a delivery can refresh the item it took stock from. */
export const queryKeys = {
  items: ['items'] as const,
  itemList: (query: ItemListQuery = {}) => ['items', 'list', query] as const,
  item: (id: string) => ['items', 'one', id] as const,
  deliveries: ['deliveries'] as const,
  myDeliveries: (email: string) => ['deliveries', email] as const,
};
