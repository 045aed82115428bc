import type { Alert, AlertEvent } from '@smart-zone/types/alert';
import type { Store } from '../store/store';
import type { AlertSender } from './alert-sender';
import { DEFAULT_RETRY_POLICY, outcomeOf, type RetryPolicy } from './retry-policy';

/** What the dispatcher says; pino's logger fits. */
export interface DispatchLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface DispatcherOptions {
  /** How often the outbox is read when nothing wakes the dispatcher (retries coming due, another process's alerts). */
  pollMs?: number;
  /** Alerts read from the outbox at a time. */
  batch?: number;
  /** Whether resolutions go out too (ALERT_SEND_RESOLVED); openings always do. */
  resolved?: boolean;
  policy?: RetryPolicy;
  /** How long stop() lets an attempt in flight finish before aborting it. */
  stopGraceMs?: number;
  /** The clock (ms since the epoch) and the jitter's source, for tests. */
  now?: () => number;
  random?: () => number;
}

export interface AlertDispatcher {
  /** Reads the outbox now (also done every pollMs, and on every change that raised an alert). */
  wake(): void;
  /** No more attempts; waits for the one in flight (up to stopGraceMs, then aborts it). */
  stop(): Promise<void>;
}

/**
 * Sends every alert of the outbox on one channel, at least once: the outbox is
 * in the store (alerts and their sends, written in the transactions that
 * raised them and by recordSend), so a dispatcher started after a crash picks
 * up what was raised in the last giveUpMs and never sent, and what waits for a
 * retry. One attempt at a time; the awaits (fetch, SMTP) never hold the event loop.
 */
export function startAlertDispatcher(
  store: Store,
  sender: AlertSender,
  log: DispatchLog,
  options: DispatcherOptions = {},
): AlertDispatcher {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const batch = options.batch ?? 50;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const channel = sender.channel;
  const aborter = new AbortController();
  let stopped = false;
  /** Set by every wake: the outbox is read again once the current pass is over. */
  let pending = false;
  let running: Promise<void> | undefined;

  async function attempt(alert: Alert, attempts: number, event: AlertEvent) {
    let result;
    try {
      result = await sender.send(alert, aborter.signal, event);
    } catch (error) {
      result = { ok: false as const, error: error instanceof Error ? error.message : String(error) };
    }
    // Cut short by stop(): recorded as nothing, so it is due again after the restart.
    if (aborter.signal.aborted) return;
    const outcome = outcomeOf(result, {
      raisedAt: Date.parse(event === 'resolved' ? alert.resolvedAt! : alert.at),
      now: now(),
      attempts: attempts + 1,
      policy,
      random,
    });
    await store.alerts.recordSend(alert._id, channel, outcome, event);
    const fields = { alertId: alert._id, event, channel, attempts: attempts + 1 };
    if (outcome.state === 'retry')
      log.warn({ ...fields, retryAt: outcome.retryAt, reason: outcome.error }, 'Alert not sent yet');
    if (outcome.state === 'failed') log.error({ ...fields, reason: outcome.error }, 'Alert send given up');
  }

  async function pass() {
    while (pending && !stopped) {
      pending = false;
      let full = true;
      while (full && !stopped) {
        const at = now();
        const due = await store.alerts.due(channel, {
          since: new Date(at - policy.giveUpMs).toISOString(),
          now: new Date(at).toISOString(),
          limit: batch,
          resolved: options.resolved ?? false,
        });
        for (const { alert, attempts, event } of due) {
          if (stopped) return;
          await attempt(alert, attempts, event);
        }
        full = due.length === batch;
      }
    }
  }

  function wake() {
    pending = true;
    if (stopped || running) return;
    running = pass()
      .catch((error: unknown) => log.error({ err: error, channel }, 'Alert dispatch failed; trying again shortly'))
      .finally(() => {
        running = undefined;
        // A wake that came after the pass's last look at `pending`.
        if (pending) wake();
      });
  }

  const poll = setInterval(wake, options.pollMs ?? 1000);
  poll.unref();
  const unsubscribe = store.changes.subscribe((change) => {
    if (change.alert) wake();
  });
  wake();

  return {
    wake,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(poll);
      unsubscribe();
      if (running) {
        const grace = new Promise((resolve) => setTimeout(resolve, options.stopGraceMs ?? 5000).unref());
        await Promise.race([running, grace]);
        aborter.abort();
        await running;
      }
      sender.close?.();
    },
  };
}
