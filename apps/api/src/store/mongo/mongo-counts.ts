import { Double, type ClientSession, type ObjectId } from 'mongodb';
import { DAY_BUCKETS, type DayBucket } from '@smart-zone/types/movement-kinds';
import { isLowStock, isOutOfStock } from '@smart-zone/types/stock';
import type { StockLevel } from '../stock-alerts';
import type { ChangeCause } from '../store';
import type { DayTotals } from '../decisions/change';
import type { MongoCollections } from './documents';
import { inTx } from './mongo-tx';

/**
 * Counter documents per total: each write adds to one of them, picked at random, and a read sums them all.
 * One document that every write of the cluster $inc's would order those writes one after another (two
 * transactions writing one document conflict, and the driver runs the loser again); across COUNTER_SHARDS
 * documents two concurrent writes collide once in COUNTER_SHARDS, and a read sums a few dozen small
 * documents, on their _id.
 */
export const COUNTER_SHARDS = 32;

/** A counter document's place: `<key>/<shard>` (a day's: `YYYY-MM-DD/7`; the catalogue's: `items/7`). */
const shardOf = (key: string) => `${key}/${Math.floor(Math.random() * COUNTER_SHARDS)}`;

/** A price to the cent, rounded half up as SQLite's round() (MongoDB's $round goes half to even). */
export const centsOf = (price: number) => Math.floor(price * 100 + 0.5);

/** The catalogue's totals (GET /api/stats), kept by every write: ITEM_TOTALS summed over its counter documents. */
export const ITEM_TOTALS = 'items';
export const TOTAL_FIELDS = ['items', 'units', 'cents', 'low', 'out'] as const;

/** What mongo-ledger.ts's record() tells the counts of each change. */
export interface CountedChange {
  itemId: ObjectId;
  cause: ChangeCause;
  before: (StockLevel & { price: number }) | null;
  after: (StockLevel & { price: number }) | null;
  /** Its movement's share of the day totals, as its decision counted it (decisions/change.ts). */
  days?: DayTotals;
}

/** A total as a double: exact to 2^53, where an $inc of ints past 2^31 − 1 makes a long (see `total` in schema-validators.ts). */
const inc = (values: Record<string, number>) =>
  Object.fromEntries(Object.entries(values).map(([field, value]) => [field, new Double(value)]));

/**
 * The stats' totals, kept in the transaction of every write (mongo-stats.ts reads them; SQLite keeps the
 * same in its triggers): each UTC day's buckets (DAY_BUCKETS) and each item's units delivered per day, as each change's
 * decision counted them (a deleted item's days go with it), and the catalogue's count, units, value, low
 * and out items, each moved by what the change did to its item (before and after), and the count of
 * item writes (`writes`: the catalogue's revision).
 */
export function mongoCounts({ movementDays, itemOutDays, totals }: MongoCollections) {
  return async function count(list: readonly CountedChange[], session?: ClientSession): Promise<void> {
    const days = new Map<string, Partial<Record<DayBucket, number>>>();
    const itemDays = new Map<string, { day: string; itemId: ObjectId; out: number }>();
    // Each movement's share as its decision counted it (dayTotals: the movement kinds table), the buckets
    // it moves alone (signed: a bucket of a counter document may go below 0, the day's sum never does).
    for (const { days: counted, itemId } of list) {
      if (!counted) continue;
      const { day } = counted;
      const total = days.get(day) ?? {};
      for (const bucket of DAY_BUCKETS) {
        if (counted[bucket] !== 0) total[bucket] = (total[bucket] ?? 0) + counted[bucket];
      }
      days.set(day, total);
      if (counted.itemOut === 0) continue;
      const key = `${day} ${itemId.toHexString()}`;
      const itemDay = itemDays.get(key) ?? { day, itemId, out: 0 };
      itemDay.out += counted.itemOut;
      itemDays.set(key, itemDay);
    }
    if ([...days.values()].some((total) => Object.keys(total).length > 0)) {
      await movementDays.bulkWrite(
        // A day whose movements moved no bucket (an item created empty) writes nothing.
        [...days]
          .filter(([, total]) => Object.keys(total).length > 0)
          .map(([day, total]) => ({
            updateOne: { filter: { _id: shardOf(day) }, update: { $inc: inc(total) }, upsert: true },
          })),
        { ordered: true, ...inTx(session) },
      );
    }
    if (itemDays.size > 0) {
      await itemOutDays.bulkWrite(
        [...itemDays.values()].map(({ day, itemId, out }) => ({
          updateOne: { filter: { day, itemId }, update: { $inc: inc({ out }) }, upsert: true },
        })),
        { ordered: true, ...inTx(session) },
      );
    }
    const deleted = list.filter((change) => change.cause === 'deleted').map((change) => change.itemId);
    if (deleted.length > 0) await itemOutDays.deleteMany({ itemId: { $in: deleted } }, inTx(session));

    const moved = { items: 0, units: 0, cents: 0, low: 0, out: 0 };
    for (const { before, after } of list) {
      for (const [side, sign] of [
        [before, -1],
        [after, 1],
      ] as const) {
        if (!side) continue;
        moved.items += sign;
        moved.units += sign * side.quantity;
        moved.cents += sign * centsOf(side.price) * side.quantity;
        moved.low += isLowStock(side) ? sign : 0;
        moved.out += isOutOfStock(side) ? sign : 0;
      }
    }
    // `writes`: the catalogue's revision (mongo-ledger.ts revision()), moved on by every item write.
    if (list.length > 0) {
      await totals.updateOne(
        { _id: shardOf(ITEM_TOTALS) },
        { $inc: { ...inc(moved), writes: new Double(list.length) } },
        { upsert: true, ...inTx(session) },
      );
    }
  };
}
