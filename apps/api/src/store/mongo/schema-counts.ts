import type { Db, IndexDescription, ObjectId } from 'mongodb';
import type { CountState } from '@smart-zone/types/count';
import type { Count } from '@smart-zone/types/count';

/**
 * Stock counts (issue 35), as SQLite's schema-counts.ts: a session document, and a document per line. A line's
 * name and SKU are the item's when the session opened; once counted, what was counted and the ledger's units of
 * the item then (`expected`), its version and price then, and who counted it last. Only the adapter writes them
 * (mongo-count-sessions.ts): no validator, as the import jobs' bookkeeping.
 */
export interface CountDoc {
  _id: ObjectId;
  name: string;
  state: CountState;
  blind: boolean;
  locationId?: ObjectId;
  scope: Count['scope'];
  lines: number;
  createdBy: { uid: string; email: string };
  at: Date;
  closedBy?: { uid: string; email: string };
  closedAt?: Date;
  movements?: number;
}

export interface CountLineDoc {
  _id: ObjectId;
  countId: ObjectId;
  itemId: ObjectId;
  name: string;
  sku?: string;
  counted?: number;
  expected?: number;
  version?: number;
  price?: number;
  countedBy?: { uid: string; email: string };
  countedAt?: Date;
}

export const COUNT_INDEXES: Record<'counts' | 'countLines', IndexDescription[]> = {
  // The list, newest first, of one state or all (_id: its creation time).
  counts: [{ key: { state: 1, _id: -1 } }],
  countLines: [
    // One line per item of a session; a recording finds its line by it.
    { key: { countId: 1, itemId: 1 }, unique: true },
    // The lines (and the uncounted ones) by name, the sheet's pages.
    { key: { countId: 1, name: 1, itemId: 1 } },
    // The counted lines, the last counted first; their totals.
    {
      key: { countId: 1, countedAt: -1, itemId: 1 },
      name: 'counted_lines',
      partialFilterExpression: { counted: { $exists: true } },
    },
  ],
};

export const countCollectionsOf = (db: Db) => ({
  counts: db.collection<CountDoc>('counts'),
  countLines: db.collection<CountLineDoc>('countLines'),
});
export type CountCollections = ReturnType<typeof countCollectionsOf>;
