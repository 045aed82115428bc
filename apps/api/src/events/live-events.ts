import type { Response } from 'express';
import {
  LIVE_CHECK_MS,
  LIVE_HEARTBEAT_MS,
  LIVE_PER_ADDRESS_MAX,
  LIVE_RESUME_BYTES_MAX,
  LIVE_RESUME_WINDOW_MS,
  LIVE_RETRY_MS,
  LIVE_STALL_MS,
  LIVE_TOTAL_MAX,
  LIVE_UNSENT_MAX,
  type LiveEvent,
} from '@smart-zone/types/live';
import type { ChangeFeed, StoreChange } from '../store/store';
import { OBJECT_BYTES, textBytes } from '../bounded-cache';
import { sendQueues } from './send-queues';

/**
 * One change as the events it sends: `<id>` its item or deleted event, `<id>.1` its alert. A change's id is
 * a decimal that grows in commit order (store.ts StoreChange): SQLite's seq, or MongoDB's commit time with
 * its place in its transaction, past 2^53 (mongo-feed.ts): compared as a bigint.
 */
interface Sent {
  seq: bigint;
  at: number;
  /** The SSE text of its events, written once and sent to every stream. */
  text: string;
}
/** What a kept event costs beyond its text: its object, its bigint, its slot (bounded-cache.ts' counting). */
const SENT_BYTES = OBJECT_BYTES + 32 + 8;
const bytesOf = (sent: Sent) => SENT_BYTES + textBytes(sent.text);

export interface LiveEventsOptions {
  heartbeatMs?: number;
  resumeWindowMs?: number;
  /** The kept events' bytes at most (the oldest go first). */
  resumeBytesMax?: number;
  perAddressMax?: number;
  /** Streams in all (beyond it, a 429 too). */
  totalMax?: number;
  /** A stream's bytes not yet taken by its client beyond which it is ended. */
  unsentMax?: number;
  /** How long a write may wait to drain before its stream is ended. */
  stallMs?: number;
  /** How often the streams' unsent bytes are looked at. */
  checkMs?: number;
}

export interface LiveEvents {
  /** Opens a stream on `res` for a client at `address`, resuming after `lastEventId` when given; false: over the cap. */
  open(res: Response, address: string, lastEventId: string | undefined): boolean;
  /** How many streams are open. */
  readonly size: number;
  /** Streams ended because their client stopped reading, since the start. */
  readonly dropped: number;
  /** Streams one client address may hold. */
  readonly perAddressMax: number;
  /** Ends every stream (shutdown) and stops listening. */
  close(): void;
}

/** A change's events, with nothing personal: no actor, no names. */
export function eventsOf(change: StoreChange): LiveEvent[] {
  const at = change.at;
  const events: LiveEvent[] =
    change.cause === 'deleted' || change.version === null
      ? [{ type: 'deleted', itemId: change.itemId, at }]
      : [{ type: 'item', itemId: change.itemId, quantity: change.quantity, version: change.version, at }];
  if (change.alert) events.push({ type: 'alert', itemId: change.itemId, kind: change.alert.kind, at });
  return events;
}

