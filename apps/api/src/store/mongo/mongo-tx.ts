import { MongoError, MongoErrorLabel, type ClientSession } from 'mongodb';
import { StoreBusyError, WriteOutcomeUnknownError } from '../store';

/**
 * Server-side limit of every read and of every write inside a transaction; not of the commit (see write).
 */
export const OPERATION_TIME_MS = 5000;
/** A transaction (with the driver's retries after write conflicts) that has not committed by then fails. */
export const TRANSACTION_TIME_MS = 20_000;
const MAX_TIME_MS_EXPIRED = 50;

/** What a client is told (the driver's error, with the server's address, is the cause: logged, not sent). */
export const BUSY = 'The database is busy: nothing was written. Try again in a few seconds.';
const UNCONFIRMED =
  'The database did not confirm the write: it may have been saved. Check (reload) before trying again.';

/**
 * What a transaction's failure comes to for the API. A commit whose outcome the driver could not learn
 * may have committed: WriteOutcomeUnknownError, a 503 that says so. That is an error with the
 * UnknownTransactionCommitResult label (the driver retries those itself: this one is past its retries),
 * or a MaxTimeMSExpired of the commit (`inCommit`), which it does not retry. A transaction that ran out of
 * time otherwise (a MaxTimeMSExpired of an operation; a TransientTransactionError, i.e. write conflicts,
 * past the driver's retry budget) was aborted, nothing written: StoreBusyError, a 429 with Retry-After.
 * Anything else (a duplicate key, a refusal of the validator, an error of the work itself) as it is.
 */
export function refusalOf(error: unknown, inCommit: boolean): unknown {
  if (!(error instanceof MongoError)) return error;
  const timedOut = error.code === MAX_TIME_MS_EXPIRED;
  if (error.hasErrorLabel(MongoErrorLabel.UnknownTransactionCommitResult) || (inCommit && timedOut)) {
    return new WriteOutcomeUnknownError(UNCONFIRMED, { cause: error });
  }
  if (timedOut || error.hasErrorLabel(MongoErrorLabel.TransientTransactionError)) {
    return new StoreBusyError(BUSY, { cause: error });
  }
  return error;
}

/** Options of every operation inside a write: its session, and a server-side time limit. */
export const inTx = (session?: ClientSession) => ({ session, maxTimeMS: OPERATION_TIME_MS });
