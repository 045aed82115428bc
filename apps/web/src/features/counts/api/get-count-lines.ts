import type { CountLine, CountLineFilter } from '@smart-zone/types/count';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getPage } from '../../../lib/list-request';
import { COUNT_REFRESH_MS, getCountQueryOptions } from './get-count';

export interface CountLinesQuery {
  filter?: CountLineFilter;
  limit: number;
  skip?: number;
}

/**
 * GET /counts/:id/lines?filter=&limit=&skip= (countStock): none, by name; `uncounted`, by name; `counted`, the
 * last counted first; `variance`, the counted lines off the ledger, the largest in money first. Keyed under the
 * count: whatever refreshes the count refreshes its lines.
 */
export const getCountLinesQueryOptions = (api: ApiClient, id: string, query: CountLinesQuery) =>
  queryOptions({
    queryKey: [...getCountQueryOptions(api, id).queryKey, 'lines', query],
    queryFn: ({ signal }) => getPage<CountLine>(api, `/counts/${encodeURIComponent(id)}/lines`, { ...query }, signal),
  });

/** `live`: asked again every COUNT_REFRESH_MS (lines others count appear); the previous page stays meanwhile. */
export function useCountLines(id: string, query: CountLinesQuery, { live = false } = {}) {
  return useQuery({
    ...getCountLinesQueryOptions(useApiClient(), id, query),
    placeholderData: keepPreviousData,
    refetchInterval: live ? COUNT_REFRESH_MS : false,
  });
}

/** A line as a table row (PagedTable keys its rows by `_id`): its item's id. */
export type CountLineRow = CountLine & { _id: string };

/** A page of lines as table rows (the review's variance table); the previous page stays while the next loads. */
export function useCountLineRows(id: string, query: CountLinesQuery) {
  return useQuery({
    ...getCountLinesQueryOptions(useApiClient(), id, query),
    select: (page) => ({ ...page, items: page.items.map((line): CountLineRow => ({ ...line, _id: line.itemId })) }),
    placeholderData: keepPreviousData,
  });
}
