import { MongoServerError, type ChangeStream, type ChangeStreamDocument, type Timestamp } from 'mongodb';
import type { ChangeFeed, StoreChange } from '../store';
import { toChange, type ChangeDoc, type MongoCollections } from './documents';
import { FEED_ORDINALS, OPERATION_TIME_MS, type FeedPosition } from './mongo-ledger';

/**
 * How long after a stream failed it is opened again: REOPEN_FIRST_MS after the first failure, doubling
 * with each failure in a row up to REOPEN_MAX_MS (reopenDelay). A stream that delivered a change, or lived
 * REOPEN_MAX_MS, was healthy: its failure counts as a first one again.
 */
const REOPEN_FIRST_MS = 1000;
const REOPEN_MAX_MS = 60_000;
/** How often a standalone server's log is read. */
const POLL_MS = 250;
/** Changes read in one go from a standalone server's log. */
const POLL_BATCH = 500;
/** The server no longer holds the oplog entries a resume token or a start time points at. */
const HISTORY_LOST = 286;

/**
 * The wait before reopening after `failures` failures in a row (1 for the first): capped exponential,
 * with jitter in its upper half ("equal jitter"), so the instances of a cluster that all lost their
 * stream at once (a server's error, not a failover: the driver resumes those itself) do not all come back
 * in the same second, nor every second forever while the error lasts.
 */
