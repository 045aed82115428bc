import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';

/**
 * Issue 32: low stock is a state. An alert is open (`resolved_at` NULL) while its item is at or below its
 * reorder point, one per item (the partial unique index), and resolved once it rises above or is deleted
 * (`resolved_by`: the movement that did it). `alert_sends` gains the event it sent (the opening or the
 * resolution), so it is made again, rows kept.
 */
const V11_ALERT_STATE = `
ALTER TABLE alerts ADD COLUMN resolved_at TEXT;
ALTER TABLE alerts ADD COLUMN resolved_by TEXT;
CREATE INDEX alerts_open_by_seq ON alerts (seq) WHERE resolved_at IS NULL;
CREATE INDEX alerts_by_resolved_at ON alerts (resolved_at) WHERE resolved_at IS NOT NULL;
CREATE TABLE alert_sends_v11 (
  alert_seq  INTEGER NOT NULL,
  event      TEXT    NOT NULL DEFAULT 'opened' CHECK (event IN ('opened', 'resolved')),
  channel    TEXT    NOT NULL CHECK (channel IN ('email', 'webhook')),
  state      TEXT    NOT NULL CHECK (state IN ('retry', 'sent', 'failed')),
  attempts   INTEGER NOT NULL,
  retry_at   TEXT,
  last_error TEXT,
  PRIMARY KEY (alert_seq, event, channel)
) WITHOUT ROWID;
INSERT INTO alert_sends_v11 (alert_seq, channel, state, attempts, retry_at, last_error)
  SELECT alert_seq, channel, state, attempts, retry_at, last_error FROM alert_sends;
DROP TABLE alert_sends;
ALTER TABLE alert_sends_v11 RENAME TO alert_sends;
CREATE INDEX alert_sends_due ON alert_sends (channel, state, retry_at);
`;

/** The low items as the one definition says (packages/types stock isLowStock; the items_low index's WHERE). */
const LOW = 'min_stock > 0 AND quantity <= min_stock';

/**
 * Brings an existing store to the state the ledger keeps: each low item's newest alert stays open, brought up to
 * date (its duplicates folded: resolved now), a low item without one gets one (dated by the item's last change,
 * so the outbox sends only those of the last day), and every alert of an item not low, or gone, is resolved.
 */
function settleAlerts(db: Database.Database) {
  const now = new Date().toISOString();
  db.prepare(
    `UPDATE alerts SET resolved_at = @now WHERE seq NOT IN (
       SELECT MAX(a.seq) FROM alerts a JOIN items i ON i.id = a.item_id
       WHERE i.min_stock > 0 AND i.quantity <= i.min_stock GROUP BY a.item_id)`,
  ).run({ now });
  db.exec(`UPDATE alerts SET
      (item_name, kind, quantity, min_stock) = (SELECT name, CASE quantity WHEN 0 THEN 'out' ELSE 'low' END, quantity,
        min_stock FROM items WHERE items.id = alerts.item_id)
    WHERE resolved_at IS NULL`);
  const missing = db
    .prepare<[], { id: string; name: string; quantity: number; min_stock: number; updated_at: string }>(
      `SELECT id, name, quantity, min_stock, updated_at FROM items WHERE ${LOW}
         AND NOT EXISTS (SELECT 1 FROM alerts WHERE alerts.item_id = items.id AND resolved_at IS NULL) ORDER BY seq`,
    )
    .all();
  const insert = db.prepare(
    `INSERT INTO alerts (id, item_id, item_name, kind, quantity, min_stock, at)
     VALUES (@id, @item_id, @item_name, @kind, @quantity, @min_stock, @at)`,
  );
  for (const item of missing) {
    insert.run({
      id: new ObjectId().toHexString(),
      item_id: item.id,
      item_name: item.name,
      kind: item.quantity === 0 ? 'out' : 'low',
      quantity: item.quantity,
      min_stock: item.min_stock,
      at: item.updated_at || now,
    });
  }
  db.exec('CREATE UNIQUE INDEX alerts_open ON alerts (item_id) WHERE resolved_at IS NULL');
}

export function alertState(db: Database.Database): void {
  db.exec(V11_ALERT_STATE);
  settleAlerts(db);
}
