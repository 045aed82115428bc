import type Database from 'better-sqlite3';
import type { AlertEvent, AlertState } from '@smart-zone/types/alert';
import type { AlertRepository } from '../store';
import { type AlertRow, toAlert } from './rows';

/**
 * Low-stock alerts, opened, kept and resolved by the ledger in the same transaction as their change
 * (sqlite-alert-step.ts), and their outbox: each alert's opening, and its resolution when the owner asks.
 */
export function sqliteAlerts(db: Database.Database): AlertRepository {
  // The channels that gave up on an alert, beside it.
  const withFailed = `SELECT a.*, (SELECT GROUP_CONCAT(s.channel) FROM alert_sends s
      WHERE s.alert_seq = a.seq AND s.state = 'failed') AS failed FROM alerts a`;
  const sql = {
    unread: db.prepare<[], number>('SELECT COUNT(*) FROM alerts WHERE read_at IS NULL').pluck(),
    get: db.prepare<[string], AlertRow>(`${withFailed} WHERE a.id = ?`),
    markRead: db.prepare<[string, string]>('UPDATE alerts SET read_at = ? WHERE id = ? AND read_at IS NULL'),
    markAllRead: db.prepare<[string]>('UPDATE alerts SET read_at = ? WHERE read_at IS NULL'),
    // Opened: raised since `since`; resolved (when asked): resolved since `since`; each never tried on the channel.
    due: db.prepare<Record<string, unknown>, AlertRow & { attempts: number; event: AlertEvent }>(
      `SELECT * FROM (
         SELECT a.*, s.attempts AS attempts, s.event AS event FROM alert_sends s JOIN alerts a ON a.seq = s.alert_seq
          WHERE s.channel = @channel AND s.state = 'retry' AND s.retry_at <= @now
         UNION ALL
         SELECT a.*, 0 AS attempts, 'opened' AS event FROM alerts a
          WHERE a.at >= @since AND NOT EXISTS
            (SELECT 1 FROM alert_sends s WHERE s.alert_seq = a.seq AND s.event = 'opened' AND s.channel = @channel)
         UNION ALL
         SELECT a.*, 0 AS attempts, 'resolved' AS event FROM alerts a
          WHERE @resolved AND a.resolved_at >= @since AND NOT EXISTS
            (SELECT 1 FROM alert_sends s WHERE s.alert_seq = a.seq AND s.event = 'resolved' AND s.channel = @channel)
       ) ORDER BY seq, event LIMIT @limit`,
    ),
    record: db.prepare(
      `INSERT INTO alert_sends (alert_seq, event, channel, state, attempts, retry_at, last_error)
       SELECT seq, @event, @channel, @state, 1, @retry_at, @error FROM alerts WHERE id = @id
       ON CONFLICT (alert_seq, event, channel) DO UPDATE SET state = excluded.state, attempts = attempts + 1,
         retry_at = excluded.retry_at, last_error = excluded.last_error`,
    ),
    failed: db.prepare<[], number>("SELECT COUNT(*) FROM alert_sends WHERE state = 'failed'").pluck(),
  };

  /** A page and a count for each filter, prepared once it is first asked for. */
  const listings = new Map<
    string,
    { page: Database.Statement<[number, number], AlertRow>; count: Database.Statement<[], number> }
  >();
  function listing(state: AlertState | 'all', unread: boolean) {
    const key = `${state}.${unread}`;
    let found = listings.get(key);
    if (!found) {
      const where = [
        ...(state === 'open' ? ['resolved_at IS NULL'] : state === 'resolved' ? ['resolved_at IS NOT NULL'] : []),
        ...(unread ? ['read_at IS NULL'] : []),
      ];
      const filter = where.length > 0 ? ` WHERE ${where.map((term) => `a.${term}`).join(' AND ')}` : '';
      found = {
        page: db.prepare<[number, number], AlertRow>(`${withFailed}${filter} ORDER BY a.seq DESC LIMIT ? OFFSET ?`),
        count: db.prepare<[], number>(`SELECT COUNT(*) FROM alerts a${filter}`).pluck(),
      };
      listings.set(key, found);
    }
    return found;
  }

  return {
    async list({ state = 'all', unread, limit, skip }) {
      const { page, count } = listing(state, unread ?? false);
      return { alerts: page.all(limit, skip).map(toAlert), total: count.get() ?? 0 };
    },
    async unreadCount() {
      return sql.unread.get() ?? 0;
    },
    async markRead(id) {
      sql.markRead.run(new Date().toISOString(), id);
      const row = sql.get.get(id);
      return row ? toAlert(row) : null;
    },
    async markAllRead() {
      return sql.markAllRead.run(new Date().toISOString()).changes;
    },
    async due(channel, { since, now, limit, resolved = false }) {
      return sql.due
        .all({ channel, since, now, limit, resolved: resolved ? 1 : 0 })
        .map((row) => ({ alert: toAlert(row), attempts: row.attempts, event: row.event }));
    },
    async recordSend(alertId, channel, outcome, event = 'opened') {
      sql.record.run({
        id: alertId,
        event,
        channel,
        state: outcome.state,
        retry_at: outcome.state === 'retry' ? outcome.retryAt : null,
        error: outcome.state === 'sent' ? null : outcome.error,
      });
    },
    async failedCount() {
      return sql.failed.get() ?? 0;
    },
  };
}
