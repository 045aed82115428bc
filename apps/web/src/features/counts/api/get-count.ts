import type { Count } from '@smart-zone/types/count';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';

/** The prefix of every counts query: a line counted anywhere refreshes the sessions' progress and lines on screen. */
export const COUNTS_QUERY_KEY = ['counts'] as const;

/** How often a screen showing a count's progress asks again: several counters work one session at once. */
export const COUNT_REFRESH_MS = 3_000;

/** GET /counts/:id (countStock): the session and its progress; its variance only when the caller may see it. */
export const getCountQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: [...COUNTS_QUERY_KEY, 'one', id],
    queryFn: ({ signal }) => api.request<Count>(`/counts/${encodeURIComponent(id)}`, { auth: true, signal }),
  });

/** `live`: asked again every COUNT_REFRESH_MS while it is on screen (the tab in view) and open. */
export function useCount(id: string, { live = false } = {}) {
  return useQuery({
    ...getCountQueryOptions(useApiClient(), id),
    // A closed session changes no more.
    refetchInterval: (query) => (live && (query.state.data?.state ?? 'open') === 'open' ? COUNT_REFRESH_MS : false),
  });
}
