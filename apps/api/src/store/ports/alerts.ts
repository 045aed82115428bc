import type { Alert, AlertChannel } from '@smart-zone/types/alert';

/** What one attempt to send an alert on a channel came to. */
export type SendOutcome =
  | { state: 'sent' }
  /** Not this time (a network error, a 5xx): try again at `retryAt`. */
  | { state: 'retry'; error: string; retryAt: string }
  /** Given up (after 24 h, or an answer that will never change): shown as failed. */
  | { state: 'failed'; error: string };

export interface AlertRepository {
  /** Newest first (commit order), and how many match before paging. */
  list(options: { unread?: boolean; limit: number; skip: number }): Promise<{ alerts: Alert[]; total: number }>;
  unreadCount(): Promise<number>;
  /** Marks it read (once: a second call keeps the first time); null when there is no such alert. */
  markRead(id: string): Promise<Alert | null>;
  /** Marks every unread alert read; answers how many it marked. */
  markAllRead(): Promise<number>;
  /**
   * The outbox of a channel, oldest first, with how many attempts each has had: alerts raised since
   * `since` never tried on it, and alerts to retry whose time has come by `now`. (An alert raised before
   * `since` and never tried — the channel was not set up, or nothing ran for a day — is not sent.)
   */
  due(
    channel: AlertChannel,
    window: { since: string; now: string; limit: number },
  ): Promise<{ alert: Alert; attempts: number }[]>;
  /** Records an attempt's outcome. */
  recordSend(alertId: string, channel: AlertChannel, outcome: SendOutcome): Promise<void>;
  /** How many alert sends were given up on, all channels together (GET /health counts them). */
  failedCount(): Promise<number>;
}
