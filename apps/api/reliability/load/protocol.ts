/** What the load part and its child processes say to each other over `fork`'s IPC channel. */

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

/** The probe that runs until told to stop (probe.ts) is running. */
export interface ProbeRunning {
  running: true;
}
