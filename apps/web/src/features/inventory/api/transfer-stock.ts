import type { Transfer } from '@smart-zone/types/location';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getItemQueryOptions } from './get-item';

/** The answer of POST /inventory/:id/transfer: the item's quantity (unchanged) and the movement to undo. */
interface TransferResult {
  quantity: number;
  movementId: string;
}

/** POST /inventory/:id/transfer (moveStock): units moved from one location to another; 409 when `from` holds fewer. */
const transferStock = (api: ApiClient, id: string, transfer: Transfer) =>
  api.request<TransferResult>(`/inventory/${encodeURIComponent(id)}/transfer`, {
    method: 'POST',
    body: transfer,
    auth: true,
  });

export function useTransferStock(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transfer: Transfer) => transferStock(api, id, transfer),
    // The move form says these beside what it sent: too few there, a location gone, a bad amount.
    meta: { errorsShownInline: ['out_of_stock', 'location_not_found', 'validation_failed'] },
    // The item's stock lines and history are keyed under it: both show the move. The quantity stays, so no list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: getItemQueryOptions(api, id).queryKey }),
  });
}
