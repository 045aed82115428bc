import type { Item, StockChange, StockResult } from '@smart-zone/types/item';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { useAuth } from '../../../lib/auth/auth-context';
import { sendOrQueue } from '../../../lib/offline/outbox';
import { getItemQueryOptions } from './get-item';
import { getItemsQueryOptions } from './get-items';

/** What a stock change does, in a person's words (the outbox lists it so). */
export const stockChangeText = (name: string, delta: number) =>
  `${delta < 0 ? 'Remove' : 'Receive'} ${Math.abs(delta)} of ${name}`;

/**
 * POST /inventory/:id/stock: adds (or, negative, removes) stock as an amount; 409 when it would go below 0. With no
 * network it waits in the outbox (QUEUED) and is sent later, once.
 */
const changeStock = (api: ApiClient, uid: string, item: Pick<Item, '_id' | 'name'>, change: StockChange) =>
  sendOrQueue<StockResult>(api, {
    uid,
    kind: 'stock',
    method: 'POST',
    path: `/inventory/${encodeURIComponent(item._id)}/stock`,
    body: change,
    what: stockChangeText(item.name, change.delta),
    itemId: item._id,
    amountField: 'delta',
  });

export function useChangeStock(item: Pick<Item, '_id' | 'name'>) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useAuth().user?.uid ?? '';
  const id = item._id;
  return useMutation({
    mutationFn: (change: StockChange) => changeStock(api, uid, item, change),
    // Offline it is kept in the outbox, not paused: the form is free again at once.
    networkMode: 'always',
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
