import crypto from 'node:crypto';
import { ObjectId, type ClientSession, type MongoClient } from 'mongodb';
import type { MongoCollections, MovementDoc } from './documents';

const REVISION_KEY = 'catalogue_revision';

/** Server-side limit of every read, of every write inside a transaction, and of its commit. */
export const OPERATION_TIME_MS = 5000;
/** A transaction (with the driver's retries after write conflicts) that has not committed by then fails. */
const TRANSACTION_TIME_MS = 20_000;

/** Options of every operation inside a write: its session, and a server-side time limit. */
export const inTx = (session?: ClientSession) => ({ session, maxTimeMS: OPERATION_TIME_MS });

export type MongoLedger = ReturnType<typeof mongoLedger>;

/**
 * What every item write goes through: the transaction, the stock movement it
 * appends, and the catalogue's revision (the list ETag), moved on inside the
 * same transaction and only by a write that changed something, as SQLite's
 * ledger does. The revision document is one counter every such transaction
 * increments: concurrent writes conflict on it and the driver retries the
 * loser, so its values follow commit order and double as the sequence that
 * orders items and deliveries (`seq`).
 */
export function mongoLedger(
  client: MongoClient,
  { movements, meta }: MongoCollections,
  { transactions, where }: { transactions: boolean; where: string },
) {
  /** Runs `work` in a majority transaction when the deployment has them (without one, its writes run one by one). */
  function write<T>(work: (session?: ClientSession) => Promise<T>): Promise<T> {
    if (!transactions) return work();
    const deadline = Date.now() + TRANSACTION_TIME_MS;
    return client.withSession((session) =>
      session.withTransaction(
        () => {
          // The driver retries after a write conflict for up to 120 s; we stop far sooner.
          if (Date.now() > deadline)
            throw new Error(`${where}: a write did not commit within ${TRANSACTION_TIME_MS} ms`);
          return work(session);
        },
        {
          readConcern: { level: 'majority' },
          writeConcern: { w: 'majority' },
          readPreference: 'primary',
          maxCommitTimeMS: OPERATION_TIME_MS,
        },
      ),
    );
  }

  return {
    write,

    /** Appends a stock movement inside the caller's write. */
    append: async (doc: Omit<MovementDoc, '_id'>, session?: ClientSession): Promise<void> => {
      await movements.insertOne({ _id: new ObjectId(), ...doc }, inTx(session));
    },

    /**
     * Moves the revision on by `count`, inside the caller's write, once it is
     * sure to change something; answers the first of the `count` sequence
     * numbers it took.
     */
    bumpRevision: async (session?: ClientSession, count = 1): Promise<number> => {
      const after = await meta.findOneAndUpdate(
        { _id: REVISION_KEY },
        { $inc: { value: count } },
        { upsert: true, returnDocument: 'after', ...inTx(session) },
      );
      return (after?.value ?? count) - count + 1;
    },

    /** The catalogue's revision as the list ETag names it: `<catalogue id>.<writes seen>`. */
    revision: async (): Promise<string> => {
      const doc = await meta.findOne({ _id: REVISION_KEY }, { maxTimeMS: OPERATION_TIME_MS });
      return `${doc?.catalogue ?? ''}.${doc?.value ?? 0}`;
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
