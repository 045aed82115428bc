import type { Item } from '@smart-zone/types/item';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';

/** GET /inventory/:id. Shared on purpose: the delivery page reads the item it delivers from here. */
function getItem(api: ApiClient, id: string, signal?: AbortSignal) {
  return api.request<Item>(`/inventory/${encodeURIComponent(id)}`, { signal });
}

/** The prefix of every item's own queries (its page, history, edits): what a change to many items refreshes. */
export const ITEM_DETAILS_QUERY_KEY = ['items', 'detail'] as const;

export const getItemQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: [...ITEM_DETAILS_QUERY_KEY, id],
    queryFn: ({ signal }) => getItem(api, id, signal),
  });

export function useItem(id: string) {
  return useQuery(getItemQueryOptions(useApiClient(), id));
}
