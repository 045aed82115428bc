import type { SendOutcome } from '../store/store';
import type { Attempt } from './alert-sender';

export interface RetryPolicy {
  /** The first retry waits up to this; each further one up to twice the last, never more than capMs. */
  baseMs: number;
  capMs: number;
  /** Counted from when the alert was raised: after this the alert is marked failed on the channel. */
  giveUpMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseMs: 5000, capMs: 15 * 60_000, giveUpMs: 24 * 3_600_000 };

/**
 * What to record after an attempt. Failures are retried with exponential
 * backoff and full jitter (a random wait between 0 and the attempt's ceiling,
 * so receivers coming back up are not hit by every sender at once); the last
 * retry is at the deadline at the latest, and a failure then gives up.
 */
export function outcomeOf(
  attempt: Attempt,
  context: { raisedAt: number; now: number; attempts: number; policy: RetryPolicy; random: () => number },
): SendOutcome {
  if (attempt.ok) return { state: 'sent' };
  if (attempt.permanent) return { state: 'failed', error: attempt.error };
  const { raisedAt, now, attempts, policy, random } = context;
  const deadline = raisedAt + policy.giveUpMs;
  if (now >= deadline) {
    const hours = Math.round(policy.giveUpMs / 3_600_000);
    return { state: 'failed', error: `gave up after ${hours} h and ${attempts} attempts: ${attempt.error}` };
  }
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  const wait = Math.max(random() * ceiling, attempt.retryAfterMs ?? 0);
  return { state: 'retry', error: attempt.error, retryAt: new Date(Math.min(now + wait, deadline)).toISOString() };
}
