import type { Item } from '@smart-zone/types/item';
import type { LiveEvent } from '@smart-zone/types/live';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import type { Page } from '../../../lib/page';
import { ITEM_DETAILS_QUERY_KEY, getItemQueryOptions } from './get-item';
import { getItemsQueryOptions } from './get-items';

type ItemEvent = Extract<LiveEvent, { type: 'item' | 'deleted' | 'reset' }>;

/**
 * How long the refetches that follow live events wait for more of them: an
 * import's thousand events are one refetch of what is on screen, not a
 * thousand. The cache is changed in place at once; this only confirms it.
 */
export const LIVE_REFETCH_DELAY_MS = 500;

/**
 * Live events (GET /api/events) into the cache of items: an `item` event's
 * quantity and version go into its page and every cached list row at once;
 * a `deleted` item leaves the lists; then, debounced, what shows those is
 * asked again (a list's members, order and count may change; the item's
 * other fields, history and edits too); `reset`: all of it now.
 */
export function createLiveItemsCache(queryClient: QueryClient, api: ApiClient) {
  const lists = getItemsQueryOptions(api).queryKey;
  const changed = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const refetchSoon = (itemId: string) => {
    changed.add(itemId);
    timer ??= setTimeout(() => {
      timer = undefined;
      const ids = [...changed];
      changed.clear();
      void queryClient.invalidateQueries({ queryKey: lists });
      for (const id of ids) void queryClient.invalidateQueries({ queryKey: getItemQueryOptions(api, id).queryKey });
    }, LIVE_REFETCH_DELAY_MS);
  };

  /** Each cached list page, changed by `change`; a page it leaves alone is not touched (nor marked fresh). */
  const eachListPage = (change: (page: Page<Item>) => Page<Item> | undefined) =>
    queryClient.setQueriesData<Page<Item>>({ queryKey: lists }, (page) => page && change(page));

  return {
    apply(event: ItemEvent) {
      if (event.type === 'reset') {
        clearTimeout(timer);
        timer = undefined;
        changed.clear();
        void queryClient.invalidateQueries({ queryKey: lists });
        void queryClient.invalidateQueries({ queryKey: ITEM_DETAILS_QUERY_KEY });
        return;
      }
      const { itemId } = event;
      if (event.type === 'item') {
        const { quantity, version } = event;
        // An older event than what is cached (the change's own answer came first) changes nothing.
        const newer = (item: Item) => item._id === itemId && item.version < version;
        queryClient.setQueryData(getItemQueryOptions(api, itemId).queryKey, (item) =>
          item && newer(item) ? { ...item, quantity, version } : undefined,
        );
        eachListPage((page) =>
          page.items.some(newer)
            ? { ...page, items: page.items.map((item) => (newer(item) ? { ...item, quantity, version } : item)) }
            : undefined,
        );
      } else {
        eachListPage((page) =>
          page.items.some((item) => item._id === itemId)
            ? { items: page.items.filter((item) => item._id !== itemId), total: Math.max(0, page.total - 1) }
            : undefined,
        );
      }
      refetchSoon(itemId);
    },
    stop: () => clearTimeout(timer),
  };
}
