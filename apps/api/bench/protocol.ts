/**
 * What the orchestrator and its child processes say to each other over the
 * IPC channel of `fork`: no stdout parsing, so children may log freely.
 */
import type autocannon from 'autocannon';

/** A child server's first message: it is listening. */
export interface Listening {
  port: number;
}

/** One autocannon run, as load.ts receives it. */
export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A JSON file holding an array of bodies: each request sends one picked at random (overrides `body`). */
  bodies?: string;
  connections: number;
  /** Either a duration in seconds… */
  seconds?: number;
  /** …or a number of requests, for answers too large to finish several per second. */
  amount?: number;
  /** Seconds a request may take before it counts as an error. */
  timeout?: number;
  /** Requests per second over all connections (a steady probe); unset: as fast as answers come. */
  overallRate?: number;
}

/** What load.ts sends back: the figures the table needs, nothing more. */
export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  completed: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  seconds: number;
  mbPerSec: number;
  /** The slowest answer, ms. */
  max: number;
  /** Answers by status class ("2xx", "4xx", …). */
  statuses: Record<string, number>;
}

/** autocannon's result as a LoadResult: totals over elapsed time (its averages are per sample tick). */
export function loadResultOf(result: autocannon.Result): LoadResult {
  const completed = result.requests.total;
  return {
    reqPerSec: completed / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    completed,
    non2xx: result.non2xx,
    errors: result.errors, // timeouts included
    seconds: result.duration,
    mbPerSec: result.throughput.total / 1e6 / result.duration,
    max: result.latency.max,
    statuses: {
      '1xx': result['1xx'],
      '2xx': result['2xx'],
      '3xx': result['3xx'],
      '4xx': result['4xx'],
      '5xx': result['5xx'],
    },
  };
}

/**
 * Issue 21's probe, which load.ts runs instead of autocannon: other users' reads and writes sent at a fixed
 * rate (open loop: a request waiting behind an import does not hold the next one back) until told to stop.
 * Reads are pages of the list and single items, writes restocks of +1; each is counted in the phase the
 * orchestrator had named when it was sent (a ProbeCommand), and none is counted outside a phase.
 */
export interface ProbeSpec {
  kind: 'probe';
  base: string;
  /** The bearer token the restocks are sent with (a manager's). */
  token: string;
  readsPerSecond: number;
  writesPerSecond: number;
  /** A JSON file of ProbeItems (too many for argv). */
  itemsFile: string;
  /** Pages of 20 read at random from the first `pages`. */
  pages: number;
  /** Seconds a request may take before it counts as an error. */
  timeout: number;
}

/** The items the probe reads one at a time and restocks, picked at random. */
export interface ProbeItems {
  read: string[];
  /** None near the quantity limit. */
  restock: string[];
}

/** What the orchestrator tells the probe: the phase requests sent from now on belong to (null: none), or stop. */
export type ProbeCommand = { phase: string | null } | { stop: true };

/** The probe is sending (its first message). */
export interface ProbeReady {
  ready: true;
}

/** One kind of request in one phase; latencies in ms, from sending to the answer's last byte. */
export interface LatencyStats {
  /** Requests finished, answered or not (a timeout counts, at its time). */
  completed: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** The errors by code (ECONNRESET…) or message. */
  errorKinds: Record<string, number>;
}

/** The probe's last message: each phase's reads and writes, in the order the phases were named. */
export interface ProbeResult {
  phases: { phase: string; seconds: number; reads: LatencyStats; writes: LatencyStats }[];
}

/** Issue 22's SSE clients (sse-clients.ts), which load.ts runs instead of autocannon when given this. */
export interface SseClientsSpec {
  kind: 'sse-clients';
}

/** The SSE clients are listening for commands (their first message). */
export interface SseClientsReady {
  ready: true;
}

/**
 * What the orchestrator tells the SSE clients, one command at a time, each answered by one message.
 */
export type SseCommand =
  /** Opens `clients` streams to `base`'s GET /api/events, `perAddress` from each loopback address in turn. */
  | { connect: { base: string; clients: number; perAddress: number } }
  /** Opens one more stream than the server allows one address, all from one address: the cap is in force. */
  | { capCheck: { base: string; streams: number } }
  /** From now on, records when each stream reads an `item` event of `itemId` with a version above `afterVersion`. */
  | { track: { itemId: string; afterVersion: number } }
  /** What the tracking recorded (then it stops). */
  | { receipts: true }
  /** Closes every stream (answers the counts since they were opened). */
  | { close: true };

/** Answer to `connect`. */
export interface SseConnected {
  opened: number;
  /** Streams refused or failed, by status or error code. */
  failed: Record<string, number>;
  seconds: number;
  /** Loopback addresses used. */
  addresses: number;
}

/** Answer to `capCheck`: each stream's status (0: a connection error). */
export interface SseCapChecked {
  statuses: number[];
}

/** Answer to `receipts`: each tracked event, when the server says it committed and when each stream read it. */
export interface SseReceipts {
  /** Streams open now. */
  streams: number;
  /** Of those, the streams that read every tracked event. */
  streamsWithEvery: number;
  events: { version: number; atMs: number; receivedMs: number[] }[];
}

/** Answer to `close`: what the streams read while open, and the clients process's CPU time meanwhile. */
export interface SseClosed {
  events: number;
  megabytes: number;
  /** Streams the server ended or that failed while open. */
  dropped: number;
  cpuSeconds: number;
}
