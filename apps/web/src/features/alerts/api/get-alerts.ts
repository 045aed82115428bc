import type { Alert, AlertState } from '@smart-zone/types/alert';
import { TOTAL_COUNT_HEADER } from '@smart-zone/types/responses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import type { Page } from '../../../lib/page';
import { ALERTS_QUERY_KEY } from '../../../lib/query-client';

interface AlertsQuery {
  /** Open (the API's default), resolved or all. */
  state?: AlertState | 'all';
  unread?: boolean;
  limit: number;
  skip?: number;
}

/** GET /alerts?state=&unread=&limit=&skip= (staff): newest first, and how many in all (X-Total-Count). */
async function getAlerts(api: ApiClient, { state, unread, limit, skip }: AlertsQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (state) params.set('state', state);
  if (unread) params.set('unread', 'true');
  params.set('limit', String(limit));
  if (skip) params.set('skip', String(skip));
  const { data, headers } = await api.requestWithHeaders<Alert[]>(`/alerts?${params}`, { auth: true, signal });
  const total = headers.get(TOTAL_COUNT_HEADER);
  return { items: data, total: total === null ? data.length : Number(total) } satisfies Page<Alert>;
}

/** Under ALERTS_QUERY_KEY: every change the app makes refreshes them (lib/query-client.ts). */
const getAlertsQueryOptions = (api: ApiClient, query: AlertsQuery) =>
  queryOptions({
    queryKey: [...ALERTS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getAlerts(api, query, signal),
  });

/** A page of alerts; the previous page stays while the next one loads. */
export function useAlerts(query: AlertsQuery) {
  return useQuery({ ...getAlertsQueryOptions(useApiClient(), query), placeholderData: keepPreviousData });
}

/** How often the bell asks again while the page is open: alerts raised by others' changes show within this. */
export const UNREAD_REFRESH_MS = 30_000;

/**
 * The bell's count: the open alerts (one per item at or below its reorder point, as the dashboard's `low` and
 * the low-stock list count them); one row asked for, the total read from X-Total-Count. Live events refresh it;
 * it is also asked again when the window gets focus and every UNREAD_REFRESH_MS.
 */
export function useOpenAlertCount() {
  return useQuery({
    ...getAlertsQueryOptions(useApiClient(), { state: 'open', limit: 1 }),
    select: (page) => page.total,
    refetchOnWindowFocus: 'always',
    refetchInterval: UNREAD_REFRESH_MS,
  });
}

/** How many alerts nobody has marked read (Mark all read is offered while there are some). */
export function useUnreadAlertCount() {
  return useQuery({
    ...getAlertsQueryOptions(useApiClient(), { state: 'all', unread: true, limit: 1 }),
    select: (page) => page.total,
    refetchOnWindowFocus: 'always',
    refetchInterval: UNREAD_REFRESH_MS,
  });
}
