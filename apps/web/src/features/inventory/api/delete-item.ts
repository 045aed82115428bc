import type { Item } from '@smart-zone/types/item';
import type { DeleteResult } from '@smart-zone/types/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getItemQueryOptions } from './get-item';
import { getItemsQueryOptions } from './get-items';

/** DELETE /inventory/:id?reason= (the reason, optional, is kept in the audit entry). */
const deleteItem = (api: ApiClient, id: string, reason?: string) =>
  api.request<DeleteResult>(
    `/inventory/${encodeURIComponent(id)}${reason ? `?${new URLSearchParams({ reason })}` : ''}`,
    { method: 'DELETE', auth: true },
  );

/** The item leaves the lists only once the server has answered that it is gone. */
export function useDeleteItem() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: Item & { reason?: string }) => deleteItem(api, item._id, item.reason),
    onSuccess: async (_result, item) => {
      queryClient.removeQueries({ queryKey: getItemQueryOptions(api, item._id).queryKey });
      await queryClient.invalidateQueries({ queryKey: getItemsQueryOptions(api).queryKey });
    },
  });
}
