import type { ItemStockLine } from '@smart-zone/types/location';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getItemQueryOptions } from './get-item';

/**
 * GET /inventory/:id/stock (staff): a line per location holding some of the item, Main first; [] for none.
 * Keyed under the item, as its history is: whatever refreshes the item (a restock, a delivery, a transfer, an
 * undo, a live event) refreshes where its units are too.
 */
export const getItemStockQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: [...getItemQueryOptions(api, id).queryKey, 'stock'],
    queryFn: ({ signal }) =>
      api.request<ItemStockLine[]>(`/inventory/${encodeURIComponent(id)}/stock`, { auth: true, signal }),
  });

/** The item's stock by location; `enabled: false` for anyone who may not read it (a visitor asks nothing). */
export function useItemStock(id: string, { enabled = true } = {}) {
  return useQuery({ ...getItemStockQueryOptions(useApiClient(), id), enabled });
}
