import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveredItem, DeliveryInput } from '@smart-zone/types/delivery';
import type { DeleteResult, InsertResult } from '@smart-zone/types/responses';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The signed-in user's own deliveries (GET /myitem?email= with the bearer accessToken). */
export function useMyDeliveries(email: string) {
  return useQuery({
    queryKey: queryKeys.myDeliveries(email),
    queryFn: ({ signal }) =>
      apiRequest<DeliveredItem[]>(`/myitem?email=${encodeURIComponent(email)}`, { auth: true, signal }),
    retry: false,
  });
}

/** Records a delivery; the server takes its quantity off the item's stock in the same step. */
export function useDeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DeliveryInput) => apiRequest<InsertResult>('/myitem', { method: 'POST', body: input, auth: true }),
    onSettled: async () => {
      // Refresh the stock even when the server refused (someone else may have taken it).
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.items }),
        client.invalidateQueries({ queryKey: queryKeys.deliveries }),
      ]);
    },
  });
}

/** Cancels one of my deliveries; its quantity goes back on the shelf. */
export function useCancelDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<DeleteResult>(`/myitem/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.deliveries }),
        client.invalidateQueries({ queryKey: queryKeys.items }),
      ]);
    },
  });
}
