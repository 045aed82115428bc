import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import { QUANTITY_MAX } from '@smart-zone/types/item';
import type { Author, CancelOutcome, DeliveryFilter, DeliveryOutcome, DeliveryRepository, NewDelivery } from '../store';
import { toDelivery, type DeliveryRow } from './rows';
import { groupCommit } from './group-commit';
import type { SqliteLedger } from './sqlite-ledger';

/** What a stock update hands back: the item after it. */
interface StockRow {
  quantity: number;
  name: string;
  min_stock: number;
  version: number;
}

/** The key delivery_counts keeps the total under, when the filter is none or one email or one item. */
function countKey({ email, itemId, from, to }: DeliveryFilter): string | undefined {
  if (from !== undefined || to !== undefined) return undefined;
  if (email !== undefined && itemId !== undefined) return undefined;
  if (email !== undefined) return `email:${email}`;
  return itemId !== undefined ? `item:${itemId}` : '';
}

export function sqliteDeliveries(
  db: Database.Database,
  ledger: SqliteLedger,
  onCommitted: () => void,
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

  // The total of no filter, or of one email or one item, is kept by triggers (schema.ts): no counting.
  const counted = db.prepare<[string], number>('SELECT n FROM delivery_counts WHERE key = ?').pluck();

  // One pair of statements per combination of filters (16 at most), prepared when first asked for.
  const listQueries = new Map<
    string,
    {
      page: Database.Statement<Record<string, unknown>, DeliveryRow>;
      count: Database.Statement<Record<string, unknown>, number>;
    }
  >();
  const listQuery = (filter: DeliveryFilter) => {
    const where = listWhere(filter);
    let query = listQueries.get(where);
    if (!query) {
      query = {
        page: db.prepare(
          `SELECT * FROM deliveries WHERE ${where} ORDER BY created_at DESC, seq DESC LIMIT @limit OFFSET @skip`,
        ),
        count: db.prepare<Record<string, unknown>, number>(`SELECT COUNT(*) FROM deliveries WHERE ${where}`).pluck(),
      };
      listQueries.set(where, query);
    }
    return query;
  };

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
      const query = listQuery(filter);
      const params = listParams(filter);
      const key = countKey(filter);
      // Read in one transaction, so the page and its total see the same deliveries.
      return db.transaction(() => {
        const rows = query.page.all({ ...params, limit: page.limit, skip: page.skip });
        const total = key !== undefined ? (counted.get(key) ?? 0) : (query.count.get(params) ?? 0);
        return { deliveries: rows.map(toDelivery), total };
      })();
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

/**
 * The list's conditions, each one served by a partial index of the deliveries not cancelled
 * (schema.ts), which ends in created_at: the page is read in order from one index range.
 */
function listWhere(filter: DeliveryFilter): string {
  return [
    'cancelled_at IS NULL',
    ...(filter.email !== undefined ? ['email = @email'] : []),
    ...(filter.itemId !== undefined ? ['inventories_id = @itemId'] : []),
    ...(filter.from !== undefined ? ['created_at >= @from'] : []),
    ...(filter.to !== undefined ? ['created_at <= @to'] : []),
  ].join(' AND ');
}

function listParams(filter: DeliveryFilter): Record<string, string> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}
