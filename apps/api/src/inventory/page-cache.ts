import { BUFFER_BYTES, boundedCache, OBJECT_BYTES, textBytes } from '../bounded-cache';
import type { PreparedJson } from '../http/prepared-json';

/** One list page as it goes on the wire: its JSON and ETag, and how many items matched before paging. */
export interface CachedPage extends PreparedJson {
  total: number;
}

/**
 * Enough for the pages people browse at once, bounded twice: 5,000 pages (an
 * empty page costs ~450 bytes, counted ~540, so unique searches that match
 * nothing stop at ~2.7 MB) and 16 MB, counting each page's key, ETag, buffer
 * and object besides its body (a page of 500 items is ~300 KB: 50 of those).
 */
export const PAGE_CACHE_BOUNDS = { max: 5_000, maxBytes: 16 * 1024 * 1024 };

/**
 * List pages, keyed by the catalogue's revision and the query. The revision
 * moves on with every item write, so a page is never served after a change it
 * does not show: a write simply makes the next read miss. At 100,000 items
 * this spares every repeat read its count and its search; and every read its
 * serializing and its ETag.
 */
export function createPageCache() {
  const cache = boundedCache<CachedPage>({
    ...PAGE_CACHE_BOUNDS,
    bytesOf: (page) => OBJECT_BYTES + BUFFER_BYTES + page.body.length + textBytes(page.etag),
  });
  return {
    /** Pages kept, and their bytes as counted against the bounds. */
    get size() {
      return cache.size;
    },
    get bytes() {
      return cache.calculatedSize;
    },
    async get(key: string, load: () => Promise<CachedPage>): Promise<CachedPage> {
      const hit = cache.get(key);
      if (hit) return hit;
      const page = await load();
      cache.set(key, page);
      return page;
    },
  };
}
