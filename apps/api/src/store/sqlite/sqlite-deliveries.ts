import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import { decideCancel } from '../decisions/cancel-delivery';
import { decideDelivery } from '../decisions/deliver';
import type { PlaceDelta } from '../decisions/places';
import type { Author, CancelOutcome, DeliveryOutcome, DeliveryRepository, NewDelivery } from '../store';
import { sqliteItemWriter } from './item-writes';
import { toDelivery, toItem, type DeliveryRow } from './rows';
import { deliveryQueries } from './delivery-queries';
import { batchCounts } from './batch-counts';
import { groupCommit } from './group-commit';
import { deliveryPageInline } from './read-jobs';
import type { SearchRunner } from './search-runner';
import type { SqliteLedger } from './sqlite-ledger';

export function sqliteDeliveries(
  db: Database.Database,
  ledger: SqliteLedger,
  onCommitted: () => void,
  worker: SearchRunner,
): DeliveryRepository {
  const writer = sqliteItemWriter(db, ledger);
  const sql = {
    insert: db.prepare(
      `INSERT INTO deliveries (id, uid, email, name, inventory, inventories_id, address, phone, quantity, created_at)
       VALUES (@id, @uid, @email, @name, @inventory, @inventories_id, @address, @phone, @quantity, @created_at)`,
    ),
    get: db.prepare<[string], DeliveryRow>('SELECT * FROM deliveries WHERE id = ? AND cancelled_at IS NULL'),
    location: db.prepare<[string], number>('SELECT COUNT(*) FROM locations WHERE id = ?').pluck(),
    // A delivery's own movement is written with it, at its time: movements_by_at finds it in one seek.
    taken: db
      .prepare<[string, string], string | null>(
        `SELECT places_json FROM movements WHERE at = ? AND delivery_id = ? AND reason = 'delivery'`,
      )
      .pluck(),
    cancel: db.prepare<[string, string, string | null, string]>(
      `UPDATE deliveries SET cancelled_at = ?, cancelled_by = ?, cancel_reason = ?
       WHERE id = ? AND cancelled_at IS NULL`,
    ),
    byOwner: db.prepare<[string], DeliveryRow>(
      'SELECT * FROM deliveries WHERE uid = ? AND cancelled_at IS NULL ORDER BY seq DESC',
    ),
    allByOwner: db.prepare<[string], DeliveryRow>('SELECT * FROM deliveries WHERE uid = ? ORDER BY seq DESC'),
  };

  const pages = deliveryQueries(db);
  // The list's totals (delivery-queries.ts): all live deliveries, per email and per item; a cancel's are taken
  // back by a trigger (schema-team.ts), a delivery's added here (migration 13), once per key per batch.
  const counts = batchCounts(db, 'delivery_counts');

  // Deliveries and cancels are group-committed: each runs in the batch's
  // transaction (in a savepoint of its own only when one of the batch threw,
  // group-commit.ts), synchronously (nothing else runs between the stock
  // check, the decrement, the record and its movement), and is answered once
  // the batch has committed. The batch moves the revision on once, and adds
  // its audit totals once per key.
  const batches = groupCommit(db, {
    onChanges: () => ledger.bumpRevision(),
    onCommitted,
    together: (writes) => ledger.countingTogether(() => counts.together(writes)),
  });

  const deliver = (delivery: NewDelivery): DeliveryOutcome => {
    const before = writer.read(delivery.inventoriesId);
    const id = new ObjectId().toHexString();
    const item = before ? toItem(before) : null;
    const found = delivery.locationId === undefined || sql.location.get(delivery.locationId) === 1;
    const decision = decideDelivery(item, writer.holdings(before), delivery, id, new Date().toISOString(), found);
    if (!decision.ok) return decision;
    const { delivery: made } = decision;
    sql.insert.run({
      id,
      uid: made.uid,
      email: made.email,
      name: made.name,
      inventory: made.inventory,
      inventories_id: made.inventoriesId,
      address: made.address,
      phone: made.phone,
      quantity: made.quantity,
      created_at: made.createdAt,
    });
    counts.count([
      '',
      `email:${made.email}`,
      `item:${made.inventoriesId}`,
      'all:',
      `all:email:${made.email}`,
      `all:item:${made.inventoriesId}`,
    ]);
    writer.apply(decision.write, before!);
    return { ok: true, delivery: made };
  };

  /** The cancelled delivery, and whether its stock went back to an item that still exists. */
  const cancel = (id: string, by: Author, ownerUid?: string): { outcome: CancelOutcome; restored: boolean } => {
    // Synchronous inside its savepoint: nothing runs between these reads and the writes below.
    const row = sql.get.get(id);
    const before = row ? writer.read(row.inventories_id) : undefined;
    const at = new Date().toISOString();
    // Where the delivery took its units (none kept: all at Main), to put them back there.
    const places = row && before ? sql.taken.get(row.created_at, row.id) : null;
    const taken = places ? (JSON.parse(places) as PlaceDelta[]) : undefined;
    const exists = (locationId: string) => sql.location.get(locationId) === 1;
    const delivery = row ? toDelivery(row) : null;
    const decision = decideCancel(delivery, before ? toItem(before) : null, taken, exists, by, at, ownerUid);
    if (!decision.ok) return { outcome: decision, restored: false };
    const { cancelledBy, cancelReason } = decision.delivery;
    sql.cancel.run(at, cancelledBy ?? by.email, cancelReason ?? null, id);
    if (decision.write) writer.apply(decision.write, before!);
    else ledger.audit(decision.audit, by, at);
    return { outcome: { ok: true, delivery: decision.delivery }, restored: decision.write !== null };
  };

  return {
    async listByOwner(uid, state) {
      return (state === 'all' ? sql.allByOwner : sql.byOwner).all(uid).map(toDelivery);
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
