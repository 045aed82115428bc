import { codesOf } from '@smart-zone/types/item';

/**
 * What an item's search matches, for both stores: its name, its supplier, its
 * SKU and each of its barcodes (issue 33),
 * folded to Unicode lower case, each on its own (a match never spans two),
 * by substring. Indexes hold each item's grams (its distinct substrings of a
 * few code points), so a search reads the items that have the text's grams, not
 * every item: SQLite's `items_grams` (1–2 code points, sqlite/short-search.ts)
 * beside its FTS5 trigram index, MongoDB's `grams` field (1–3, mongo/search-grams.ts).
 */

/** The fold of search text and of what it is matched against: Unicode lower case. */
export const fold = (text: string) => text.toLocaleLowerCase();

/** The text's code points, folded. */
const pointsOf = (text: string) => [...fold(text)];

/** An item's texts a search matches, each on its own: name, supplier, SKU, barcodes. */
export const searchTextsOf = (item: {
  name: string;
  supplier: string;
  sku?: string | null;
  barcodes?: readonly string[];
}): string[] => [item.name, item.supplier, ...codesOf(item)];

/**
 * An item's codes as one text, one a line (none: ''): what SQLite's trigram index reads beside the name and
 * the supplier. A search's text never holds a line break, so it never matches across two codes.
 */
export const codeText = (item: { sku?: string | null; barcodes?: readonly string[] }): string =>
  codesOf(item).join('\n');

/** Every distinct substring of 1 to `longest` code points of each text, folded (never across two). */
export function gramsOf(texts: readonly string[], longest: number): string[] {
  const grams = new Set<string>();
  for (const points of texts.map(pointsOf)) {
    points.forEach((_, at) => {
      for (let length = 1; length <= longest && at + length <= points.length; length += 1) {
        grams.add(points.slice(at, at + length).join(''));
      }
    });
  }
  return [...grams];
}

/**
 * The grams a search's text needs an item to have: the text itself when it is at most `longest` code
 * points (then having that gram is a match), else its distinct substrings of `longest` (necessary, not
 * sufficient: the text is then matched as well).
 */
export function gramsNeeded(q: string, longest: number): { grams: string[]; exact: boolean } {
  const points = pointsOf(q);
  if (points.length <= longest) return { grams: [points.join('')], exact: true };
  const grams = new Set<string>();
  for (let at = 0; at + longest <= points.length; at += 1) grams.add(points.slice(at, at + longest).join(''));
  return { grams: [...grams], exact: false };
}
