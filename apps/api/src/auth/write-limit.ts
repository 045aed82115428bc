import { createHash } from 'node:crypto';
import type { Response } from 'express';

/** A key's window: its hits since it began, and when it ends (ms since the epoch). */
interface Window {
  hits: number;
  endsAt: number;
}

/** How one request stood against its key's budget: allowed, or refused with the seconds until the window ends. */
export type WriteLimitOutcome = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * The per-user write budget as express-rate-limit's memory store counts it (a key's window of `windowMs` starts
 * at its first hit after the last one ended), with the same IETF draft-8 headers (`RateLimit`,
 * `RateLimit-Policy` with the key's partition hash) and, on a refusal, `Retry-After`; synchronous, and the
 * partition hash kept per key. Every write passes through it: the library's chain of awaits, its validations
 * and a SHA-256 per request were a few per cent of a delivery's time.
 */
export function writeLimit(options: { limit: number; windowMs: number }) {
  const { limit, windowMs } = options;
  const windowSeconds = Math.ceil(windowMs / 1000);
  const name = `"${limit}-in-${durationText(windowMs)}"`;
  const windows = new Map<string, Window>();
  const policies = new Map<string, string>();
  // Ended windows are forgotten once a window, as the memory store does.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) {
      if (window.endsAt <= now) {
        windows.delete(key);
        policies.delete(key);
      }
    }
  }, windowMs);
  sweep.unref();
  const policyOf = (key: string) => {
    let policy = policies.get(key);
    if (policy === undefined) {
      const partition = Buffer.from(createHash('sha256').update(key).digest('hex').slice(0, 12)).toString('base64');
      policy = `${name}; q=${limit}; w=${windowSeconds}; pk=:${partition}:`;
      policies.set(key, policy);
    }
    return policy;
  };
  return {
    /** Counts one hit of `key`, sets the headers on `res` and answers whether it is within the budget. */
    hit(key: string, res: Response): WriteLimitOutcome {
      const now = Date.now();
      let window = windows.get(key);
      if (!window) {
        window = { hits: 0, endsAt: now + windowMs };
        windows.set(key, window);
      } else if (window.endsAt <= now) {
        window.hits = 0;
        window.endsAt = now + windowMs;
      }
      window.hits += 1;
      const resetSeconds = Math.max(0, Math.ceil((window.endsAt - now) / 1000));
      if (!res.headersSent) {
        res.setHeader('RateLimit', `${name}; r=${Math.max(limit - window.hits, 0)}; t=${resetSeconds}`);
        res.setHeader('RateLimit-Policy', policyOf(key));
      }
      if (window.hits <= limit) return { ok: true };
      if (!res.headersSent) res.setHeader('Retry-After', String(resetSeconds));
      return { ok: false, retryAfterSeconds: resetSeconds };
    },
    /** Stops the sweep (tests). */
    close: () => clearInterval(sweep),
  };
}

/** The window as express-rate-limit names it in the policy: `60sec`, `1min`, `2hrs`, `1day`. */
function durationText(windowMs: number): string {
  const seconds = windowMs / 1000;
  const minutes = seconds / 60;
  const hours = minutes / 60;
  const days = hours / 24;
  if (seconds < 60) return `${seconds}sec`;
  if (minutes < 60) return `${minutes}min`;
  if (hours < 24) return `${hours}hr${hours > 1 ? 's' : ''}`;
  return `${days}day${days > 1 ? 's' : ''}`;
}
