import v8 from 'node:v8';
import vm from 'node:vm';
import Database from 'better-sqlite3';
import type { Request } from 'express';
import { itemListQuerySchema } from '@smart-zone/types/item';
import { etagOf } from '../src/http/preconditions';
import { prepareJson } from '../src/http/prepared-json';
import { QUERY_CACHE_BOUNDS, queryParser } from '../src/http/route';
import { type CachedPage, createPageCache, PAGE_CACHE_BOUNDS } from '../src/inventory/page-cache';
import { itemQueries } from '../src/store/sqlite/item-queries';
import { migrate } from '../src/store/sqlite/schema';

/**
 * Every cache is bounded by a count and by bytes counted honestly (docs/decisions/014): 100,000
 * anonymous searches, each text new, once kept 100,000 empty pages, each counted at 130 bytes.
 */

let next = 0;
/** A search text never used before, as an attacker sends them. */
const uniqueText = () => `zq${(next++).toString(36)}`;

/** An empty page (the search matched nothing), as the item list caches it. */
const emptyPage = (key: string): CachedPage => ({ ...prepareJson([], etagOf(key)), total: 0 });
const pageKey = (q: string) => `42?${JSON.stringify({ limit: 6, q })}`;

/** The heap and buffers in use after a full collection. */
function bytesInUse(): number {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

it('the page cache keeps at most its count and its bytes of pages, however many searches are new', async () => {
  const pages = createPageCache();
  const searches = PAGE_CACHE_BOUNDS.max * 4;
  let loads = 0;
  for (let at = 0; at < searches; at += 1) {
    const key = pageKey(uniqueText());
    await pages.get(key, () => {
      loads += 1;
      return Promise.resolve(emptyPage(key));
    });
  }
  expect(loads).toBe(searches);
  expect(pages.size).toBeLessThanOrEqual(PAGE_CACHE_BOUNDS.max);
  expect(pages.bytes).toBeLessThanOrEqual(PAGE_CACHE_BOUNDS.maxBytes);
  // Still a cache: the page just read is answered from memory.
  const again = pageKey(`zq${(next - 1).toString(36)}`);
  await pages.get(again, () => Promise.reject(new Error('not answered from memory')));
});

it('the page cache counts at least what its pages cost the heap: key, ETag, buffer and object', async () => {
  const pages = createPageCache();
  const count = PAGE_CACHE_BOUNDS.max;
  const before = bytesInUse();
  for (let at = 0; at < count; at += 1) {
    const key = pageKey(uniqueText());
    await pages.get(key, () => Promise.resolve(emptyPage(key)));
  }
  const used = bytesInUse() - before;
  expect(pages.size).toBe(count);
  // Measured 430–470 bytes a page here (Node 22), counted ~540: a count that leaves out the key, the
  // ETag or the buffer's object (the old `body.length + 128`: 130) is under what the heap pays.
  expect(pages.bytes).toBeGreaterThanOrEqual(used);
});

it('the query parser keeps at most its count and its bytes of query texts, however many are new', () => {
  const read = queryParser(itemListQuerySchema);
  const request = (q: string) => ({ url: `/inventory?q=${q}&limit=6`, query: { q, limit: '6' } }) as unknown as Request;
  const first = request('pixel');
  expect(read(first)).toBe(read(request('pixel'))); // parsed once, answered from memory after
  for (let at = 0; at < QUERY_CACHE_BOUNDS.max * 5; at += 1) read(request(uniqueText()));
  const { size, bytes } = read.kept();
  expect(size).toBeLessThanOrEqual(QUERY_CACHE_BOUNDS.max);
  expect(bytes).toBeLessThanOrEqual(QUERY_CACHE_BOUNDS.maxBytes);
});

it('the item queries prepare one statement a shape of query, never one a search text', () => {
  const db = new Database(':memory:');
  migrate(db);
  const reads = itemQueries(db);
  const sorts = [undefined, { key: 'name', descending: false }, { key: 'price', descending: true }] as const;
  const everyShape = (text: (length: number) => string) => {
    for (const length of [1, 2, 6]) {
      for (const stock of [undefined, 'low'] as const) {
        const q = text(length);
        for (const sort of sorts) {
          reads.listRows({ q, stock, sort, limit: 6, skip: 12 });
          reads.orderedSeqs({ q, stock, sort });
        }
        reads.keysetRows({ q, stock }, 0, 0);
        reads.count({ q, stock });
      }
    }
  };
  everyShape((length) => 'abcdef'.slice(0, length));
  const shapes = reads.statements();
  for (let round = 0; round < 100; round += 1) everyShape((length) => uniqueText().slice(-length));
  expect(reads.statements()).toBe(shapes);
  db.close();
});
