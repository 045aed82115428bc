import { LRUCache } from 'lru-cache';
import type { PreparedJson } from '../http/prepared-json';

/** One list page as it goes on the wire: its JSON and ETag, and how many items matched before paging. */
export interface CachedPage extends PreparedJson {
  total: number;
}

/** Enough for the pages people browse at once; bounded in bytes, not entries. */
const MAX_BYTES = 16 * 1024 * 1024;

/**
 * List pages, keyed by the catalogue's revision and the query. The revision
 * moves on with every item write, so a page is never served after a change it
 * does not show: a write simply makes the next read miss. At 100,000 items
 * this spares every repeat read its count and its search; and every read its
 * serializing and its ETag.
 */
export function createPageCache() {
  const cache = new LRUCache<string, CachedPage>({
    maxSize: MAX_BYTES,
    sizeCalculation: (page) => page.body.length + 128,
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
