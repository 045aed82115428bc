/** What the load part and its child processes say to each other over `fork`'s IPC channel. */

/** One autocannon run (autocannon-run.ts). */
export interface CannonSpec {
  url: string;
  connections: number;
  seconds: number;
  /** Requests per second over all connections; unset: as fast as answers come. */
  overallRate?: number;
  headers?: Record<string, string>;
  /** Seconds a request may take before it counts as an error. */
  timeout: number;
}

export interface CannonResult {
  p50: number;
  p99: number;
  max: number;
  completed: number;
  /** Answers by status class ("2xx", "4xx", …). */
  statuses: Record<string, number>;
  /** Connection errors and timeouts: requests with no latency in the figures. */
  errors: number;
  mbPerSec: number;
}

/** The 8 searching clients (search-clients.ts). */
export interface SearchSpec {
  base: string;
  clients: number;
  seconds: number;
  /** Searches per second over all clients; 0: each client sends its next as soon as the last is answered. */
  rate: number;
}

export interface SearchResult {
  sent: number;
  statuses: Record<string, number>;
  errors: number;
  p50: number;
  p99: number;
}

/** The slow readers (slow-readers.ts). */
export interface SlowSpec {
  port: number;
  readers: number;
  seconds: number;
}

export interface SlowResult {
  opened: number;
  /** Connections the server closed while we held them (a send timeout doing its job). */
  closedByServer: number;
  /** Status lines of the answers, by code. */
  statuses: Record<string, number>;
  bytesRead: number;
}
