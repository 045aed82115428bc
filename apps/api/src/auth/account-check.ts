import type { Perf } from 'lru-cache';
import { boundedCache } from '../bounded-cache';
import { AppError, unauthorized } from '../errors/app-error';

/** What the Auth service says of an account now. */
export type AccountStatus = 'active' | 'disabled' | 'deleted';

/** How long an account's state is believed: a disabled or deleted account is refused at most this late. */
export const ACCOUNT_RECHECK_MS = 30_000;
/** A lookup slower than this fails (firebase-admin retries on its own for longer). */
const LOOKUP_TIMEOUT_MS = 5_000;
/** Entries are a uid (≤ 128 characters) and a word: 10,000 of them, and 4 MB (~2.4 MB with 28-character uids). */
const ACCOUNT_BOUNDS = { max: 10_000, maxBytes: 4 * 1024 * 1024 };
/** Beyond the key and the entry: its time to live and start (two numbers); the status word is shared. */
const TIMED_ENTRY_BYTES = 16;

export const ACCOUNT_GONE_MESSAGE = 'This account has been disabled or deleted. Please sign in again.';
export const ACCOUNT_UNCHECKED_MESSAGE = 'We could not check your account just now. Please try again in a moment.';

export interface AccountCheck {
  /** Resolves when the account may act; throws a 401 when it is disabled or deleted, a 503 when unknown. */
  assertActive(uid: string): Promise<void>;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether an accessToken's account still exists and is enabled, read from the
 * Auth service once per uid every `ttlMs`: concurrent requests of one user
 * share one lookup. A lookup that fails is not cached and refuses the request
 * (503): a check we could not make is not a pass (docs/decisions/007).
 */
export function createAccountCheck(
  statusOf: (uid: string) => Promise<AccountStatus>,
  { ttlMs = ACCOUNT_RECHECK_MS, clock }: { ttlMs?: number; clock?: Perf } = {},
): AccountCheck {
  if (!(ttlMs >= 1)) throw new Error('the account recheck interval must be at least 1 ms');
  const cache = boundedCache<AccountStatus>(
    { ...ACCOUNT_BOUNDS, bytesOf: () => TIMED_ENTRY_BYTES },
    {
      ttl: ttlMs,
      // A test's clock moves by hand: no 1-ms caching of its reading.
      ...(clock ? { perf: clock, ttlResolution: 0 } : {}),
      fetchMethod: (uid) => withTimeout(statusOf(uid), LOOKUP_TIMEOUT_MS),
    },
  );
  return {
    async assertActive(uid) {
      const status = await cache.fetch(uid).catch((error: unknown) => {
        const { code, message } = error as { code?: unknown; message?: unknown };
        throw new AppError(
          503,
          'internal',
          ACCOUNT_UNCHECKED_MESSAGE,
          undefined,
          `account lookup failed: ${typeof code === 'string' ? `${code}: ` : ''}${String(message ?? error)}`,
        );
      });
      if (status !== 'active') throw unauthorized(ACCOUNT_GONE_MESSAGE, `account ${status}`);
    },
  };
}
