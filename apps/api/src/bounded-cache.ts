import { LRUCache } from 'lru-cache';

/**
 * Every cache the API keeps in memory is bounded twice (docs/decisions/014):
 * by a count of entries and by a count of bytes that is honest, that is the
 * key, the value and what each entry costs the cache itself, each rounded up.
 * A bound by the body's bytes alone let 100,000 unique searches keep 100,000
 * empty pages, counted at 130 bytes each and costing some 450.
 */

/**
 * What one entry costs lru-cache beyond its key and its value: its slots in the cache's arrays and its
 * map entry (~70 bytes), and up to as much again of room in that map, which grows by doubling.
 */
export const ENTRY_BYTES = 192;
/** A plain object of a few properties: its header and its property slots. */
export const OBJECT_BYTES = 64;
/** A Buffer's JavaScript object (~100 bytes measured), beyond the bytes it holds. */
export const BUFFER_BYTES = 128;

/** A string in V8's heap, at most: its header and two bytes a character (one for Latin-1 text). */
export const textBytes = (text: string): number => 24 + 2 * text.length;

export interface CacheBounds<V> {
  /** At most this many entries. */
  max: number;
  /** At most this many bytes, an entry counting ENTRY_BYTES, its key's textBytes and `bytesOf` its value. */
  maxBytes: number;
  /** The bytes the value alone holds: its objects, strings and buffers (not what it shares with others). */
  bytesOf(value: V, key: string): number;
}

/** What lru-cache stores: anything but null and undefined. */
type Value = NonNullable<unknown>;

type Options<V extends Value, FC> = Omit<LRUCache.Options<string, V, FC>, 'max' | 'maxSize' | 'sizeCalculation'>;

/** An LRU cache keyed by text, bounded by count and by bytes: the least recently used entries go first. */
export function boundedCache<V extends Value, FC = unknown>(
  bounds: CacheBounds<V>,
  options: Options<V, FC> = {},
): LRUCache<string, V, FC> {
  return new LRUCache<string, V, FC>({
    ...options,
    max: bounds.max,
    maxSize: bounds.maxBytes,
    sizeCalculation: (value, key) => ENTRY_BYTES + textBytes(key) + bounds.bytesOf(value, key),
  });
}
