import { IDEMPOTENCY_TTL_MS } from '@smart-zone/types/idempotency';
import { type ClientSession, type Db, type IndexDescription, MongoServerError } from 'mongodb';
import {
  type IdempotencyClaim,
  type IdempotencyRecord,
  type IdempotencyRepository,
  IdempotencyTakenError,
} from '../ports/idempotency';
import { inTx } from './mongo-tx';

const DUPLICATE_KEY = 11000;

/**
 * Issue 37: each caller's Idempotency-Keys (ports/idempotency.ts), as SQLite's sqlite-idempotency.ts. `_id` is
 * the caller and the key (a JSON pair: no separator to mistake); the server drops a record past its day itself
 * (TTL on `expiresAt`), and reads never see one that has not been dropped yet. Only the adapter writes them: no
 * validator, as the counts' documents.
 */
export interface IdempotencyDoc {
  _id: string;
  fingerprint: string;
  attempt: string;
  at: Date;
  expiresAt: Date;
  answer?: { status: number; contentType: string; body: string };
}

export const IDEMPOTENCY_INDEXES: Record<'idempotency', IndexDescription[]> = {
  idempotency: [{ key: { expiresAt: 1 }, expireAfterSeconds: 0 }],
};

export const idempotencyCollectionOf = (db: Db) => db.collection<IdempotencyDoc>('idempotency');
type IdempotencyCollection = ReturnType<typeof idempotencyCollectionOf>;

const idOf = (scope: string, key: string) => JSON.stringify([scope, key]);
const fresh = (now: Date) => ({ expiresAt: { $gt: now } });

/**
 * Claims a key inside the caller's write (the ledger, with the write's audit entries): the key becomes this
 * attempt's when it has no record, or only one past its day; a later write of the same attempt (an import's next
 * chunk) finds it its own. Another attempt's live claim makes the upsert insert a second `_id`: a duplicate key,
 * thrown as IdempotencyTakenError (the transaction is aborted, nothing written). Two claims at once conflict as
 * writes of one document: the driver runs the second's transaction again, which then finds the first's.
 */
export function idempotencyClaims(collection: IdempotencyCollection) {
  /** The keys each running transaction claimed already: one round trip per write, not per audit entry. */
  const claimed = new WeakMap<ClientSession, Set<string>>();
  return async (claim: IdempotencyClaim, session?: ClientSession, now = new Date()) => {
    const _id = idOf(claim.scope, claim.key);
    if (session && claimed.get(session)?.has(_id)) return;
    try {
      await collection.updateOne(
        { _id, $or: [{ attempt: claim.attempt }, { expiresAt: { $lte: now } }] },
        {
          $set: {
            fingerprint: claim.fingerprint,
            attempt: claim.attempt,
            at: now,
            expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
          },
          $unset: { answer: '' },
        },
        { upsert: true, ...inTx(session) },
      );
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) throw new IdempotencyTakenError();
      throw error;
    }
    if (session) claimed.set(session, (claimed.get(session) ?? new Set()).add(_id));
  };
}

export function mongoIdempotency(collection: IdempotencyCollection): IdempotencyRepository {
  return {
    async find(scope, key, now = new Date()) {
      const doc = await collection.findOne({ _id: idOf(scope, key), ...fresh(now) }, inTx());
      if (!doc) return undefined;
      const record: IdempotencyRecord = {
        fingerprint: doc.fingerprint,
        attempt: doc.attempt,
        at: doc.at.toISOString(),
      };
      if (doc.answer) record.answer = doc.answer;
      return record;
    },
    async keep(claim, answer, now = new Date()) {
      const _id = idOf(claim.scope, claim.key);
      if (answer.status >= 400) {
        // A refusal: only on its own claim (a write that wrote part of its work before it was refused).
        await collection.updateOne({ _id, attempt: claim.attempt }, { $set: { answer } }, inTx());
        return;
      }
      // A success: on its claim, or a record of its own (a write that appended no audit entry); never over
      // another attempt's live claim (then the duplicate key of the upsert is that claim's, and it stays).
      try {
        await collection.updateOne(
          { _id, $or: [{ attempt: claim.attempt }, { expiresAt: { $lte: now } }] },
          {
            $set: {
              answer,
              fingerprint: claim.fingerprint,
              attempt: claim.attempt,
              at: now,
              expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
            },
          },
          { upsert: true, ...inTx() },
        );
      } catch (error) {
        if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      }
    },
  };
}
