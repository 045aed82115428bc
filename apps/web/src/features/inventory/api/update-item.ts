import type { ItemInput } from '@smart-zone/types/item';
import type { UpdateResult } from '@smart-zone/types/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getItemQueryOptions } from './get-item';
import { getItemsQueryOptions } from './get-items';

/** PUT /inventory/:id. */
const updateItem = (api: ApiClient, id: string, input: ItemInput) =>
  api.request<UpdateResult>(`/inventory/${encodeURIComponent(id)}`, { method: 'PUT', body: input, auth: true });

export function useUpdateItem(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ItemInput) => updateItem(api, id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getItemQueryOptions(api, id).queryKey }),
        queryClient.invalidateQueries({ queryKey: getItemsQueryOptions(api).queryKey }),
      ]),
  });
}
