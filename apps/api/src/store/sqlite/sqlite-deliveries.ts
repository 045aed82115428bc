import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import { QUANTITY_MAX } from '@smart-zone/types/item';
import type { Author, CancelOutcome, DeliveryOutcome, DeliveryRepository, NewDelivery } from '../store';
import { toDelivery, type DeliveryRow } from './rows';
import { deliveryQueries } from './delivery-queries';
import { groupCommit } from './group-commit';
import { deliveryPageInline } from './read-jobs';
import type { SearchRunner } from './search-runner';
import type { SqliteLedger } from './sqlite-ledger';

/** What a stock update hands back: the item after it. */
interface StockRow {
  quantity: number;
  name: string;
  min_stock: number;
  version: number;
}

export function sqliteDeliveries(
  db: Database.Database,
  ledger: SqliteLedger,
  onCommitted: () => void,
  worker: SearchRunner,
): DeliveryRepository {
  const sql = {
    // The stock guard is in the WHERE clause: a short item matches no row.
    takeStock: db.prepare<Record<string, unknown>, StockRow>(
      `UPDATE items SET quantity = quantity - @quantity, version = version + 1, updated_at = @at,
         updated_by_uid = @uid, updated_by_email = @email
       WHERE id = @id AND quantity >= @quantity RETURNING quantity, name, min_stock, version`,
    ),
    returnStock: db.prepare<Record<string, unknown>, StockRow>(
      `UPDATE items SET quantity = quantity + @quantity, version = version + 1, updated_at = @at,
         updated_by_uid = @uid, updated_by_email = @email
       WHERE id = @id RETURNING quantity, name, min_stock, version`,
    ),
    stock: db.prepare<[string], { quantity: number }>('SELECT quantity FROM items WHERE id = ?'),
    insert: db.prepare(
      `INSERT INTO deliveries (id, uid, email, name, inventory, inventories_id, address, phone, quantity, created_at)
       VALUES (@id, @uid, @email, @name, @inventory, @inventories_id, @address, @phone, @quantity, @created_at)`,
    ),
    get: db.prepare<[string], DeliveryRow>('SELECT * FROM deliveries WHERE id = ? AND cancelled_at IS NULL'),
    // With no owner named (null), anyone's delivery.
    pending: db.prepare<{ id: string; owner: string | null }, Pick<DeliveryRow, 'inventories_id' | 'quantity'>>(
      'SELECT inventories_id, quantity FROM deliveries WHERE id = @id AND (@owner IS NULL OR uid = @owner) AND cancelled_at IS NULL',
    ),
    cancel: db.prepare<[string, string], DeliveryRow>(
      'UPDATE deliveries SET cancelled_at = ? WHERE id = ? AND cancelled_at IS NULL RETURNING *',
    ),
    byOwner: db.prepare<[string], DeliveryRow>(
      'SELECT * FROM deliveries WHERE uid = ? AND cancelled_at IS NULL ORDER BY seq DESC',
    ),
  };

  const pages = deliveryQueries(db);

  // Deliveries and cancels are group-committed: each runs in a savepoint of
  // the batch's transaction, synchronously (nothing else runs between the
  // stock check, the decrement, the record and its movement), and is answered
  // once the batch has committed. The batch moves the revision on once.
  const batches = groupCommit(db, { onChanges: () => ledger.bumpRevision(), onCommitted });

  const deliver = (delivery: NewDelivery): DeliveryOutcome => {
    const at = new Date().toISOString();
    const { owner } = delivery;
    const taken = sql.takeStock.get({
      id: delivery.inventoriesId,
      quantity: delivery.quantity,
      at,
      uid: owner.uid,
      email: owner.email,
    });
    if (!taken) {
      const stock = sql.stock.get(delivery.inventoriesId);
      return stock
        ? { ok: false, reason: 'out_of_stock', available: stock.quantity }
        : { ok: false, reason: 'item_not_found' };
    }
    const row: DeliveryRow = {
      id: new ObjectId().toHexString(),
      uid: owner.uid,
      email: owner.email,
      name: delivery.name,
      inventory: taken.name,
      inventories_id: delivery.inventoriesId,
      address: delivery.address,
      phone: delivery.phone,
      quantity: delivery.quantity,
      created_at: at,
      cancelled_at: null,
    };
    sql.insert.run(row);
    ledger.record({
      itemId: delivery.inventoriesId,
      itemName: taken.name,
      cause: 'delivery',
      actor: owner,
      at,
      before: { quantity: taken.quantity + delivery.quantity, minStock: taken.min_stock },
      after: { quantity: taken.quantity, minStock: taken.min_stock, version: taken.version },
      movement: { delta: -delivery.quantity, reason: 'delivery', deliveryId: row.id },
      audit: {
        action: 'delivery.create',
        target: { kind: 'delivery', id: row.id, name: taken.name, itemId: delivery.inventoriesId },
        changes: { quantity: [taken.quantity + delivery.quantity, taken.quantity] },
      },
    });
    return { ok: true, delivery: toDelivery(row) };
  };

  /** The cancelled delivery, and whether its stock went back to an item that still exists. */
  const cancel = (id: string, by: Author, ownerUid?: string): { outcome: CancelOutcome; restored: boolean } => {
    // Synchronous inside its savepoint: nothing runs between this check and the writes below.
    const pending = sql.pending.get({ id, owner: ownerUid ?? null });
    if (!pending) return { outcome: { ok: false, reason: 'not_found' }, restored: false };
    const stock = sql.stock.get(pending.inventories_id);
    if (stock && stock.quantity + pending.quantity > QUANTITY_MAX) {
      return {
        outcome: { ok: false, reason: 'over_limit', available: stock.quantity, quantity: pending.quantity },
        restored: false,
      };
    }
    const at = new Date().toISOString();
    const row = sql.cancel.get(at, id);
    if (!row) return { outcome: { ok: false, reason: 'not_found' }, restored: false };
    // The item may have been deleted since; then there is no stock to restore.
    const restored = sql.returnStock.get({
      id: row.inventories_id,
      quantity: row.quantity,
      at,
      uid: by.uid,
      email: by.email,
    });
    const target = { kind: 'delivery' as const, id, name: restored?.name ?? row.inventory, itemId: row.inventories_id };
    if (restored) {
      ledger.record({
        itemId: row.inventories_id,
        itemName: restored.name,
        cause: 'cancel',
        actor: by,
        at,
        before: { quantity: restored.quantity - row.quantity, minStock: restored.min_stock },
        after: { quantity: restored.quantity, minStock: restored.min_stock, version: restored.version },
        movement: { delta: row.quantity, reason: 'cancel', deliveryId: id },
        audit: {
          action: 'delivery.cancel',
          target,
          changes: { quantity: [restored.quantity - row.quantity, restored.quantity] },
        },
      });
    } else {
      ledger.audit({ action: 'delivery.cancel', target }, by, at);
    }
    return { outcome: { ok: true, delivery: toDelivery(row) }, restored: restored !== undefined };
  };

  return {
    async listByOwner(uid) {
      return sql.byOwner.all(uid).map(toDelivery);
    },
    async get(id) {
      const row = sql.get.get(id);
      return row ? toDelivery(row) : null;
    },
    create(delivery) {
      return batches.run(
        () => deliver(delivery),
        (outcome) => outcome.ok,
      );
    },
    async list(filter, page) {
      // Shallow pages with a kept total here; the rest in the read worker (read-jobs.ts).
      const { rows, total } = deliveryPageInline(filter, page)
        ? pages.page(filter, page)
        : await worker.run<{ rows: DeliveryRow[]; total: number }>({ op: 'deliveryPage', filter, page });
      return { deliveries: rows.map(toDelivery), total };
    },
    async cancel(id, by, ownerUid) {
      const cancelled = await batches.run(
        () => cancel(id, by, ownerUid),
        ({ restored }) => restored,
      );
      return cancelled.outcome;
    },
  };
}
