import type { ItemInput } from '@smart-zone/types/item';
import type { InsertResult } from '@smart-zone/types/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getItemsQueryOptions } from './get-items';

/** POST /inventory. */
const createItem = (api: ApiClient, input: ItemInput) =>
  api.request<InsertResult>('/inventory', { method: 'POST', body: input, auth: true });

export function useCreateItem() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ItemInput) => createItem(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getItemsQueryOptions(api).queryKey }),
  });
}
