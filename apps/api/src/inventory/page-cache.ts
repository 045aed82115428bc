import { LRUCache } from 'lru-cache';

/** One list page as it goes on the wire: its JSON, and how many items matched before paging. */
export interface CachedPage {
  body: string;
  total: number;
}

/** Enough for the pages people browse at once; bounded in bytes, not entries. */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * List pages, keyed by the catalogue's revision and the query. The revision
 * moves on with every item write, so a page is never served after a change it
 * does not show: a write simply makes the next read miss. At 100,000 items
 * this spares every repeat read its count and its search.
 */
export function createPageCache() {
  const cache = new LRUCache<string, CachedPage>({
    maxSize: MAX_BYTES,
    sizeCalculation: (page) => page.body.length + 64,
  });
  return {
    async get(key: string, load: () => Promise<CachedPage>): Promise<CachedPage> {
      const hit = cache.get(key);
      if (hit) return hit;
      const page = await load();
      cache.set(key, page);
      return page;
    },
  };
}
