import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import type { AlertKind } from '@smart-zone/types/alert';
import type { ItemChange } from '../decisions/change';

/**
 * What a decided change does to its item's alert (stock-alerts.ts), inside the ledger's transaction: opens one,
 * brings the open one up to date, or resolves it. Answers the alert the change feed entry names (opened or
 * resolved; an update is not news), or null. The partial unique index `alerts_open` (schema.ts, migration 11)
 * holds one open alert per item whatever happens here.
 */
export function sqliteAlertStep(db: Database.Database) {
  const insert = db.prepare(
    `INSERT INTO alerts (id, item_id, item_name, kind, quantity, min_stock, movement_id, at)
     VALUES (@id, @item_id, @item_name, @kind, @quantity, @min_stock, @movement_id, @at)`,
  );
  const update = db.prepare<Record<string, unknown>, { id: string; kind: AlertKind }>(
    `UPDATE alerts SET item_name = @item_name, kind = @kind, quantity = @quantity, min_stock = @min_stock
     WHERE item_id = @item_id AND resolved_at IS NULL RETURNING id, kind`,
  );
  const resolve = db.prepare<Record<string, unknown>, { id: string; kind: AlertKind }>(
    `UPDATE alerts SET resolved_at = @at, resolved_by = @movement_id
     WHERE item_id = @item_id AND resolved_at IS NULL RETURNING id, kind`,
  );
  return (change: ItemChange, movementId: string | null): { id: string; kind: AlertKind } | null => {
    const step = change.alert;
    if (!step) return null;
    if (step.op === 'resolve')
      return resolve.get({ item_id: change.itemId, at: change.at, movement_id: movementId }) ?? null;
    const after = change.after!;
    const fields = {
      item_id: change.itemId,
      item_name: change.itemName,
      kind: step.kind,
      quantity: after.quantity,
      min_stock: after.minStock,
    };
    // An update finds the open alert; an open (or an update of an item that somehow has none) inserts one.
    const updated = update.get(fields);
    if (updated) return step.op === 'open' ? updated : null;
    const id = new ObjectId().toHexString();
    insert.run({ id, ...fields, movement_id: movementId, at: change.at });
    return { id, kind: step.kind };
  };
}
