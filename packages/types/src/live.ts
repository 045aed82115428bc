import type { z } from 'zod';
import type { liveEventSchema } from './api-schemas';

/**
 * GET /api/events (issue 22): every committed change of the catalogue as a
 * Server-Sent Event, for anyone (the catalogue is public): no emails, uids or
 * names of people, no item names; an alert event says only which item and
 * which kind. Zod-free (the web app's shell listens): the schemas of each
 * event's data are in api-schemas.ts.
 */
export const LIVE_EVENT_TYPES = ['item', 'deleted', 'alert', 'reset'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** How long events are kept for a reconnect's Last-Event-ID (older: a `reset`). */
export const LIVE_RESUME_WINDOW_MS = 5 * 60_000;
/**
 * …and how many bytes of them at most (~20,000 events): an import of 100,000 rows kept every one of its events
 * for the window (+80 MB), and a reconnect from before them is better served by a `reset` (one refetch).
 */
export const LIVE_RESUME_BYTES_MAX = 4 * 1024 * 1024;
/** A comment line this often keeps proxies and the client's idle timers from closing the stream. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** The `retry:` hint: how long a client waits before reconnecting by itself. */
export const LIVE_RETRY_MS = 3_000;
/** Streams one client address may hold at once (a browser shares one among its tabs). */
export const LIVE_PER_ADDRESS_MAX = 8;

/**
 * A stream whose client stops reading is ended (it reconnects with Last-Event-ID and resumes): when the bytes
 * sent to it and not yet taken by its client pass this, in the server's buffer or its kernel's send queue…
 */
export const LIVE_UNSENT_MAX = 128 * 1024;
/** …or when a write of its has not drained for this long. */
export const LIVE_STALL_MS = 30_000;
/** How often every stream's unsent bytes are looked at. */
export const LIVE_CHECK_MS = 5_000;
/**
 * Streams one server holds in all: at LIVE_UNSENT_MAX each, what stalled clients can make the kernel keep
 * for them stays under 256 MB (1,500 × 128 KB = 188 MB, and what a check's 5 s of writes adds).
 */
export const LIVE_TOTAL_MAX = 1_500;

/** An event's data, by its `type` (the SSE event name is the same). */
export type LiveEvent = z.output<typeof liveEventSchema>;