const message = (id: string, event: LiveEvent) => `id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/** The place a Last-Event-ID names: after change `seq`, its alert too when `alertSent`. */
function positionOf(lastEventId: string | undefined): { seq: bigint; alertSent: boolean } | undefined {
  const match = /^(\d{1,40})(\.1)?$/.exec(lastEventId ?? '');
  return match ? { seq: BigInt(match[1]!), alertSent: match[2] !== undefined } : undefined;
}

/**
 * The change feed (store.changes: every process's commits, docs/decisions/010) as
 * Server-Sent Events: one subscription for every stream, each change's text
 * made once. The last LIVE_RESUME_WINDOW_MS of events are kept (LIVE_RESUME_BYTES_MAX at most), so a reconnect
 * with Last-Event-ID gets what it missed; older, or unknown to this process (it
 * restarted), a `reset` tells the client to refetch. Streams are capped per
 * client address and in all; a heartbeat comment keeps each one open through
 * proxies and idle timers.
 */
export function liveEvents(feed: ChangeFeed, options: LiveEventsOptions = {}): LiveEvents {
  const resumeWindowMs = options.resumeWindowMs ?? LIVE_RESUME_WINDOW_MS;
  const resumeBytesMax = options.resumeBytesMax ?? LIVE_RESUME_BYTES_MAX;
  const perAddressMax = options.perAddressMax ?? LIVE_PER_ADDRESS_MAX;
  const totalMax = options.totalMax ?? LIVE_TOTAL_MAX;
  const unsentMax = options.unsentMax ?? LIVE_UNSENT_MAX;
  const stallMs = options.stallMs ?? LIVE_STALL_MS;
  const streams = new Set<Response>();
  /** Since when a stream's write has waited to drain. */
  const waitingSince = new Map<Response, number>();
  let dropped = 0;
  let closed = false;
  const perAddress = new Map<string, number>();
  /** The events kept are kept[first…]: those before were dropped (taken out of the array in bulk, not one by one). */
  const kept: Sent[] = [];
  let first = 0;
  let keptBytes = 0;
  /** The last change dropped from `kept`: a client at or after it has missed nothing that was dropped. */
  let droppedUpTo: bigint | undefined;
  /** The last change heard. */
  let latest: bigint | undefined;

  function keep(sent: Sent) {
    kept.push(sent);
    keptBytes += bytesOf(sent);
    const oldest = sent.at - resumeWindowMs;
    const before = first;
    while (first < kept.length - 1 && (kept[first]!.at < oldest || keptBytes > resumeBytesMax)) {
      keptBytes -= bytesOf(kept[first]!);
      first += 1;
    }
    if (first > before) droppedUpTo = kept[first - 1]!.seq;
    // Once the dropped are as many as the kept: an event dropped costs O(1) however many are kept.
    if (first >= 1024 && first * 2 >= kept.length) {
      kept.splice(0, first);
      first = 0;
    }
  }

  /**
   * Ends a stream whose client stopped reading, with a reset: a socket merely closed keeps what its peer has
   * not taken in the kernel (an orphan, still sending), and the memory is not let go.
   */
  function drop(res: Response) {
    if (res.destroyed) return;
    dropped += 1;
    const socket = res.socket;
    if (socket && !socket.destroyed) socket.resetAndDestroy();
    else res.destroy();
  }

  /** Writes `text` to every stream; one that cannot take it past the bound is ended. */
  function send(text: string) {
    for (const res of streams) {
      if (!res.write(text) && res.writableLength > unsentMax) drop(res);
    }
  }

  /**
   * Every LIVE_CHECK_MS: a stream whose client has not taken more than unsentMax (the kernel's send queue
   * and this process's buffer together), or whose write has not drained for stallMs, is ended. Its client
   * reconnects with Last-Event-ID and resumes; one that never reads keeps no memory of the host's.
   */
  function check() {
    if (streams.size === 0) return;
    const now = Date.now();
    const ports = new Set<number>();
    for (const res of streams) if (res.socket?.localPort) ports.add(res.socket.localPort);
    const queues = new Map<number, Map<number, number> | null>();
    for (const port of ports) queues.set(port, sendQueues(port));
    for (const res of streams) {
      const socket = res.socket;
      if (!socket) continue;
      const kernel = queues.get(socket.localPort ?? 0)?.get(socket.remotePort ?? 0) ?? 0;
      if (kernel + res.writableLength > unsentMax) {
        drop(res);
        continue;
      }
      if (!res.writableNeedDrain) waitingSince.delete(res);
      else if (!waitingSince.has(res)) waitingSince.set(res, now);
      else if (now - waitingSince.get(res)! >= stallMs) drop(res);
    }
  }
  const checker = setInterval(check, options.checkMs ?? LIVE_CHECK_MS);
  checker.unref();

  /**
   * The events of one event-loop turn, sent together: a group commit of 200 deliveries is one write per
   * stream, not 200 (at 1,000 streams, 200,000 socket writes held the event loop: the SSE bench's
   * deliveries fell to a tenth).
   */
  let pending = '';
  const flush = () => {
    const text = pending;
    pending = '';
    send(text);
  };

  const unsubscribe = feed.subscribe((change) => {
    const seq = BigInt(change.id);
    latest = seq;
    const [first, alert] = eventsOf(change);
    const text = message(change.id, first!) + (alert ? message(`${change.id}.1`, alert) : '');
    keep({ seq, at: Date.now(), text });
    if (pending === '') setImmediate(flush);
    pending += text;
  });

  const heartbeat = setInterval(() => send(': heartbeat\n\n'), options.heartbeatMs ?? LIVE_HEARTBEAT_MS);
  heartbeat.unref();

  /** What a reconnect missed, or null when this process cannot tell (then: reset). */
  function missed(lastEventId: string): string | null {
    const position = positionOf(lastEventId);
    if (!position) return null;
    const oldest = kept[first];
    // Nothing kept: a client is up to date only if it is where the dropped events ended.
    if (!oldest) return droppedUpTo !== undefined && position.seq >= droppedUpTo ? '' : null;
    if (position.seq < oldest.seq && position.seq !== droppedUpTo) return null;
    let text = '';
    for (const sent of kept.slice(first)) {
      if (sent.seq < position.seq) continue;
      if (sent.seq > position.seq) text += sent.text;
      // The change it stopped in: only its alert, if that was not sent.
      else if (!position.alertSent) text += sent.text.split('\n\n').slice(1).join('\n\n');
    }
    return text;
  }

  return {
    open(res, address, lastEventId) {
      // Shutting down: the retry hint alone, and the client reconnects (to another instance).
      if (closed) {
        res.status(200).type('text/event-stream').set('Cache-Control', 'no-cache, no-transform');
        res.end(`retry: ${LIVE_RETRY_MS}\n\n`);
        return true;
      }
      const held = perAddress.get(address) ?? 0;
      if (held >= perAddressMax || streams.size >= totalMax) return false;
      perAddress.set(address, held + 1);
      streams.add(res);
      res.status(200);
      res.set({
        'Content-Type': 'text/event-stream; charset=utf-8',
        // no-transform: the compression middleware leaves it alone; no-cache: nothing between keeps it.
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        // nginx and others: pass each event on as it comes.
        'X-Accel-Buffering': 'no',
      });
      res.flushHeaders();
      res.socket?.setNoDelay(true);
      let start = `retry: ${LIVE_RETRY_MS}\n\n`;
      if (lastEventId !== undefined) {
        const text = missed(lastEventId);
        // A reset names the last change heard (its alert included): the refetch covers up to there.
        start +=
          text ??
          (latest !== undefined
            ? message(`${latest}.1`, { type: 'reset' })
            : `event: reset\ndata: ${JSON.stringify({ type: 'reset' })}\n\n`);
      }
      res.write(start);
      res.on('close', () => {
        streams.delete(res);
        waitingSince.delete(res);
        const count = (perAddress.get(address) ?? 1) - 1;
        if (count > 0) perAddress.set(address, count);
        else perAddress.delete(address);
      });
      return true;
    },
    get size() {
      return streams.size;
    },
    get dropped() {
      return dropped;
    },
    perAddressMax,
    close() {
      closed = true;
      clearInterval(heartbeat);
      clearInterval(checker);
      unsubscribe();
      // What this turn heard goes out before the end.
      if (pending !== '') flush();
      for (const res of streams) res.end();
      streams.clear();
    },
  };
}
