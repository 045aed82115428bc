import type { Item, ItemListQuery, StockFilter } from '@smart-zone/types/item';
import { TOTAL_COUNT_HEADER } from '@smart-zone/types/responses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import type { Page } from '../../../lib/page';

/** GET /inventory?limit=&skip=&q=&sort=: one page, and how many match in all (X-Total-Count). */
async function getItems(api: ApiClient, query: ItemListQuery, signal?: AbortSignal): Promise<Page<Item>> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.size ? `?${params}` : '';
  const { data, headers } = await api.requestWithHeaders<Item[]>(`/inventory${search}`, { signal });
  const total = headers.get(TOTAL_COUNT_HEADER);
  return { items: data, total: total === null ? data.length : Number(total) };
}

/** The API's query for page `page` of `pageSize` items, searched and sorted as the address says. */
export const itemsPageQuery = (
  { search, sort, page, stock }: { search: string; sort: string; page: number; stock?: StockFilter | '' },
  pageSize: number,
): ItemListQuery => ({
  limit: pageSize,
  skip: page > 1 ? (page - 1) * pageSize : undefined,
  q: search || undefined,
  stock: stock || undefined,
  sort,
});

/**
 * Every list of items. With no query its key is the prefix of all of them
 * (react-query matches keys partially), which is what a change invalidates.
 */
export const getItemsQueryOptions = (api: ApiClient, query: ItemListQuery = {}) =>
  queryOptions({
    queryKey: ['items', 'list', query],
    queryFn: ({ signal }) => getItems(api, query, signal),
  });

/**
 * A list keeps showing its previous rows while the next ones load (typing a search, turning a page).
 * `enabled: false`: not asked (a list showing a location's items instead).
 */
export function useItems(query: ItemListQuery = {}, { enabled = true } = {}) {
  return useQuery({ ...getItemsQueryOptions(useApiClient(), query), placeholderData: keepPreviousData, enabled });
}
