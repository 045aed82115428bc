import type { StockChange, StockResult } from '@smart-zone/types/item';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getItemQueryOptions } from './get-item';
import { getItemsQueryOptions } from './get-items';

/** POST /inventory/:id/stock: adds (or, negative, removes) stock as an amount; 409 when it would go below 0. */
const changeStock = (api: ApiClient, id: string, change: StockChange) =>
  api.request<StockResult>(`/inventory/${encodeURIComponent(id)}/stock`, { method: 'POST', body: change, auth: true });

export function useChangeStock(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StockChange) => changeStock(api, id, change),
    // The restock form shows "not enough stock" beside the amount, a missing reason beside the note, and a
    // location deleted meanwhile in its place.
    meta: { errorsShownInline: ['out_of_stock', 'validation_failed', 'location_not_found'] },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getItemQueryOptions(api, id).queryKey }),
        queryClient.invalidateQueries({ queryKey: getItemsQueryOptions(api).queryKey }),
      ]),
  });
}
