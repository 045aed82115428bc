import type { Transfer } from '@smart-zone/types/location';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { useAuth } from '../../../lib/auth/auth-context';
import { sendOrQueue } from '../../../lib/offline/outbox';
import { getItemQueryOptions } from './get-item';

/** The answer of POST /inventory/:id/transfer: the item's quantity (unchanged) and the movement to undo. */
interface TransferResult {
  quantity: number;
  movementId: string;
}

/**
 * POST /inventory/:id/transfer (moveStock): units moved from one location to another; 409 when `from` holds fewer.
 * With no network it waits in the outbox (QUEUED) and is sent later, once. `what`: the move in a person's words.
 */
const transferStock = (api: ApiClient, uid: string, id: string, { what, ...transfer }: Transfer & { what: string }) =>
  sendOrQueue<TransferResult>(api, {
    uid,
    kind: 'stock',
    method: 'POST',
    path: `/inventory/${encodeURIComponent(id)}/transfer`,
    body: transfer,
    what,
    itemId: id,
    amountField: 'quantity',
  });

export function useTransferStock(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useAuth().user?.uid ?? '';
  return useMutation({
    mutationFn: (transfer: Transfer & { what: string }) => transferStock(api, uid, id, transfer),
    networkMode: 'always',
    // The move form says these beside what it sent: too few there, a location gone, a bad amount.
    meta: { errorsShownInline: ['out_of_stock', 'location_not_found', 'validation_failed'] },
    // The item's stock lines and history are keyed under it: both show the move. The quantity stays, so no list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: getItemQueryOptions(api, id).queryKey }),
  });
}
