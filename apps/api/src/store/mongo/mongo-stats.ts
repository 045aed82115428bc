import type { ObjectId } from 'mongodb';
import { reasonsCounted } from '@smart-zone/types/movement-kinds';
import { STATS_TOP_MOVERS, statsDays, type Stats } from '@smart-zone/types/stats';
import type { StatsRepository } from '../store';
import { countOf, type MongoCollections } from './documents';
import { COUNTER_SHARDS, ITEM_TOTALS, TOTAL_FIELDS } from './mongo-counts';
import { inTx } from './mongo-tx';

const STATS_MIGRATED_KEY = 'stats_days_counted';
const TOTALS_COUNTED_KEY = 'stats_totals_counted';
/** Deleted items' days go with them; a read races a deletion at most, so a few more than five always do. */
const MOVERS_READ = STATS_TOP_MOVERS * 2;
/** Past every shard of a key (`YYYY-MM-DD/<n>`, `items/<n>`): `~` sorts after the digits. */
const LAST_SHARD = '/~';

/**
 * GET /api/stats on MongoDB, from totals the ledger keeps in every write's transaction (mongo-counts.ts),
 * as SQLite keeps its own (V8 triggers), never a scan of the items: the catalogue's count, units, value,
 * low and out items summed over their counter documents; units in and out per day summed over each day's
 * (a range of _id); each item's out per day ($group over the window's rows, on their index). The dashboard
 * asks on every change, from every open page: a $group over a million items on each ask was the
 * collection read again and again. Each read is of its own moment (no snapshot across them: a figure may
 * be a write apart from another).
 */
export function mongoStats({ items, movementDays, itemOutDays, totals }: MongoCollections): StatsRepository {
  async function read(now: Date): Promise<Stats> {
    const days = statsDays(now);
    const first = days[0]!;
    const last = days[days.length - 1]!;
    const [totalDocs, dayDocs, movers] = await Promise.all([
      totals.find({ _id: { $gte: `${ITEM_TOTALS}/`, $lte: `${ITEM_TOTALS}${LAST_SHARD}` } }, inTx()).toArray(),
      movementDays.find({ _id: { $gte: first, $lte: `${last}${LAST_SHARD}` } }, inTx()).toArray(),
      itemOutDays
        .aggregate<{ _id: ObjectId; out: number }>(
          [
            { $match: { day: { $gte: first, $lte: last } } },
            { $group: { _id: '$itemId', out: { $sum: '$out' } } },
            { $sort: { out: -1, _id: 1 } },
            { $limit: MOVERS_READ },
          ],
          { ...inTx(), allowDiskUse: true },
        )
        .toArray(),
    ]);
    const sum = Object.fromEntries(
      TOTAL_FIELDS.map((field) => [field, totalDocs.reduce((total, doc) => total + countOf(doc[field]), 0)]),
    ) as Record<(typeof TOTAL_FIELDS)[number], number>;
    // A day's documents (its shards, and its whole total from the first count): summed. Totals may be longs.
    const byDay = new Map<string, { in: number; out: number }>();
    for (const doc of dayDocs) {
      const day = doc._id.slice(0, first.length);
      const total = byDay.get(day) ?? { in: 0, out: 0 };
      byDay.set(day, { in: total.in + countOf(doc.in), out: total.out + countOf(doc.out) });
    }
    const names = new Map(
      (
        await items
          .find({ _id: { $in: movers.map((mover) => mover._id) } }, { projection: { name: 1 }, ...inTx() })
          .toArray()
      ).map((doc) => [doc._id.toHexString(), doc.name]),
    );
    return {
      items: sum.items,
      units: sum.units,
      stockValue: sum.cents / 100,
      low: sum.low,
      out: sum.out,
      movementsByDay: days.map((day) => ({ day, in: byDay.get(day)?.in ?? 0, out: byDay.get(day)?.out ?? 0 })),
      topMovers: movers
        .filter((mover) => names.has(mover._id.toHexString()))
        .slice(0, STATS_TOP_MOVERS)
        .map((mover) => ({
          itemId: mover._id.toHexString(),
          name: names.get(mover._id.toHexString())!,
          out: countOf(mover.out),
        })),
    };
  }

  return {
    read: (now = new Date()) => read(now),
  };
}

/** A movement's units `way` as the day totals count them (dayTotalsOf, the movement kinds table), else 0. */
const counted = (way: 'in' | 'out', units: unknown) => ({
  $cond: [
    {
      $and: [{ [way === 'in' ? '$gt' : '$lt']: ['$delta', 0] }, { $in: ['$reason', reasonsCounted(way, 'dayTotals')] }],
    },
    units,
    0,
  ],
});

