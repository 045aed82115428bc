import type { StockMovement } from '@smart-zone/types/item';
import { TOTAL_COUNT_HEADER } from '@smart-zone/types/responses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import type { Page } from '../../../lib/page';
import { getItemQueryOptions } from './get-item';

interface HistoryPage {
  limit?: number;
  skip?: number;
}

/** GET /inventory/:id/history?limit=&skip= (staff): the item's stock movements, newest first. */
async function getItemHistory(
  api: ApiClient,
  id: string,
  { limit, skip }: HistoryPage,
  signal?: AbortSignal,
): Promise<Page<StockMovement>> {
  const params = new URLSearchParams();
  if (limit !== undefined) params.set('limit', String(limit));
  if (skip) params.set('skip', String(skip));
  const search = params.size ? `?${params}` : '';
  const { data, headers } = await api.requestWithHeaders<StockMovement[]>(
    `/inventory/${encodeURIComponent(id)}/history${search}`,
    { auth: true, signal },
  );
  const total = headers.get(TOTAL_COUNT_HEADER);
  return { items: data, total: total === null ? data.length : Number(total) };
}

/**
 * Keyed under the item itself: whatever refreshes the item (a restock, an
 * update, a delivery, a cancel) refreshes its history too.
 */
const getItemHistoryQueryOptions = (api: ApiClient, id: string, page: HistoryPage) =>
  queryOptions({
    queryKey: [...getItemQueryOptions(api, id).queryKey, 'history', page],
    queryFn: ({ signal }) => getItemHistory(api, id, page, signal),
  });

export function useItemHistory(id: string, page: HistoryPage) {
  return useQuery({ ...getItemHistoryQueryOptions(useApiClient(), id, page), placeholderData: keepPreviousData });
}
