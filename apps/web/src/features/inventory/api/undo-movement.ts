import type { StockResult } from '@smart-zone/types/item';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getItemQueryOptions } from './get-item';
import { getItemsQueryOptions } from './get-items';

/**
 * POST /movements/:id/undo: takes a stock change back with an `undo` movement.
 * Its own actor may within UNDO_WINDOW_MS, a manager any time; 409
 * cannot_undo and 403 say why not (the message is toasted as it is).
 */
const undoMovement = (api: ApiClient, movementId: string) =>
  api.request<StockResult>(`/movements/${encodeURIComponent(movementId)}/undo`, { method: 'POST', auth: true });

/**
 * Undoes a change of `itemId`'s stock. `onUndone` is the hook's own, not
 * mutate()'s: a toast's Undo may be clicked after its form has left the screen.
 */
export function useUndoMovement(itemId: string, { onUndone }: { onUndone?: (result: StockResult) => void } = {}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (movementId: string) => undoMovement(api, movementId),
    onSuccess: onUndone,
    // The item's history is keyed under it: both show the undo.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getItemQueryOptions(api, itemId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getItemsQueryOptions(api).queryKey }),
      ]),
  });
}
