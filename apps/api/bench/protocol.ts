/**
 * What the orchestrator and its child processes say to each other over the
 * IPC channel of `fork`: no stdout parsing, so children may log freely.
 */

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