/**
 * Movements from before the stats were counted: their days, made once from the ledger on the server
 * ($merge), then marked done. Safe to run again (it recomputes and replaces); writes that land while it
 * runs, on the first start after the upgrade, may be counted in the days it replaces or not.
 */
export async function countPastMovements({ movements, meta, movementDays }: MongoCollections): Promise<void> {
  if (await meta.findOne({ _id: STATS_MIGRATED_KEY })) return;
  const day = { $dateToString: { format: '%Y-%m-%d', date: '$at' } };
  // Counted again from the ledger: the days' counter documents go, or their movements would count twice.
  await movementDays.deleteMany({ _id: { $regex: '/' } });
  await movements
    .aggregate(
      [
        {
          $group: {
            _id: day,
            // Summed as doubles: a sum of ints past 2^31 − 1 would be a long (see `total` in schema.ts).
            in: { $sum: { $toDouble: counted('in', '$delta') } },
            out: { $sum: { $toDouble: counted('out', { $multiply: ['$delta', -1] }) } },
          },
        },
        { $merge: { into: 'movementDays', whenMatched: 'replace', whenNotMatched: 'insert' } },
      ],
      { allowDiskUse: true, maxTimeMS: 10 * 60_000 },
    )
    .toArray();
  await movements
    .aggregate(
      [
        { $match: { delta: { $lt: 0 }, reason: { $in: reasonsCounted('out', 'topMovers') } } },
        { $group: { _id: { day, itemId: '$itemId' }, out: { $sum: { $toDouble: { $multiply: ['$delta', -1] } } } } },
        // Only items that still exist (a deleted item's days go with it).
        {
          $lookup: {
            from: 'items',
            localField: '_id.itemId',
            foreignField: '_id',
            as: 'item',
            pipeline: [{ $project: { _id: 1 } }],
          },
        },
        { $match: { 'item.0': { $exists: true } } },
        { $project: { _id: 0, day: '$_id.day', itemId: '$_id.itemId', out: 1 } },
        // Matched: only `out` is set (a replacement would change the document's _id).
        {
          $merge: {
            into: 'itemOutDays',
            on: ['day', 'itemId'],
            whenMatched: [{ $set: { out: '$$new.out' } }],
            whenNotMatched: 'insert',
          },
        },
      ],
      { allowDiskUse: true, maxTimeMS: 10 * 60_000 },
    )
    .toArray();
  await meta.updateOne({ _id: STATS_MIGRATED_KEY }, { $set: { at: new Date() } }, { upsert: true });
}

/**
 * The catalogue's totals (mongo-counts.ts) made once from the items, on the first start that keeps them:
 * one $group, written as the first shard, every other shard emptied. Safe to run again (it recomputes);
 * as for the days, writes that land while it runs may be counted in it or not.
 */
export async function countItemTotals({ items, meta, totals }: MongoCollections): Promise<void> {
  if (await meta.findOne({ _id: TOTALS_COUNTED_KEY })) return;
  const [scanned] = await items
    .aggregate<Record<(typeof TOTAL_FIELDS)[number], number>>(
      [
        {
          $group: {
            _id: null,
            items: { $sum: 1 },
            units: { $sum: { $toDouble: '$quantity' } },
            // To the cent, as centsOf: each price rounded half up before it is multiplied.
            cents: {
              $sum: {
                $toDouble: { $multiply: [{ $floor: { $add: [{ $multiply: ['$price', 100] }, 0.5] } }, '$quantity'] },
              },
            },
            low: { $sum: { $cond: ['$low', 1, 0] } },
            out: { $sum: { $cond: [{ $eq: ['$quantity', 0] }, 1, 0] } },
          },
        },
        { $project: { _id: 0 } },
      ],
      { allowDiskUse: true, maxTimeMS: 10 * 60_000 },
    )
    .toArray();
  const zero = { items: 0, units: 0, cents: 0, low: 0, out: 0 };
  await totals.bulkWrite(
    Array.from({ length: COUNTER_SHARDS }, (_, shard) => ({
      updateOne: {
        filter: { _id: `${ITEM_TOTALS}/${shard}` },
        // Plain numbers (the ledger's $inc of doubles makes any of them a double); `writes` (the revision) kept.
        update: { $set: shard === 0 && scanned ? { ...zero, ...scanned } : zero },
        upsert: true,
      },
    })),
    { ordered: true },
  );
  await meta.updateOne({ _id: TOTALS_COUNTED_KEY }, { $set: { at: new Date() } }, { upsert: true });
}
