import { Long } from 'mongodb';
import { isLowStock, type Actor } from '@smart-zone/types/item';
import { fold, searchTextsOf } from '../search-grams';
import type { ItemDoc } from './documents';

/** The SKU's unique index (schema.ts): partial, it holds the items whose SKU is a string, and only those. */
export const SKU_INDEX = 'sku_unique';
export const HAS_SKU = { $type: 'string' } as const;

/**
 * A query's condition on the SKU: this one (skuIs) or any of these (skuIn), said to be a string too. The
 * server uses a partial index only for a query that implies its filter, and `sku: 'X'` or `sku: { $in }`
 * alone does not imply `$type: 'string'` to the planner: without it every SKU lookup read the whole
 * collection. Every query on the SKU goes through these (test/mongo-edges.mongo.test.ts explains them).
 */
export const skuIs = (sku: string) => ({ $eq: sku, ...HAS_SKU });
export const skuIn = (skus: readonly string[]) => ({ $in: [...skus], ...HAS_SKU });

/**
 * Every item's codes (issue 33): `codes` holds an item's SKU and barcodes, in a unique multikey index. Unique
 * across documents (a code on one item, whichever field it is on), it is the last word under a race: of two
 * transactions giving one code to two items, the second to write its key meets the first's (a write
 * conflict while the first is open, which the driver retries; a duplicate key once it committed, answered
 * as SkuTakenError). Partial, like the SKU's: an item without codes (`[]`, or none from before it) is not in
 * it, so they do not collide on the empty key; every query on it says `$type: 'string'` (codeIs, codeIn).
 */
export const CODES_INDEX = 'codes_unique';
export const HAS_CODE = { $type: 'string' } as const;
export const codeIs = (code: string) => ({ $eq: code, ...HAS_CODE });
export const codeIn = (codes: readonly string[]) => ({ $in: [...codes], ...HAS_CODE });

/**
 * A day's total as the stats read it: a number. Totals are written as doubles (mongo-ledger.ts), but a
 * long, which an $inc of ints makes past 2^31 − 1 (an older instance's write), is accepted too; the driver
 * hands one back as a number when it fits 53 bits, and as a Long otherwise.
 */
export const countOf = (value: unknown): number =>
  Long.isLong(value) ? value.toNumber() : typeof value === 'number' ? value : Number(value ?? 0);

/** name, supplier, SKU and barcodes folded to lower case, one a line: what a long search's text is matched in. */
export const searchText = (input: Parameters<typeof searchTextsOf>[0]) => searchTextsOf(input).map(fold).join('\n');

/**
 * The name sort's key: ASCII letters lowered, everything else kept. Compared
 * with the simple (binary) collation, that is SQLite's `COLLATE NOCASE`: ASCII
 * case-insensitively, the rest by UTF-8 bytes, i.e. by code point.
 */
export const nameKey = (name: string) => name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** An item's derived stock fields for a quantity and reorder point (the low rule is packages/types' isLowStock). */
export const stockLevel = (quantity: number, minStock: number): Pick<ItemDoc, 'low' | 'shortfall'> => ({
  low: isLowStock({ quantity, minStock }),
  shortfall: minStock - quantity,
});

/**
 * The same, as an aggregation expression over the document's own fields: for
 * updates that move the quantity by a delta (the value is known only on the
 * server), the migration, and the validator that checks them.
 */
export const STOCK_LEVEL_EXPR = {
  low: { $and: [{ $gt: ['$minStock', 0] }, { $lte: ['$quantity', '$minStock'] }] },
  shortfall: { $subtract: ['$minStock', '$quantity'] },
};

/** Who, as every document stores it: an Author's reason and request belong to its audit entry only. */
export const actorOf = ({ uid, email }: Actor): Actor => ({ uid, email });