export function reopenDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(REOPEN_MAX_MS, REOPEN_FIRST_MS * 2 ** Math.min(Math.max(failures, 1) - 1, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export interface MongoFeed {
  feed: ChangeFeed;
  /** Where the feed stands: set at open, then moved on by each of this process's commits (mongo-ledger.ts). */
  committed: (position: FeedPosition) => void;
  close(): Promise<void>;
}

interface Subscriber {
  listener: (change: StoreChange) => void;
  /** It hears changes past this id: what was committed after it subscribed. */
  after: bigint;
}

/** A cluster time as one number: seconds, then the ordinal within the second. */
const timeOf = (time: Timestamp) => (BigInt(time.t) << 32n) | BigInt(time.i);

/**
 * A change's id on a replica set or cluster: its commit's cluster time, then its place in its transaction
 * (ChangeDoc.n), in decimal. The change stream reports commits in the oplog's order, so ids grow in commit
 * order, the same on every instance (an SSE client's Last-Event-ID means the same to each), with no counter
 * document every write would update (mongo-ledger.ts). Wider than 2^53: a bigint, up to 26 digits.
 */
export const feedId = (time: Timestamp, n: number) => timeOf(time) * BigInt(FEED_ORDINALS) + BigInt(n);

/**
 * The change feed of one MongoDB database: a change stream on `changes`,
 * where every write logs its change in its own transaction (mongo-ledger.ts).
 * A change stream reports majority-committed inserts in commit order, and each
 * change's id is its commit's cluster time and its place in its transaction
 * (feedId), so changes are announced in commit order, each once, after commit,
 * whichever instance made them.
 *
 * The stream opens at the first subscription (a store nobody listens to holds
 * no cursor), from the last position this process knows (its own latest
 * commit, or what it read at open): a change committed between subscribe()
 * and the server opening the stream is not missed. A subscriber hears what
 * is past the cluster time known when it subscribed; another instance's change
 * committed since this process last heard of one may reach it too.
 *
 * The driver resumes the stream by itself after a resumable error (a
 * failover, a network blip). Any other error closes it: it is opened again,
 * after a capped exponential backoff with jitter (reopenDelay), after the
 * last resume token (startAfter), and if the oplog no longer holds
 * that point, from now, with a warning (alerts do not depend on the feed:
 * the dispatcher reads the outbox, docs/decisions/010).
 *
 * A standalone server has no change streams (nor transactions): there the
 * log is read by seq every POLL_MS (a change's id is its seq), and a change
 * written out of seq order by two racing writes may be missed, like the
 * ledger's other risks there.
 */
export function mongoFeed(
  { changes }: MongoCollections,
  { transactions, warn }: { transactions: boolean; warn: (message: string) => void },
): MongoFeed {
  const subscribers = new Set<Subscriber>();
  let known: FeedPosition = { seq: 0 };
  /** The highest id announced: a change replayed after a reopen is not announced again. */
  let announced = 0n;
  /** Opaque to us (the driver's ResumeToken is `unknown`). */
  let token: unknown;
  let stream: ChangeStream<ChangeDoc> | undefined;
  /** When the current stream was opened, and the failures in a row before it (reset by a healthy stream). */
  let openedAt = 0;
  let failures = 0;
  /** The stream's reopening after a failure. */
  let timer: NodeJS.Timeout | undefined;
  /** A standalone server's log reading. */
  let poller: NodeJS.Timeout | undefined;
  let polling = false;
  let closed = false;

  /** Moves what this process knows on: the highest seq, and the latest cluster time. */
  function advance({ seq, time }: FeedPosition) {
    const later = time && (!known.time || timeOf(time) > timeOf(known.time)) ? time : known.time;
    known = { seq: Math.max(seq, known.seq), ...(later ? { time: later } : {}) };
  }

  /** Where the feed stands now, as an id: a subscriber hears the changes past it. */
  const knownId = () => (transactions ? (known.time ? feedId(known.time, FEED_ORDINALS - 1) : 0n) : BigInt(known.seq));

  function announce(doc: ChangeDoc, id: bigint) {
    if (id <= announced) return;
    announced = id;
    const change = toChange(doc, id);
    for (const subscriber of subscribers) {
      if (id <= subscriber.after) continue;
      try {
        subscriber.listener(change);
      } catch (error) {
        // A listener's failure is its own: the write is committed and the others still hear of it.
        process.emitWarning(`A change feed listener threw: ${String(error)}`);
      }
    }
  }

  function open() {
    timer = undefined;
    if (closed) return;
    const start = token ? { startAfter: token } : known.time ? { startAtOperationTime: known.time } : {};
    const opened = changes.watch<ChangeDoc, ChangeStreamDocument<ChangeDoc>>(
      [{ $match: { operationType: 'insert' } }],
      start,
    );
    stream = opened;
    openedAt = Date.now();
    opened.on('change', (event) => {
      if (event.operationType === 'insert') {
        // It works: a later failure starts the backoff afresh.
        failures = 0;
        const time = event.clusterTime;
        if (!time) return;
        advance({ seq: event.fullDocument.seq, time });
        announce(event.fullDocument, feedId(time, event.fullDocument.n ?? 0));
      } else if (event.operationType === 'invalidate') {
        // The collection was dropped or renamed: the server ended the stream. Open it again after this event.
        failed(opened, new Error('the changes collection was dropped or renamed'));
      }
    });
    opened.on('resumeTokenChanged', (next) => {
      token = next;
    });
    // Only what the driver does not resume by itself (it resumes after a failover or a network error).
    opened.on('error', (error) => failed(opened, error));
  }

  function failed(which: ChangeStream<ChangeDoc>, error: Error) {
    if (closed || stream !== which) return;
    stream = undefined;
    void which.close().catch(() => undefined);
    // A stream that lived long enough was healthy, even with nothing to deliver: this failure is a first one.
    failures = Date.now() - openedAt >= REOPEN_MAX_MS ? 1 : failures + 1;
    const delay = reopenDelay(failures);
    if (error instanceof MongoServerError && error.code === HISTORY_LOST) {
      // Too far behind to resume: from now on. What was missed stays in the outbox and in history.
      token = undefined;
      known = { seq: known.seq };
      warn(
        `MongoDB: the change feed fell behind the oplog and restarts from now; changes in between were not announced.`,
      );
    } else {
      warn(`MongoDB: the change feed stopped (${error.message}); resuming in ${delay} ms.`);
    }
    timer = setTimeout(open, delay);
    timer.unref();
  }

  /** A standalone server: the log read past the last seq seen. */
  async function poll() {
    if (polling || closed) return;
    polling = true;
    try {
      const docs = await changes
        .find({ seq: { $gt: known.seq } })
        .sort({ seq: 1 })
        .limit(POLL_BATCH)
        .maxTimeMS(OPERATION_TIME_MS)
        .toArray();
      for (const doc of docs) {
        advance({ seq: doc.seq });
        announce(doc, BigInt(doc.seq));
      }
    } catch (error) {
      warn(`MongoDB: reading the change log failed (${String(error)}); trying again.`);
    } finally {
      polling = false;
    }
  }

  function start() {
    if (closed || stream || timer || poller) return;
    if (transactions) {
      open();
      return;
    }
    // Nothing before the first subscription is announced.
    if (knownId() > announced) announced = knownId();
    poller = setInterval(() => void poll(), POLL_MS);
    poller.unref();
  }

  return {
    feed: {
      subscribe(listener) {
        const subscriber: Subscriber = { listener, after: knownId() > announced ? knownId() : announced };
        subscribers.add(subscriber);
        start();
        return () => {
          subscribers.delete(subscriber);
        };
      },
    },
    committed: advance,
    async close() {
      closed = true;
      subscribers.clear();
      clearTimeout(timer);
      clearInterval(poller);
      const current = stream;
      stream = undefined;
      await current?.close();
    },
  };
}
