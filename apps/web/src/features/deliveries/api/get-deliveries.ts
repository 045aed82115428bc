import type { DeliveredItem } from '@smart-zone/types/delivery';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getPage } from '../../../lib/list-request';

/** The filters of GET /deliveries, as the address holds them ('' for none). */
export const DELIVERY_FILTERS = { email: 'text', itemId: 'text', from: 'text', to: 'text' } as const;
export type DeliveryFilters = Record<keyof typeof DELIVERY_FILTERS, string>;

export interface DeliveriesQuery extends Partial<DeliveryFilters> {
  limit: number;
  skip?: number;
}

/**
 * GET /deliveries?email=&itemId=&from=&to=&state=all&limit=&skip= (readDeliveries): every delivery, the
 * cancelled ones too, newest first.
 * With no query its key is the prefix of every such list (react-query matches keys partially).
 */
export const getDeliveriesQueryOptions = (api: ApiClient, query?: DeliveriesQuery) =>
  queryOptions({
    queryKey: ['deliveries', 'all', ...(query ? [query] : [])],
    // The cancelled ones too, in their place, shown as Cancelled (issue 36).
    queryFn: ({ signal }) => getPage<DeliveredItem>(api, '/deliveries', { ...query, state: 'all' }, signal),
  });

export function useDeliveries(query: DeliveriesQuery) {
  return useQuery({ ...getDeliveriesQueryOptions(useApiClient(), query), placeholderData: keepPreviousData });
}
