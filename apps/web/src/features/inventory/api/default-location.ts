import type { ItemDefaultLocation } from '@smart-zone/types/location';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getItemQueryOptions } from './get-item';

/**
 * GET /inventory/:id/default-location (staff): where a receipt that names no location goes; both null for none
 * (Main). Keyed under the item, as its stock lines are: whatever refreshes the item refreshes this too.
 */
export const getDefaultLocationQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: [...getItemQueryOptions(api, id).queryKey, 'default-location'],
    queryFn: ({ signal }) =>
      api.request<ItemDefaultLocation>(`/inventory/${encodeURIComponent(id)}/default-location`, {
        auth: true,
        signal,
      }),
  });

/** The item's default location; `enabled: false` for anyone who may not read stock. */
export function useDefaultLocation(id: string, { enabled = true } = {}) {
  return useQuery({ ...getDefaultLocationQueryOptions(useApiClient(), id), enabled });
}

/** The default location as a place a form names, or undefined for none (receipts go to Main). */
export const defaultPlace = (answer: ItemDefaultLocation | undefined) =>
  answer?.locationId && answer.path != null ? { locationId: answer.locationId, path: answer.path } : undefined;

/**
 * PUT /inventory/:id/default-location (moveStock): sets it, or with null clears it (400 location_not_found,
 * toasted with the API's words). Not an edit of the item: only this answer changes, so it is put in place.
 */
export function useSetDefaultLocation(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { queryKey } = getDefaultLocationQueryOptions(api, id);
  return useMutation({
    mutationFn: (locationId: string | null) =>
      api.request<ItemDefaultLocation>(`/inventory/${encodeURIComponent(id)}/default-location`, {
        method: 'PUT',
        body: { locationId },
        auth: true,
      }),
    onSuccess: (answer) => queryClient.setQueryData(queryKey, answer),
  });
}
