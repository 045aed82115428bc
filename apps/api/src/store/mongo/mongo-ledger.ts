import { ObjectId, type ClientSession, type MongoClient, type Timestamp } from 'mongodb';
import type { Item, MovementReason } from '@smart-zone/types/item';
import type { RemovalReason } from '@smart-zone/types/removal-reasons';
import { auditEntry, type AuditNote } from '../audit-entries';
import type { DayTotals } from '../decisions/change';
import type { AlertStep, StockLevel } from '../stock-alerts';
import { type Author, type ChangeCause, StoreBusyError } from '../store';
import {
  actorOf,
  toAuditDoc,
  type AuditDoc,
  type ChangeDoc,
  type MongoCollections,
  type MovementDoc,
} from './documents';
import { keepAlerts } from './mongo-alert-step';
import { mongoCounts } from './mongo-counts';
import { idempotencyClaims } from './mongo-idempotency';
import { mongoRevision } from './mongo-revision';
import { BUSY, inTx, refusalOf, TRANSACTION_TIME_MS } from './mongo-tx';
import type { PlaceDoc } from './schema-locations';

// The transaction's limits and what its failures come to (mongo-tx.ts), as every write path imports them.
export { inTx, OPERATION_TIME_MS } from './mongo-tx';

export type MongoLedger = ReturnType<typeof mongoLedger>;

/** One committed change of an item, as every write path describes it to the ledger (as SQLite's ItemChange). */
export interface ItemChange {
  itemId: ObjectId;
  /** The item's name (after the change; its last one when deleted): the alert keeps it. */
  itemName: string;
  cause: ChangeCause;
  /** Who made it: the movement's actor, and the audit entry's actor, reason and request. */
  actor: Author;
  at: Date;
  /** The revision counter's value this change took (bumpRevision): its place in commit order. */
  seq: number;
  /** The stock level (and price: the stats' totals) before the change; null when the item is created. */
  before: (StockLevel & { price: number }) | null;
  /** After it, with the item's new version; null when the item is deleted. */
  after: (StockLevel & { price: number; version: number }) | null;
  /** The stock movement to append (every cause but `updated`). */
  movement?: {
    delta: number;
    reason: MovementReason;
    deliveryId?: ObjectId;
    note?: string;
    why?: RemovalReason;
    /** The item's last state, for a `deleted` movement. */
    item?: Item;
    /** The movement an `undo` takes back. */
    undoOf?: ObjectId;
    /** Where its units went, when a location other than Main is one of them. */
    places?: PlaceDoc[];
  };
  /** The audit entry to append, linked to the movement (as SQLite's ItemChange). */
  audit: AuditNote;
  /** What the change does to its item's alert, as its decision says (decisions/change.ts). */
  alert: AlertStep | null;
  /** What its movement adds to the day totals, as its decision counted it. */
  days?: DayTotals;
}

/**
 * Where the feed may start: the cluster time of the last commit this process knows of (a change stream's
 * order), and (a standalone server's feed, read by seq) the highest seq then.
 */
export interface FeedPosition {
  seq: number;
  time?: Timestamp;
}

/** seq: this process's clock in steps of 1/SEQ_PER_MS ms (exact in a double until the year 2248). */
const SEQ_PER_MS = 1024;
/** Changes per transaction the feed's ids tell apart (mongo-feed.ts): far more than one write makes. */
export const FEED_ORDINALS = 2 ** 20;
/**
 * The document each kind of write that must run one at a time updates: team writes (the last owner's rule)
 * and location writes (a tree: two moves at once could make a loop) conflict with their own kind only.
 */
/** The locations' counter document: its value is their revision (mongo-locations.ts). */
export const LOCATION_WRITES = 'location_writes';
const SERIAL_KEYS: Partial<Record<AuditNote['target']['kind'], string>> = {
  member: 'team_writes',
  location: LOCATION_WRITES,
};

