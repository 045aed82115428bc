import type { Alert, AlertChannel, AlertEvent } from '@smart-zone/types/alert';

/** What one attempt on a channel came to, before the retry policy decides what it means. */
export type Attempt =
  | { ok: true }
  /**
   * `permanent`: the answer will not change however often we ask (a 4xx, an SMTP 5xx): give up now.
   * `retryAfterMs`: the receiver asked us to wait at least this long (429/503 Retry-After).
   */
  | { ok: false; error: string; permanent?: boolean; retryAfterMs?: number };

/** One way out for alerts (email, webhook): sends one alert, never throws for a refusal. */
export interface AlertSender {
  readonly channel: AlertChannel;
  /**
   * Tells of the alert's opening, or of its resolution. `signal` aborts at shutdown: the alert stays due and
   * goes out after the restart.
   */
  send(alert: Alert, signal: AbortSignal, event: AlertEvent): Promise<Attempt>;
  close?(): void;
}
