import type { ObjectId } from 'mongodb';
import { reasonsCounted } from '@smart-zone/types/movement-kinds';
import { STATS_TOP_MOVERS, statsDays, type Stats } from '@smart-zone/types/stats';
import type { StatsRepository } from '../store';
import { countOf, type MongoCollections } from './documents';
import { inTx } from './mongo-ledger';

const STATS_MIGRATED_KEY = 'stats_days_counted';
/** Deleted items' days go with them; a read races a deletion at most, so a few more than five always do. */
const MOVERS_READ = STATS_TOP_MOVERS * 2;

/**
 * GET /api/stats on MongoDB: units in and out per day, and each item's out
 * per day, from the documents the ledger keeps in every movement's
 * transaction (countMovements in mongo-ledger.ts); the items' count, units
 * and value from one $group over the items (a scan: SQLite keeps these as
 * totals, MongoDB would need every write path to carry the price before and
 * after), low and out counted in their indexes. Each read is of its own
 * moment (no snapshot across them: a figure may be a write apart from another).
 */
export function mongoStats({ items, movementDays, itemOutDays }: MongoCollections): StatsRepository {
  async function read(now: Date): Promise<Stats> {
    const days = statsDays(now);
    const window = { $gte: days[0]!, $lte: days[days.length - 1]! };
    const [totals] = await items
      .aggregate<{ items: number; units: number; cents: number }>(
        [
          {
            $group: {
              _id: null,
              items: { $sum: 1 },
              units: { $sum: '$quantity' },
              // To the cent, as SQLite's totals: each price rounded (half up, as SQLite's round(); MongoDB's
              // $round goes half to even) before it is multiplied.
              cents: {
                $sum: { $multiply: [{ $floor: { $add: [{ $multiply: ['$price', 100] }, 0.5] } }, '$quantity'] },
              },
            },
          },
        ],
        inTx(),
      )
      .toArray();
    const [low, out, dayDocs, movers] = await Promise.all([
      items.countDocuments({ low: true }, inTx()),
      items.countDocuments({ quantity: 0 }, inTx()),
      movementDays.find({ _id: window }, inTx()).toArray(),
      itemOutDays
        .aggregate<{ _id: ObjectId; out: number }>(
          [
            { $match: { day: window } },
            { $group: { _id: '$itemId', out: { $sum: '$out' } } },
            { $sort: { out: -1, _id: 1 } },
            { $limit: MOVERS_READ },
          ],
          { ...inTx(), allowDiskUse: true },
        )
        .toArray(),
    ]);
    const names = new Map(
      (
        await items
          .find({ _id: { $in: movers.map((mover) => mover._id) } }, { projection: { name: 1 }, ...inTx() })
          .toArray()
      ).map((doc) => [doc._id.toHexString(), doc.name]),
    );
    const byDay = new Map(dayDocs.map((doc) => [doc._id, doc]));
    return {
      items: totals?.items ?? 0,
      units: totals?.units ?? 0,
      stockValue: (totals?.cents ?? 0) / 100,
      low,
      out,
      // A day's totals may be longs (schema.ts): each read as a number.
      movementsByDay: days.map((day) => ({ day, in: countOf(byDay.get(day)?.in), out: countOf(byDay.get(day)?.out) })),
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
export async function countPastMovements({ movements, meta }: MongoCollections): Promise<void> {
  if (await meta.findOne({ _id: STATS_MIGRATED_KEY })) return;
  const day = { $dateToString: { format: '%Y-%m-%d', date: '$at' } };
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
