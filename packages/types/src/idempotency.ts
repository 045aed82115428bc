/**
 * Exactly-once writes (issue 37): every POST, PUT, PATCH and DELETE under /api takes an `Idempotency-Key`. The
 * first answer is kept for a day, scoped to the caller; the same key with the same request answers it again with
 * `Idempotent-Replayed: true` and changes nothing. No zod here: the web app's outbox reads these.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key's answer is kept: a replay after that is a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_MAX = 128;
/** 1–128 printable ASCII characters (a UUID, a ULID, anything a client makes). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,128}$/;
export const IDEMPOTENCY_KEY_RULE = `1–${IDEMPOTENCY_KEY_MAX} printable ASCII characters`;
