import type Database from 'better-sqlite3';
import type { AlertRepository } from '../store';
import { type AlertRow, toAlert } from './rows';

/** Low-stock alerts, raised by the ledger in the same transaction as their change, and their outbox. */
export function sqliteAlerts(db: Database.Database): AlertRepository {
  // The channels that gave up on an alert, beside it.
  const withFailed = `SELECT a.*, (SELECT GROUP_CONCAT(s.channel) FROM alert_sends s
      WHERE s.alert_seq = a.seq AND s.state = 'failed') AS failed FROM alerts a`;
  const sql = {
    page: db.prepare<[number, number], AlertRow>(`${withFailed} ORDER BY a.seq DESC LIMIT ? OFFSET ?`),
    unreadPage: db.prepare<[number, number], AlertRow>(
      `${withFailed} WHERE a.read_at IS NULL ORDER BY a.seq DESC LIMIT ? OFFSET ?`,
    ),
    count: db.prepare<[], number>('SELECT COUNT(*) FROM alerts').pluck(),
    unread: db.prepare<[], number>('SELECT COUNT(*) FROM alerts WHERE read_at IS NULL').pluck(),
    get: db.prepare<[string], AlertRow>(`${withFailed} WHERE a.id = ?`),
    markRead: db.prepare<[string, string]>('UPDATE alerts SET read_at = ? WHERE id = ? AND read_at IS NULL'),
    markAllRead: db.prepare<[string]>('UPDATE alerts SET read_at = ? WHERE read_at IS NULL'),
    due: db.prepare<Record<string, unknown>, AlertRow & { attempts: number }>(
      `SELECT * FROM (
         SELECT a.*, s.attempts AS attempts FROM alert_sends s JOIN alerts a ON a.seq = s.alert_seq
          WHERE s.channel = @channel AND s.state = 'retry' AND s.retry_at <= @now
         UNION ALL
         SELECT a.*, 0 AS attempts FROM alerts a
          WHERE a.at >= @since AND NOT EXISTS
            (SELECT 1 FROM alert_sends s WHERE s.alert_seq = a.seq AND s.channel = @channel)
       ) ORDER BY seq LIMIT @limit`,
    ),
    record: db.prepare(
      `INSERT INTO alert_sends (alert_seq, channel, state, attempts, retry_at, last_error)
       SELECT seq, @channel, @state, 1, @retry_at, @error FROM alerts WHERE id = @id
       ON CONFLICT (alert_seq, channel) DO UPDATE SET state = excluded.state, attempts = attempts + 1,
         retry_at = excluded.retry_at, last_error = excluded.last_error`,
    ),
    failed: db.prepare<[], number>("SELECT COUNT(*) FROM alert_sends WHERE state = 'failed'").pluck(),
  };

  return {
    async list({ unread, limit, skip }) {
      const rows = (unread ? sql.unreadPage : sql.page).all(limit, skip);
      const total = (unread ? sql.unread : sql.count).get() ?? 0;
      return { alerts: rows.map(toAlert), total };
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
    async due(channel, { since, now, limit }) {
      return sql.due
        .all({ channel, since, now, limit })
        .map((row) => ({ alert: toAlert(row), attempts: row.attempts }));
    },
    async recordSend(alertId, channel, outcome) {
      sql.record.run({
        id: alertId,
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
