import type { Item } from '@smart-zone/types/item';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getItemQueryOptions } from './get-item';

/** GET /inventory?sku=: the item whose SKU is exactly `sku` (the API answers it alone, or no item), or null. */
async function findBySku(api: ApiClient, sku: string, signal?: AbortSignal): Promise<Item | null> {
  const items = await api.request<Item[]>(`/inventory?sku=${encodeURIComponent(sku)}`, { signal });
  return items[0] ?? null;
}

export const findBySkuQueryOptions = (api: ApiClient, sku: string) =>
  queryOptions({
    queryKey: ['items', 'sku', sku],
    queryFn: ({ signal }) => findBySku(api, sku, signal),
    // A scan asks the server each time: the code may have been given to an item a moment ago.
    staleTime: 0,
  });

/**
 * Asks once per call, on demand (a scan, the Find button). A found item also fills its page's
 * query, so that page shows at once.
 */
export function useFindBySku() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return async (sku: string) => {
    const found = await queryClient.fetchQuery(findBySkuQueryOptions(api, sku));
    if (found) queryClient.setQueryData(getItemQueryOptions(api, found._id).queryKey, found);
    return found;
  };
}
