import type { Count, CountState } from '@smart-zone/types/count';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getPage } from '../../../lib/list-request';
import { COUNT_REFRESH_MS, COUNTS_QUERY_KEY } from './get-count';

export interface CountsQuery {
  state?: CountState;
  limit: number;
  skip?: number;
}

/** GET /counts?state=&limit=&skip= (countStock): the sessions, newest first, and how many in all. */
export const getCountsQueryOptions = (api: ApiClient, query: CountsQuery) =>
  queryOptions({
    queryKey: [...COUNTS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getPage<Count>(api, '/counts', { ...query }, signal),
  });

/** A page of sessions; the previous page stays while the next loads. `live`: the open ones' progress, kept fresh. */
export function useCounts(query: CountsQuery, { live = false, enabled = true } = {}) {
  return useQuery({
    ...getCountsQueryOptions(useApiClient(), query),
    placeholderData: keepPreviousData,
    refetchInterval: live ? COUNT_REFRESH_MS : false,
    enabled,
  });
}
