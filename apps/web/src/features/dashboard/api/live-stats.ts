import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { getStatsQueryOptions } from './get-stats';

/**
 * The least time between two refreshes of the dashboard's figures from live
 * events: an import's thousand events are a refresh every 2 s, not a thousand.
 */
export const STATS_REFRESH_MS = 2_000;

/**
 * Live events into the dashboard: every change (an item's stock, a deleted
 * item, an alert, a reset) may move its figures, so the stats query is
 * invalidated (asked again only while the dashboard shows it), at once for the
 * first event, then at most once per STATS_REFRESH_MS, the last event of a
 * burst included.
 */
export function createLiveStats(queryClient: QueryClient, api: ApiClient) {
  const { queryKey } = getStatsQueryOptions(api);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let missed = false;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey });
    timer = setTimeout(() => {
      timer = undefined;
      if (missed) {
        missed = false;
        refresh();
      }
    }, STATS_REFRESH_MS);
  };

  return {
    changed() {
      if (timer) missed = true;
      else refresh();
    },
    stop: () => clearTimeout(timer),
  };
}
