import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemInput } from '@smart-zone/types/item';
import type { DeleteResult, InsertResult, UpdateResult } from '@smart-zone/types/responses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useAddItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ItemInput) => apiRequest<InsertResult>('/inventory', { method: 'POST', body: input, auth: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.items }),
  });
}

export function useUpdateItem(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ItemInput) =>
      apiRequest<UpdateResult>(`/inventory/${encodeURIComponent(id)}`, { method: 'PUT', body: input, auth: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.items }),
  });
}

/** The item leaves the lists only once the server has answered that it is gone. */
export function useDeleteItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<DeleteResult>(`/inventory/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSuccess: async (_result, id) => {
      client.removeQueries({ queryKey: queryKeys.item(id) });
      await client.invalidateQueries({ queryKey: queryKeys.items });
    },
  });
}
