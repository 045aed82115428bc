import type { LocationItemsQuery, LocationListQuery } from '@smart-zone/types/location';
import { etagOf } from '../http/preconditions';
import { prepareJson } from '../http/prepared-json';
import { createPageCache, type CachedPage } from '../inventory/page-cache';
import type { Store } from '../store/store';

/**
 * The locations' list pages, kept by the locations' revision and the query, as the inventory's are: the
 * revision moves on with every location write (any process's), so a page is never served after a change
 * it does not show. A search's count reads every location's words (~1 ms at 10,000): a repeat read, the
 * next page's, another clerk's same search, skips it.
 */
/** Not kept: an id that names no location is read again each time. */
class NoSuchLocation extends Error {}

export function locationsService(store: Store) {
  const pages = createPageCache();
  return {
    async page({ q, parentId, limit, skip }: LocationListQuery): Promise<CachedPage> {
      const key = `${await store.locations.revision()}?${JSON.stringify([q ?? '', parentId ?? '', limit, skip])}`;
      return pages.get(key, async () => {
        const { locations, total } = await store.locations.list({ q, parentId }, { limit, skip });
        return { ...prepareJson(locations, etagOf(`locations/${key}`)), total };
      });
    },

    /**
     * A page of what a location holds, kept by both revisions (the tree's: a move changes what is below; the
     * catalogue's: every stock write moves it on) and the query; null when there is no such location.
     */
    async items(id: string, { deep, limit, skip }: LocationItemsQuery): Promise<CachedPage | null> {
      const revisions = `${await store.locations.revision()}.${await store.items.revision()}`;
      const key = `${revisions}?${id}?${JSON.stringify([deep, limit, skip])}`;
      try {
        return await pages.get(key, async () => {
          const page = await store.locations.items(id, deep, { limit, skip });
          if (!page) throw new NoSuchLocation();
          return { ...prepareJson(page.items, etagOf(`location-items/${key}`)), total: page.total };
        });
      } catch (error) {
        if (error instanceof NoSuchLocation) return null;
        throw error;
      }
    },
  };
}
