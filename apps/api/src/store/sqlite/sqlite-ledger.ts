import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import { auditEntry, type AuditNote } from '../audit-entries';
import type { ItemChange } from '../decisions/change';
import type { Author } from '../store';
import { batchCounts } from './batch-counts';
import { commitClock, type CommitClock } from './commit-clock';
import { sqliteDayCounts } from './day-counts';
import { idempotencyClaims } from './sqlite-idempotency';
import { sqliteAlertStep } from './sqlite-alert-step';

/** The changes log keeps this many rows: enough for a reconnecting listener, never a growing file. */
const CHANGES_KEPT = 100_000;

/**
 * What every item write does besides its own row, always inside the caller's
 * transaction: append the stock movement (and count it in the day totals) and the audit entry, open, update or resolve the item's alert as the
 * low-stock rule decided (stock-alerts.ts), log the change for the feed (sqlite-feed.ts), and
 * move the catalogue's revision on (the list ETag).
 */
export interface SqliteLedger {
  /** Records a decided change (decisions/); answers the id of the movement it appended (null when none). */
  record(change: ItemChange): string | null;
  /**
   * Runs `writes` (inside the caller's transaction) with the audit totals of their entries, and the day totals of
   * their movements, counted in memory and added once per key at the end: a batch of deliveries by one clerk on one day adds to the same keys many times.
   * A throw leaves nothing counted; the caller's transaction must then roll back what `writes` wrote.
   */
  countingTogether<T>(writes: () => T): T;
  /** Appends an audit entry for a write that changes no item (a team change; a cancel whose item is gone). */
  audit(note: AuditNote, by: Author, at: string, movementId?: string | null): void;
  bumpRevision(): void;
  /** The catalogue's revision as the list ETag names it: `<catalogue id>.<writes seen>`. */
  revision(): string;
  /** Drops the oldest rows of the changes log beyond what is kept (its own short transaction). */
  pruneChanges(): void;
  /** When something read may have changed: ours (the store ticks it after each commit) or another connection's. */
  clock: CommitClock;
}

export function sqliteLedger(db: Database.Database): SqliteLedger {
  const insertMovement = db.prepare(
    `INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, delivery_id, note, why,
       item_json, at, undo_of, places_json)
     VALUES (@id, @item_id, @delta, @quantity_after, @reason, @actor_uid, @actor_email, @delivery_id, @note, @why,
       @item_json, @at, @undo_of, @places_json)`,
  );
  const keepAlert = sqliteAlertStep(db);
  const insertChange = db.prepare(
    `INSERT INTO changes (item_id, cause, quantity, min_stock, version, movement_id, delta, delivery_id, alert_id, alert_kind, at)
     VALUES (@item_id, @cause, @quantity, @min_stock, @version, @movement_id, @delta, @delivery_id, @alert_id, @alert_kind, @at)`,
  );
  const insertAudit = db.prepare(
    `INSERT INTO audit (id, at, actor_uid, actor_email, action, target_kind, target_id, target_name, item_id,
       changes_json, reason, movement_id, request_id)
     VALUES (@id, @at, @actor_uid, @actor_email, @action, @target_kind, @target_id, @target_name, @item_id,
       @changes_json, @reason, @movement_id, @request_id)`,
  );
  // What a migration-5 trigger did per entry until migration 10 (schema.ts): the totals audit-queries.ts reads.
  const auditCounts = batchCounts(db, 'audit_counts');
  // The day totals, as the movement's decision counted them (day-counts.ts).
  const dayCounts = sqliteDayCounts(db);
  const claim = idempotencyClaims(db);
  const appendAudit = (note: AuditNote, by: Author, at: string, movementId?: string | null) => {
    // The request's Idempotency-Key, claimed in the same transaction as what it did (ports/idempotency.ts).
    if (by.claim) claim(by.claim);
    const entry = auditEntry(note, by, at, movementId);
    // An item's own entries are about it too (the itemId filter finds them); their target names it once.
    const itemId = entry.target.itemId ?? (entry.target.kind === 'item' ? entry.target.id : null);
    insertAudit.run({
      id: entry._id,
      at: entry.at,
      actor_uid: entry.actor.uid,
      actor_email: entry.actor.email,
      action: entry.action,
      target_kind: entry.target.kind,
      target_id: entry.target.id,
      target_name: entry.target.name,
      item_id: itemId,
      changes_json: entry.changes ? JSON.stringify(entry.changes) : null,
      reason: entry.reason ?? null,
      movement_id: entry.movementId ?? null,
      request_id: entry.requestId,
    });
    const keys = ['', `actor:${entry.actor.email}`, `action:${entry.action}`, `day:${entry.at.slice(0, 10)}`];
    auditCounts.count(itemId === null ? keys : [...keys, `item:${itemId}`]);
  };
  const prune = db.prepare(`DELETE FROM changes WHERE seq <= (SELECT MAX(seq) FROM changes) - ${CHANGES_KEPT}`);
  const bump = db.prepare("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'catalogue_revision'");
  const read = db.prepare<[], { id: string; revision: string }>(
    `SELECT (SELECT value FROM meta WHERE key = 'catalogue_id') AS id,
            (SELECT value FROM meta WHERE key = 'catalogue_revision') AS revision`,
  );
  // The clock's others() moves on when another connection (a seed script, a second process) commits; our own
  // bumps forget the revision here. So the revision is read again only when one of the two says it may have moved.
  const clock = commitClock(db);
  let known: { text: string; dataVersion: number } | undefined;
  return {
    record(change) {
      const { movement, after } = change;
      const movementId = movement ? new ObjectId().toHexString() : null;
      if (movement) {
        insertMovement.run({
          id: movementId,
          item_id: change.itemId,
          delta: movement.delta,
          quantity_after: after?.quantity ?? 0,
          reason: movement.reason,
          actor_uid: change.actor.uid,
          actor_email: change.actor.email,
          delivery_id: movement.deliveryId ?? null,
          note: movement.note ?? null,
          why: movement.why ?? null,
          item_json: movement.item ? JSON.stringify(movement.item) : null,
          at: change.at,
          undo_of: movement.undoOf ?? null,
          places_json: movement.places ? JSON.stringify(movement.places) : null,
        });
        if (change.days) dayCounts.count(change.itemId, change.days);
      }
      appendAudit(change.audit, change.actor, change.at, movementId);
      const alert = keepAlert(change, movementId);
      insertChange.run({
        item_id: change.itemId,
        cause: change.cause,
        quantity: after?.quantity ?? 0,
        min_stock: after?.minStock ?? change.before?.minStock ?? 0,
        version: after?.version ?? null,
        movement_id: movementId,
        delta: movement?.delta ?? null,
        delivery_id: movement?.deliveryId ?? null,
        alert_id: alert?.id ?? null,
        alert_kind: alert?.kind ?? null,
        at: change.at,
      });
      return movementId;
    },
    audit: appendAudit,
    countingTogether: (writes) => auditCounts.together(() => dayCounts.together(writes)),
    bumpRevision() {
      // Forgotten before the write: a transaction that rolls it back leaves nothing stale either.
      known = undefined;
      bump.run();
    },
    revision() {
      const version = clock.others();
      if (known?.dataVersion === version) return known.text;
      const row = read.get();
      known = { text: `${row?.id}.${row?.revision}`, dataVersion: version };
      return known.text;
    },
    pruneChanges() {
      prune.run();
    },
    clock,
  };
}
