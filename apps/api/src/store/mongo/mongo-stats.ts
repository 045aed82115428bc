import type { ObjectId } from 'mongodb';
import {
  BUCKET_SIGNS,
  DAY_BUCKETS,
  KIND_COUNTS,
  MOVEMENT_KIND_NAMES,
  reasonsOfKind,
  type DayBucket,
  type MovementKind,
} from '@smart-zone/types/movement-kinds';
import { type DayMovement, STATS_TOP_MOVERS, statsDays, type Stats, withInOut } from '@smart-zone/types/stats';
import type { StatsRepository } from '../store';
import { countOf, type MongoCollections } from './documents';
import { COUNTER_SHARDS, ITEM_TOTALS, TOTAL_FIELDS } from './mongo-counts';
import { inTx } from './mongo-tx';

/** Issue 32: the days counted again in buckets (a new key: a store counted before counts again once). */
const STATS_MIGRATED_KEY = 'stats_day_buckets_counted';
const TOTALS_COUNTED_KEY = 'stats_totals_counted';
/** Deleted items' days go with them; a read races a deletion at most, so a few more than five always do. */
const MOVERS_READ = STATS_TOP_MOVERS * 2;
/** Past every shard of a key (`YYYY-MM-DD/<n>`, `items/<n>`): `~` sorts after the digits. */
const LAST_SHARD = '/~';

/**
 * GET /api/stats on MongoDB, from totals the ledger keeps in every write's transaction (mongo-counts.ts),
 * as SQLite keeps its own (V8 triggers), never a scan of the items: the catalogue's count, units, value,
 * low and out items summed over their counter documents; each day's buckets summed over its documents
 * (a range of _id); each item's units delivered per day ($group over the window's rows, on their index). The dashboard
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
            // Units delivered less cancelled: an item whose deliveries were all cancelled is no mover.
            { $match: { out: { $gt: 0 } } },
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
    // A day's documents (its shards, and its whole count from the ledger): each bucket summed. Totals may be longs.
    const byDay = new Map<string, Record<DayBucket, number>>();
    for (const doc of dayDocs) {
      const day = doc._id.slice(0, first.length);
      const total = byDay.get(day) ?? noBuckets();
      for (const bucket of DAY_BUCKETS) total[bucket] += countOf(doc[bucket]);
      byDay.set(day, total);
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
      movementsByDay: days.map((day): DayMovement => withInOut({ day, ...(byDay.get(day) ?? noBuckets()) })),
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

const noBuckets = () => Object.fromEntries(DAY_BUCKETS.map((bucket) => [bucket, 0])) as Record<DayBucket, number>;

/**
 * A movement's units in the kinds that pass `test` (as dayTotalsOf: each signed as its bucket counts), else 0,
 * in a pipeline whose documents carry `reason` and `way` as it counts (countedStages) and its `delta`.
 */
function unitsOf(test: (kind: MovementKind) => boolean) {
  const branches = MOVEMENT_KIND_NAMES.flatMap((kind) => {
    const { bucket } = KIND_COUNTS[kind];
    if (bucket === null || !test(kind)) return [];
    const ways = (['in', 'out'] as const).flatMap((way) => {
      const reasons = reasonsOfKind(way, (its) => its === kind);
      return reasons.length
        ? [{ $and: [{ [way === 'in' ? '$gt' : '$lt']: ['$way', 0] }, { $in: ['$reason', reasons] }] }]
        : [];
    });
    const units = BUCKET_SIGNS[bucket] < 0 ? { $multiply: ['$delta', -1] } : '$delta';
    return ways.length ? [{ case: { $or: ways }, then: units }] : [];
  });
  // Summed as doubles: a sum of ints past 2^31 − 1 would be a long (see `total` in schema-validators.ts).
  return { $toDouble: branches.length ? { $switch: { branches, default: 0 } } : 0 };
}

/**
 * Each movement as it counts (countedKindOf): an undo by the movement it takes back (looked up on its
 * undoOf), that one's way; the others by their own reason and delta. `day`: its UTC day.
 */
const countedStages = [
  {
    $lookup: {
      from: 'movements',
      localField: 'undoOf',
      foreignField: '_id',
      as: 'undone',
      pipeline: [{ $project: { reason: 1 } }],
    },
  },
  {
    $set: {
      day: { $dateToString: { format: '%Y-%m-%d', date: '$at' } },
      reason: { $ifNull: [{ $first: '$undone.reason' }, '$reason'] },
      way: { $cond: [{ $gt: [{ $size: '$undone' }, 0] }, { $multiply: ['$delta', -1] }, '$delta'] },
    },
  },
];

/**
 * Movements from before the day buckets were counted: their days and the items' units delivered, made
 * once from the ledger on the server ($merge), then marked done (issue 32: counted again in buckets, as
 * SQLite's migration 12), or `again` when a later step changed how past movements count (mongo-edits.ts).
 * Safe to run again (it recomputes and replaces); writes that land while it runs,
 * on the first start after the upgrade, may be counted in the days it replaces or not.
 */
export async function countPastMovements(
  { movements, meta, movementDays, itemOutDays }: MongoCollections,
  { again = false } = {},
): Promise<void> {
  if (!again && (await meta.findOne({ _id: STATS_MIGRATED_KEY }))) return;
  // Counted again from the ledger: the days' documents and the items' days go, or they would count twice.
  await movementDays.deleteMany({});
  await itemOutDays.deleteMany({});
  await movements
    .aggregate(
      [
        ...countedStages,
        {
          $group: {
            _id: '$day',
            ...Object.fromEntries(
              DAY_BUCKETS.map((bucket) => [bucket, { $sum: unitsOf((kind) => KIND_COUNTS[kind].bucket === bucket) }]),
            ),
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
        ...countedStages,
        { $set: { out: unitsOf((kind) => KIND_COUNTS[kind].topMovers) } },
        { $match: { out: { $ne: 0 } } },
        { $group: { _id: { day: '$day', itemId: '$itemId' }, out: { $sum: '$out' } } },
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
