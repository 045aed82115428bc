import type { Collection, Filter } from 'mongodb';
import { fold, gramsNeeded, gramsOf, searchTextsOf } from '../search-grams';
import { searchText, type ItemDoc } from './documents';

/**
 * MongoDB's search index (docs/decisions/006, store/search-grams.ts): each item keeps `grams`, every
 * distinct substring of 1 to 3 code points of its folded name, supplier, SKU and barcodes (about 50 an item), in a
 * multikey index. A search of 1–3 code points is one key of that index, and the items under it are the
 * matches; a longer one reads the items under one of its trigrams (the planner picks which) and matches
 * the text there. An unanchored regex over the `search` field read every item's key instead (1M keys a
 * search at a million items).
 */
export const SEARCH_GRAM_MAX = 3;

/** An item's grams: of its name, supplier, SKU and each barcode (issue 33), never across two. */
export const searchGrams = (input: Parameters<typeof searchTextsOf>[0]) =>
  gramsOf(searchTextsOf(input), SEARCH_GRAM_MAX);

/**
 * A user's search text matched literally, never as a pattern, against the
 * folded `search` field. Sent as a pattern string: a JavaScript RegExp would
 * go as its `source`, which writes U+2028 and U+2029 as `\u2028`, an escape
 * the server's regex engine (PCRE2) refuses.
 */
const literal = (text: string) => ({
  $regex: fold(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  $options: '',
});

/**
 * The items whose name or supplier holds `q`. An item written by an instance from before `grams` (during
 * a rolling upgrade; the next start fills them in, searchGramsMigration) has none: it is found by its text,
 * among the items under the index's missing-key point (`$exists: false`), so it is not lost meanwhile.
 */
export function searchFilter(q: string): Filter<ItemDoc> {
  const { grams, exact } = gramsNeeded(q, SEARCH_GRAM_MAX);
  const text = { search: literal(q) };
  const indexed: Filter<ItemDoc> = exact ? { grams: grams[0] } : { grams: { $all: grams }, ...text };
  return { $or: [indexed, { grams: { $exists: false }, ...text }] };
}

/** Migration: items from before `grams` get theirs (a write since has set them already). Answers nothing new. */
export async function searchGramsMigration(items: Collection<ItemDoc>): Promise<void> {
  const BATCH = 1000;
  let batch: Pick<ItemDoc, '_id' | 'name' | 'supplier'>[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await items.bulkWrite(
      batch.map(({ _id, name, supplier }) => ({
        updateOne: {
          // The name and supplier it was read with: a rename in between has written its own grams.
          filter: { _id, name, supplier, grams: { $exists: false } },
          update: { $set: { grams: searchGrams({ name, supplier }) } },
        },
      })),
      { ordered: false },
    );
    batch = [];
  };
  const legacy = items.find({ grams: { $exists: false } }, { projection: { name: 1, supplier: 1 } });
  for await (const doc of legacy) {
    batch.push(doc);
    if (batch.length === BATCH) await flush();
  }
  await flush();
}

/**
 * Migration (issue 33): items from before `codes` get them ([SKU] or none), and their search text and grams
 * made again with the SKU, so a part of a SKU finds them. Until then such an item is found by its name and
 * supplier, and by its exact SKU.
 */
export async function codesMigration(items: Collection<ItemDoc>): Promise<void> {
  const BATCH = 1000;
  let batch: Pick<ItemDoc, '_id' | 'name' | 'supplier' | 'sku' | 'version'>[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await items.bulkWrite(
      batch.map(({ _id, name, supplier, sku, version }) => {
        const codes = typeof sku === 'string' ? { sku } : {};
        return {
          updateOne: {
            // The version it was read at: a write since has set its own codes.
            filter: { _id, version, codes: { $exists: false } },
            update: {
              $set: {
                barcodes: [],
                codes: typeof sku === 'string' ? [sku] : [],
                search: searchText({ name, supplier, ...codes }),
                grams: searchGrams({ name, supplier, ...codes }),
              },
            },
          },
        };
      }),
      { ordered: false },
    );
    batch = [];
  };
  const legacy = items.find(
    { codes: { $exists: false } },
    { projection: { name: 1, supplier: 1, sku: 1, version: 1 } },
  );
  for await (const doc of legacy) {
    batch.push(doc);
    if (batch.length === BATCH) await flush();
  }
  await flush();
}
