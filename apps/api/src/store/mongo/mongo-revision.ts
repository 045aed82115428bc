import crypto from 'node:crypto';
import type { MongoClient } from 'mongodb';
import { countOf, type MongoCollections } from './documents';
import { ITEM_TOTALS } from './mongo-counts';
import type { FeedPosition } from './mongo-ledger';
import { OPERATION_TIME_MS } from './mongo-tx';

const REVISION_KEY = 'catalogue_revision';

/**
 * The ledger's positions (mongo-ledger.ts): where a feed opened now starts, and the catalogue's revision
 * (the list ETag), with no document every write updates.
 */
export function mongoRevision(client: MongoClient, { meta, changes, totals }: MongoCollections, transactions: boolean) {
  /** The catalogue's revision counters (mongo-counts.ts) and the counter of before them, read at one moment. */
  async function revisionParts(): Promise<{ catalogue: string; writes: number }> {
    // A snapshot (replica sets and clusters): a commit between reading two counter documents cannot be half seen.
    const snapshot = transactions ? { readConcern: { level: 'snapshot' as const } } : {};
    const [doc, shards] = await Promise.all([
      meta.findOne({ _id: REVISION_KEY }, { maxTimeMS: OPERATION_TIME_MS }),
      totals
        .find(
          { _id: { $gte: `${ITEM_TOTALS}/`, $lte: `${ITEM_TOTALS}/~` } },
          { projection: { writes: 1 }, maxTimeMS: OPERATION_TIME_MS, ...snapshot },
        )
        .toArray(),
    ]);
    const writes = shards.reduce((sum, shard) => sum + countOf(shard.writes), doc?.value ?? 0);
    return { catalogue: doc?.catalogue ?? '', writes };
  }

  return {
    /**
     * The highest seq logged as this reads, and the cluster time of the read:
     * where a feed opened now starts (mongo-feed.ts).
     */
    position: (): Promise<FeedPosition> =>
      client.withSession(async (session) => {
        const [last] = await changes
          .find({}, { session, projection: { seq: 1 }, sort: { seq: -1 }, limit: 1, maxTimeMS: OPERATION_TIME_MS })
          .toArray();
        return { seq: last?.seq ?? 0, time: session.operationTime };
      }),

    /**
     * The catalogue's revision as the list ETag names it: `<catalogue id>.<writes seen>`, the writes summed
     * over the counter documents every item write adds to (mongo-counts.ts), and the single counter of the
     * versions before them (frozen now; an older instance still running adds to it): the sum grows with
     * every commit, so a list changed since never answers an old ETag's 304.
     */
    revision: async (): Promise<string> => {
      const { catalogue, writes } = await revisionParts();
      return `${catalogue}.${writes}`;
    },

    /** Moves the revision on outside any item write (a migration that changed every item's answer). */
    touch: async (): Promise<void> => {
      await totals.updateOne(
        { _id: `${ITEM_TOTALS}/0` },
        { $inc: { writes: 1 }, $setOnInsert: { items: 0, units: 0, cents: 0, low: 0, out: 0 } },
        { upsert: true },
      );
    },

    /**
     * At open: the revision document, with a random catalogue id (like
     * SQLite's), so a database made again, or another database's backup
     * restored, does not reuse revisions and ETags issued before.
     */
    prepare: async (): Promise<void> => {
      await meta.updateOne({ _id: REVISION_KEY }, { $setOnInsert: { value: 0 } }, { upsert: true });
      // Once: a database from before this had the counter without an id; another instance may be at it too.
      await meta.updateOne(
        { _id: REVISION_KEY, catalogue: { $exists: false } },
        { $set: { catalogue: crypto.randomBytes(8).toString('hex') } },
      );
    },
  };
}
