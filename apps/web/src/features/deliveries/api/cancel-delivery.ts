import type { DeliveredItem } from '@smart-zone/types/delivery';
import type { DeleteResult } from '@smart-zone/types/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getItemQueryOptions } from '../../inventory/api/get-item';
import { getItemsQueryOptions } from '../../inventory/api/get-items';
import { getMyDeliveriesQueryOptions } from './get-my-deliveries';

/** DELETE /myitem/:id: the delivery is cancelled and its quantity goes back on the shelf. */
const cancelDelivery = (api: ApiClient, id: string) =>
  api.request<DeleteResult>(`/myitem/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

export function useCancelDelivery() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (delivery: DeliveredItem) => cancelDelivery(api, delivery._id),
    // Like the list it belongs to: a failed authorized request signs the person out.
    meta: { signOutOnError: true },
    onSuccess: (_result, delivery) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getMyDeliveriesQueryOptions(api).queryKey }),
        queryClient.invalidateQueries({ queryKey: getItemQueryOptions(api, delivery.inventoriesId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getItemsQueryOptions(api).queryKey }),
      ]),
  });
}
