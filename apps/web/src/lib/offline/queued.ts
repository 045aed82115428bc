/**
 * A change that went to the outbox instead of the server (outbox.ts): shown as waiting, never as done. Its own
 * module, so a page may ask without loading the outbox.
 */
export const QUEUED = Object.freeze({ queued: true as const });
export type Queued = typeof QUEUED;
export const isQueued = (result: unknown): result is Queued => result === QUEUED;
