import type { Stats } from '@smart-zone/types/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';

/** GET /stats (staff): the warehouse's figures, 30 days of movements and the top movers. */
function getStats(api: ApiClient, signal?: AbortSignal) {
  return api.request<Stats>('/stats', { auth: true, signal });
}

/** The dashboard's one query; the live updates refresh it (live-stats.ts). */
export const getStatsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: ['stats'] as const,
    queryFn: ({ signal }) => getStats(api, signal),
  });

export function useStats() {
  return useQuery(getStatsQueryOptions(useApiClient()));
}
