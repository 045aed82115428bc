import type { DeliveryInput } from '@smart-zone/types/delivery';
import type { InsertResult } from '@smart-zone/types/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { useAuth } from '../../../lib/auth/auth-context';
import { sendOrQueue } from '../../../lib/offline/outbox';
import { getItemQueryOptions } from '../../inventory/api/get-item';
import { getItemsQueryOptions } from '../../inventory/api/get-items';
import { getMyDeliveriesQueryOptions } from './get-my-deliveries';

/**
 * POST /myitem: the server takes the delivered quantity off the item's stock in the same step. With no network it
 * waits in the outbox (QUEUED) and is sent later, once.
 */
const createDelivery = (api: ApiClient, uid: string, input: DeliveryInput) =>
  sendOrQueue<InsertResult>(api, {
    uid,
    kind: 'delivery',
    method: 'POST',
    path: '/myitem',
    body: input,
    what: `Deliver ${input.quantity ?? 1} of ${input.inventory}`,
    itemId: input.inventoriesId,
    amountField: 'quantity',
  });

export function useCreateDelivery() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useAuth().user?.uid ?? '';
  return useMutation({
    mutationFn: (input: DeliveryInput) => createDelivery(api, uid, input),
    networkMode: 'always',
    // Refresh the stock even when the server refused (someone else may have taken it).
    onSettled: (_result, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getItemQueryOptions(api, input.inventoriesId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getItemsQueryOptions(api).queryKey }),
        queryClient.invalidateQueries({ queryKey: getMyDeliveriesQueryOptions(api).queryKey }),
      ]),
  });
}