/**
 * What every item write goes through: the transaction, and what each change
 * writes besides its item (record: the movement, the alert the low-stock rule
 * asks for, the change for the feed, the stats' totals and the catalogue's
 * revision, mongo-counts.ts), inside the same transaction.
 *
 * No document every write touches. Until now one counter document gave every
 * write its `seq`: all writes of a cluster conflicted on it and ran one after
 * another (tens to a hundred a second), whatever the shards. Now:
 * - `seq` (the creation and list order of items, deliveries, alerts, audit
 *   entries) is this process's clock (bumpRevision): it never repeats nor goes
 *   back within a process, and across processes it is time order, ties broken
 *   by _id (no index on it is unique any more);
 * - the feed's order is the oplog's: a change stream reports commits in order,
 *   and a change's id is its commit's cluster time with its place in its
 *   transaction (mongo-feed.ts);
 * - the catalogue's revision (the list ETag) is the sum of counter documents
 *   each write adds to one of (revision());
 * - team writes, which must conflict with each other (the last owner's rule,
 *   mongo-team.ts), update a document of their own.
 */
export function mongoLedger(
  client: MongoClient,
  collections: MongoCollections,
  {
    transactions,
    where,
    committed,
  }: { transactions: boolean; where: string; committed?: (position: FeedPosition) => void },
) {
  /** The last seq each running transaction took (bumpRevision): told to the feed once it commits. */
  const taken = new WeakMap<ClientSession, number>();
  /** The changes each running transaction has logged so far: the next one's place in it (ChangeDoc.n). */
  const logged = new WeakMap<ClientSession, number>();
  /** The last seq this process took. */
  let lastSeq = 0;
  const { movements, meta, changes, audit } = collections;
  /** Each write's Idempotency-Key, claimed with its audit entries (ports/idempotency.ts). */
  const claim = idempotencyClaims(collections.idempotency);
  const claimAll = async (authors: readonly Author[], session?: ClientSession) => {
    for (const author of authors) if (author.claim) await claim(author.claim, session);
  };
  /** The stats' totals of each write's changes, in its transaction (mongo-counts.ts). */
  const count = mongoCounts(collections);

  /** Runs `work` in a majority transaction when the deployment has them (without one, its writes run one by one). */
  async function write<T>(
    work: (session?: ClientSession) => Promise<T>,
    { timeMs = TRANSACTION_TIME_MS }: { timeMs?: number } = {},
  ): Promise<T> {
    // Without transactions an error may come after some of the writes: it goes as it is (a 500).
    if (!transactions) return work();
    const deadline = Date.now() + timeMs;
    /** Whether the last attempt's work is done: an error after it is its commit's. */
    let committing = false;
    const run = client.withSession(async (session) => {
      const result = await session.withTransaction(
        async () => {
          committing = false;
          // The driver retries after a write conflict for up to 120 s; we stop far sooner (nothing written).
          if (Date.now() > deadline) {
            throw new StoreBusyError(BUSY, {
              cause: new Error(`${where}: a write did not commit within ${timeMs} ms (write conflicts)`),
            });
          }
          // A retried attempt starts afresh: a seq an aborted attempt took was never committed.
          taken.delete(session);
          logged.delete(session);
          const done = await work(session);
          committing = true;
          return done;
        },
        // No maxCommitTimeMS: a commit slow to reach a majority would fail as MaxTimeMSExpired, an unknown
        // result the driver does not retry, though the write may well have committed (a 500 for a delivery
        // made). The commit waits for the majority: the driver's wtimeout (10 s) a try, and it tries again
        // after an unknown result for up to 120 s. Each operation before it is bounded (inTx), as is every
        // retry of the work after a write conflict (the deadline above).
        { readConcern: { level: 'majority' }, writeConcern: { w: 'majority' }, readPreference: 'primary' },
      );
      const seq = taken.get(session);
      // The commit's own cluster time: every later commit comes after it (the feed's order, mongo-feed.ts).
      if (seq !== undefined) committed?.({ seq, time: session.operationTime });
      return result;
    });
    try {
      return await run;
    } catch (error) {
      throw refusalOf(error, committing);
    }
  }

  /**
   * What every item write does besides its own document, inside the caller's
   * write: append each change's stock movement, the alert its decision raised
   * (decisions/change.ts), its audit entry (linked to the movement), its day
   * totals and the catalogue's (mongo-counts.ts), and log the change for the feed (mongo-feed.ts).
   * Many changes (createMany) go as one insert per collection. Answers each change's movement id
   * (undefined for a change without one), in order.
   */
  async function record(list: readonly ItemChange[], session?: ClientSession): Promise<(ObjectId | undefined)[]> {
    const movementIds: (ObjectId | undefined)[] = [];
    const movementDocs: MovementDoc[] = [];
    const changeDocs: ChangeDoc[] = [];
    const auditDocs: AuditDoc[] = [];
    const firstPlace = session ? (logged.get(session) ?? 0) : 0;
    if (session) logged.set(session, firstPlace + list.length);
    for (const change of list) {
      const { movement, after, itemId, at, seq } = change;
      const movementId = movement ? new ObjectId() : undefined;
      movementIds.push(movementId);
      if (movement && movementId) {
        // The item's version after this change; a deletion is one past its last (history's order).
        const version = after?.version ?? (movement.item ? movement.item.version + 1 : undefined);
        movementDocs.push({
          _id: movementId,
          itemId,
          delta: movement.delta,
          quantityAfter: after?.quantity ?? 0,
          reason: movement.reason,
          actor: actorOf(change.actor),
          ...(movement.deliveryId ? { deliveryId: movement.deliveryId } : {}),
          ...(movement.note ? { note: movement.note } : {}),
          ...(movement.why ? { why: movement.why } : {}),
          at,
          ...(movement.item ? { item: movement.item } : {}),
          ...(version !== undefined ? { version } : {}),
          ...(movement.undoOf ? { undoOf: movement.undoOf } : {}),
          ...(movement.places ? { places: movement.places } : {}),
        });
      }
      auditDocs.push(
        toAuditDoc(auditEntry(change.audit, change.actor, at.toISOString(), movementId?.toHexString()), seq),
      );
      changeDocs.push({
        _id: new ObjectId(),
        seq,
        // Its place in its transaction: with the commit's cluster time, the feed's id (mongo-feed.ts).
        n: Math.min(firstPlace + changeDocs.length, FEED_ORDINALS - 1),
        itemId,
        cause: change.cause,
        quantity: after?.quantity ?? 0,
        minStock: after?.minStock ?? change.before?.minStock ?? 0,
        version: after?.version ?? null,
        ...(movement && movementId ? { movementId, delta: movement.delta } : {}),
        ...(movement?.deliveryId ? { deliveryId: movement.deliveryId } : {}),
        at,
      });
    }
    // In this order: a change stream on the database sees the movement before the change that names it.
    if (movementDocs.length > 0) await movements.insertMany(movementDocs, inTx(session));
    await count(list, session);
    // Each change's alert opened, kept or resolved; its feed entry names the one opened or resolved.
    const alerts = await keepAlerts(collections, list, movementIds, session);
    alerts.forEach((alert, index) => {
      if (alert) Object.assign(changeDocs[index]!, { alertId: alert.id, alertKind: alert.kind });
    });
    await claimAll(
      list.map((change) => change.actor),
      session,
    );
    if (auditDocs.length > 0) await audit.insertMany(auditDocs, inTx(session));
    if (changeDocs.length > 0) await changes.insertMany(changeDocs, inTx(session));
    return movementIds;
  }

  /**
   * Takes `count` seqs (creation and list order) inside the caller's write, once it is sure to change
   * something; answers the first. No database round trip: this process's clock (see above).
   */
  function bumpRevision(session?: ClientSession, count = 1): Promise<number> {
    const first = Math.max(lastSeq + 1, Date.now() * SEQ_PER_MS);
    lastSeq = first + count - 1;
    if (session) taken.set(session, lastSeq);
    return Promise.resolve(first);
  }

  return {
    write,
    record,
    bumpRevision,

    /**
     * Appends the audit entry of a write that changes no item (a team or location change, the
     * cancel of a deleted item's delivery), inside the caller's write, with a seq of its own.
     */
    audit: async (note: AuditNote, by: Author, session?: ClientSession, at = new Date()): Promise<void> => {
      await claimAll([by], session);
      const seq = await bumpRevision(session);
      const serial = SERIAL_KEYS[note.target.kind];
      if (serial) await meta.updateOne({ _id: serial }, { $inc: { value: 1 } }, { upsert: true, ...inTx(session) });
      await audit.insertOne(toAuditDoc(auditEntry(note, by, at.toISOString()), seq), inTx(session));
    },

    /** Appends a stock movement inside the caller's write (the migration's opening balances). */
    append: async (doc: Omit<MovementDoc, '_id'>, session?: ClientSession): Promise<void> => {
      await movements.insertOne({ _id: new ObjectId(), ...doc }, inTx(session));
    },

    // Where the feed starts, the catalogue's revision (mongo-revision.ts).
    ...mongoRevision(client, collections, transactions),
  };
}
