import type { DeliveredItem } from '@smart-zone/types/delivery';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';

/**
 * GET /myitem?email=&state=all with the bearer accessToken: the signed-in user's own deliveries, the cancelled
 * ones too (marked: My Item shows them as Cancelled, with who and why).
 */
const getMyDeliveries = (api: ApiClient, email: string, signal?: AbortSignal) =>
  api.request<DeliveredItem[]>(`/myitem?email=${encodeURIComponent(email)}&state=all`, { auth: true, signal });

/** With no email its key is the prefix of every such list (react-query matches keys partially). */
export const getMyDeliveriesQueryOptions = (api: ApiClient, owner: { email?: string } = {}) =>
  queryOptions({
    queryKey: ['deliveries', 'mine', owner],
    queryFn: ({ signal }) => getMyDeliveries(api, owner.email ?? '', signal),
    retry: false,
    // As the product has it: when this authorized request fails, the person is signed out.
    meta: { signOutOnError: true },
  });

export function useMyDeliveries(email: string) {
  return useQuery(getMyDeliveriesQueryOptions(useApiClient(), { email }));
}
