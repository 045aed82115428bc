import type { DeliveryInput } from '@smart-zone/types/delivery';
import type { InsertResult } from '@smart-zone/types/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getItemQueryOptions } from '../../inventory/api/get-item';
import { getItemsQueryOptions } from '../../inventory/api/get-items';
import { getMyDeliveriesQueryOptions } from './get-my-deliveries';

/** POST /myitem: the server takes the delivered quantity off the item's stock in the same step. */
const createDelivery = (api: ApiClient, input: DeliveryInput) =>
  api.request<InsertResult>('/myitem', { method: 'POST', body: input, auth: true });

export function useCreateDelivery() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeliveryInput) => createDelivery(api, input),
    // Refresh the stock even when the server refused (someone else may have taken it).
    onSettled: (_result, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getItemQueryOptions(api, input.inventoriesId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getItemsQueryOptions(api).queryKey }),
        queryClient.invalidateQueries({ queryKey: getMyDeliveriesQueryOptions(api).queryKey }),
      ]),
  });
}
