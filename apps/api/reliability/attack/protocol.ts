/** What the attack part and its child processes say to each other over `fork`'s IPC channel. */

/** One upload of tiny CSV rows (`a,b,1,1`) over a raw socket (upload.ts). */
export interface UploadPlan {
  port: number;
  /** `/api/imports` or `/api/imports?dryRun=true`. */
  path: string;
  token: string;
  /** Rows after the header: the body is the header then `rows` × 8 bytes. */
  rows: number;
  /** The Content-Length said (default: the body's own); `chunked`: Transfer-Encoding: chunked, no length. */
  length?: number | 'chunked';
  /** Sends the whole body even after an early answer (else it stops there): closing on it would reset the answer away. */
  sendAll?: boolean;
}

export interface UploadOutcome {
  /** The answer's status; null: none came (cut off, or the time was up). */
  status: number | null;
  /** The answer's error code (`payload_too_large`, `rate_limited`, …). */
  code?: string;
  retryAfter?: string;
  /** From the first byte sent to the status line. */
  msToStatus?: number;
  /** Body bytes written when the status line came. */
  bodyBytesAtStatus?: number;
  bodyBytesSent: number;
  /** The socket's error (ECONNRESET, EPIPE, …) or `timeout`, when there was one. */
  error?: string;
  ms: number;
}

/** Uploads at full speed, all at once (uploads.ts): the 49 MB file, the chunked 60 MB, the 20 × 60 MB. */
export interface UploadsSpec {
  uploads: UploadPlan[];
  /** Each upload's bound: then it is cut off. */
  timeoutMs: number;
}

/** Uploads held in flight, then one more (held-uploads.ts). */
export interface HeldUploadsSpec {
  plan: UploadPlan;
  held: number;
  /** Body bytes each held upload sends before it pauses. */
  heldBytes: number;
  /** The extra upload's pace, bytes a second. */
  extraBytesPerSecond: number;
  /** How long the extra upload may wait for its answer, and the held ones for theirs once let go. */
  timeoutMs: number;
}

export interface HeldUploadsResult {
  extra: UploadOutcome;
  /** Held uploads already answered when the extra one started (then they were not held). */
  heldAnsweredBefore: number;
  held: UploadOutcome[];
}

/** Live streams opened and then never read (stalled-streams.ts). */
export interface StalledStreamsSpec {
  port: number;
  streams: number;
  /** Loopback addresses the streams come from: 127.0.0.2 onwards. */
  addresses: string[];
}

/** Every stream has its status line (its first message); sent again, with the closes seen, after a stop. */
export interface StalledStreamsResult {
  opened: number;
  statuses: Record<string, number>;
  /** Closes or errors this process noticed (a paused socket mostly notices none: the server's view is in /proc). */
  closesSeen: number;
}

/** Restocks from several connections (restocks.ts). */
export interface RestocksSpec {
  base: string;
  token: string;
  items: string[];
  count: number;
  connections: number;
}

export interface RestocksResult {
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
}

/** Anonymous searches, each text new (unique-searches.ts). */
export interface SearchesSpec {
  base: string;
  count: number;
  connections: number;
  /** After this many answers a progress message (SearchesProgress) goes out. */
  every: number;
  /** A bound: then the searches stop, however many were sent. */
  seconds: number;
}

/** Searches done (answered or failed) so far. */
export interface SearchesProgress {
  done: number;
}

export interface SearchesResult {
  done: number;
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
  p50: number;
  p99: number;
}
