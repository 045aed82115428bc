import type { Item, ItemListQuery } from '@smart-zone/types/item';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';

/** GET /inventory?limit=&skip=&q=&sort= (no parameter: every item). */
function getItems(api: ApiClient, query: ItemListQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.size ? `?${params}` : '';
  return api.request<Item[]>(`/inventory${search}`, { signal });
}

/**
 * Every list of items. With no query its key is the prefix of all of them
 * (react-query matches keys partially), which is what a change invalidates.
 */
export const getItemsQueryOptions = (api: ApiClient, query: ItemListQuery = {}) =>
  queryOptions({
    queryKey: ['items', 'list', query],
    queryFn: ({ signal }) => getItems(api, query, signal),
  });

/** A list keeps showing its previous rows while the next ones load (typing a search, turning a page). */
export function useItems(query: ItemListQuery = {}) {
  return useQuery({ ...getItemsQueryOptions(useApiClient(), query), placeholderData: keepPreviousData });
}
