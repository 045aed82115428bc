import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import type { Actor, Item, MovementReason } from '@smart-zone/types/item';

export interface MovementDraft {
  itemId: string;
  delta: number;
  quantityAfter: number;
  reason: MovementReason;
  actor: Actor;
  at: string;
  deliveryId?: string;
  note?: string;
  /** The item's last state, for a `deleted` movement. */
  item?: Item;
}

/**
 * What every item write does besides its own row, always inside the caller's
 * transaction: append the stock movement, and move the catalogue's revision
 * on (the list ETag).
 */
export interface SqliteLedger {
  append(movement: MovementDraft): void;
  bumpRevision(): void;
  /** The catalogue's revision as the list ETag names it: `<catalogue id>.<writes seen>`. */
  revision(): string;
}

export function sqliteLedger(db: Database.Database): SqliteLedger {
  const insert = db.prepare(
    `INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, delivery_id, note, item_json, at)
     VALUES (@id, @item_id, @delta, @quantity_after, @reason, @actor_uid, @actor_email, @delivery_id, @note, @item_json, @at)`,
  );
  const bump = db.prepare("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'catalogue_revision'");
  const read = db.prepare<[], { id: string; revision: string }>(
    `SELECT (SELECT value FROM meta WHERE key = 'catalogue_id') AS id,
            (SELECT value FROM meta WHERE key = 'catalogue_revision') AS revision`,
  );
  // PRAGMA data_version changes when another connection (a seed script, a
  // second process) commits; our own bumps forget the revision here. So the
  // revision is read again only when one of the two says it may have moved.
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let known: { text: string; dataVersion: number } | undefined;
  return {
    append(movement) {
      insert.run({
        id: new ObjectId().toHexString(),
        item_id: movement.itemId,
        delta: movement.delta,
        quantity_after: movement.quantityAfter,
        reason: movement.reason,
        actor_uid: movement.actor.uid,
        actor_email: movement.actor.email,
        delivery_id: movement.deliveryId ?? null,
        note: movement.note ?? null,
        item_json: movement.item ? JSON.stringify(movement.item) : null,
        at: movement.at,
      });
    },
    bumpRevision() {
      // Forgotten before the write: a transaction that rolls it back leaves nothing stale either.
      known = undefined;
      bump.run();
    },
    revision() {
      const version = dataVersion.get()!;
      if (known?.dataVersion === version) return known.text;
      const row = read.get();
      known = { text: `${row?.id}.${row?.revision}`, dataVersion: version };
      return known.text;
    },
  };
}
