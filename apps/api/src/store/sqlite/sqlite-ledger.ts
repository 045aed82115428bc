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
}

export function sqliteLedger(db: Database.Database): SqliteLedger {
  const insert = db.prepare(
    `INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, delivery_id, note, item_json, at)
     VALUES (@id, @item_id, @delta, @quantity_after, @reason, @actor_uid, @actor_email, @delivery_id, @note, @item_json, @at)`,
  );
  const bump = db.prepare("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'catalogue_revision'");
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
      bump.run();
    },
  };
}
