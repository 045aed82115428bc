import type { DeliveredItem } from '@smart-zone/types/delivery';
import type { DeleteResult } from '@smart-zone/types/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { useAuth } from '../../../lib/auth/auth-context';
import { sendOrQueue } from '../../../lib/offline/outbox';
import { getItemQueryOptions } from '../../inventory/api/get-item';
import { getItemsQueryOptions } from '../../inventory/api/get-items';
import { getDeliveriesQueryOptions } from './get-deliveries';
import { getMyDeliveriesQueryOptions } from './get-my-deliveries';

/** A write and why (kept in the audit entry); a clerk must say why they cancel. */
export type WithReason<T> = T & { reason?: string };

/**
 * DELETE /myitem/:id?reason= (one's own) or, `anyone`'s (a manager, the Deliveries page), DELETE
 * /deliveries/:id?reason=: the delivery is cancelled and its quantity goes back on the shelf.
 */
const cancelDelivery = (
  api: ApiClient,
  uid: string,
  { _id, inventoriesId, inventory, reason }: WithReason<CancelTarget>,
  anyone: boolean,
) =>
  sendOrQueue<DeleteResult>(api, {
    uid,
    kind: 'cancel',
    method: 'DELETE',
    path: `/${anyone ? 'deliveries' : 'myitem'}/${encodeURIComponent(_id)}${reason ? `?${new URLSearchParams({ reason })}` : ''}`,
    what: `Cancel the delivery${inventory ? ` of ${inventory}` : ''}`,
    itemId: inventoriesId,
  });

/** What a cancel needs: the delivery, its item, and (for the outbox's words) the item's name. */
type CancelTarget = Pick<DeliveredItem, '_id' | 'inventoriesId'> & { inventory?: string };

/**
 * `signOutOnError`: on My Item, as the product has it, a failed authorized
 * request signs the person out; the all-deliveries page toasts the refusal.
 * `anyone`: the caller may cancel anyone's delivery (cancelAnyDelivery), through /deliveries.
 */
export function useCancelDelivery<T extends CancelTarget = DeliveredItem>({
  signOutOnError = true,
  anyone = false,
} = {}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useAuth().user?.uid ?? '';
  return useMutation({
    mutationFn: (target: WithReason<T>) => cancelDelivery(api, uid, target, anyone),
    networkMode: 'always',
    meta: { signOutOnError },
    onSuccess: (_result, delivery) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getMyDeliveriesQueryOptions(api).queryKey }),
        queryClient.invalidateQueries({ queryKey: getDeliveriesQueryOptions(api).queryKey }),
        queryClient.invalidateQueries({ queryKey: getItemQueryOptions(api, delivery.inventoriesId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getItemsQueryOptions(api).queryKey }),
      ]),
  });
}
