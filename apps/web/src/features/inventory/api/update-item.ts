import { type Item, type ItemInput, itemEtag } from '@smart-zone/types/item';
import type { UpdateResult } from '@smart-zone/types/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getItemQueryOptions } from './get-item';
import { getItemsQueryOptions } from './get-items';

interface ItemUpdate {
  input: ItemInput;
  /** The version the form was loaded with: the API answers 412 when the item has changed since. */
  version: Item['version'];
}

/** PUT /inventory/:id with If-Match. */
const updateItem = (api: ApiClient, id: string, { input, version }: ItemUpdate) =>
  api.request<UpdateResult>(`/inventory/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: input,
    headers: { 'If-Match': itemEtag({ version }) },
    auth: true,
  });

export function useUpdateItem(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ItemUpdate) => updateItem(api, id, update),
    // The form says itself that the item changed meanwhile.
    meta: { errorsShownInline: ['precondition_failed'] },
    // Also after a 412: the form then shows the item as it is now.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getItemQueryOptions(api, id).queryKey }),
        queryClient.invalidateQueries({ queryKey: getItemsQueryOptions(api).queryKey }),
      ]),
  });
}
