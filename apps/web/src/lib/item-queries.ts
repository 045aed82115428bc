import { queryOptions } from '@tanstack/react-query';
import type { Item, ItemListQuery } from '@smart-zone/types/item';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/** Reads of the public inventory, shared by every feature that shows an item. */
export function itemListQuery(query: ItemListQuery = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.size ? `?${params}` : '';
  return queryOptions({
    queryKey: queryKeys.itemList(query),
    queryFn: ({ signal }) => apiRequest<Item[]>(`/inventory${search}`, { signal }),
  });
}

export function itemQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.item(id),
    queryFn: ({ signal }) => apiRequest<Item>(`/inventory/${encodeURIComponent(id)}`, { signal }),
  });
}
