import type { Alert, AlertChannel, AlertEvent, AlertState } from '@smart-zone/types/alert';

/** What one attempt to send an alert on a channel came to. */
export type SendOutcome =
  | { state: 'sent' }
  /** Not this time (a network error, a 5xx): try again at `retryAt`. */
  | { state: 'retry'; error: string; retryAt: string }
  /** Given up (after 24 h, or an answer that will never change): shown as failed. */
  | { state: 'failed'; error: string };

export interface AlertRepository {
  /**
   * Newest first (commit order), and how many match before paging: the open ones, the resolved ones, or all
   * (the default); `unread`: only those nobody marked read.
   */
  list(options: {
    state?: AlertState | 'all';
    unread?: boolean;
    limit: number;
    skip: number;
  }): Promise<{ alerts: Alert[]; total: number }>;
  unreadCount(): Promise<number>;
  /** Marks it read (once: a second call keeps the first time); null when there is no such alert. */
  markRead(id: string): Promise<Alert | null>;
  /** Marks every unread alert read; answers how many it marked. */
  markAllRead(): Promise<number>;
  /**
   * The outbox of a channel, oldest first, with how many attempts each has had and what it tells: alerts opened
   * since `since` never tried on it, alerts resolved since then never tried (only when `resolved`: the owner asks
   * for those), and sends to retry whose time has come by `now`. (An alert opened before `since` and never
   * tried — the channel was not set up, or nothing ran for a day — is not sent.) An update of an open alert sends
   * nothing.
   */
  due(
    channel: AlertChannel,
    window: { since: string; now: string; limit: number; resolved?: boolean },
  ): Promise<{ alert: Alert; attempts: number; event: AlertEvent }[]>;
  /** Records an attempt's outcome (at the alert's opening unless told). */
  recordSend(alertId: string, channel: AlertChannel, outcome: SendOutcome, event?: AlertEvent): Promise<void>;
  /** How many alert sends were given up on, all channels together (GET /health counts them). */
  failedCount(): Promise<number>;
}
