import type { AuditAction } from '@smart-zone/types/audit';
import { type Item, type MovementReason, QUANTITY_MAX } from '@smart-zone/types/item';
import { dayTotalsOf, type DayShare } from '@smart-zone/types/movement-kinds';
import type { RemovalReason } from '@smart-zone/types/removal-reasons';
import { utcDay } from '@smart-zone/types/stats';
import type { AuditNote } from '../audit-entries';
import { type ItemFields } from '../import-plan';
import type { ChangeCause } from '../ports/changes';
import type { Author } from '../ports/items';
import { type AlertStep, alertStep, type StockLevel } from '../stock-alerts';
import { keptPlaces, type PlaceDelta } from './places';

/**
 * One change of an item, whole, as a decision hands it to an adapter's ledger: what it records in the
 * write's transaction besides the item itself (the movement, the audit entry, the alert, the change-feed
 * entry). Ids are 24-hex strings and times ISO strings; an adapter converts them at its edge.
 */
export interface ItemChange {
  itemId: string;
  /** The item's name (after the change; its last one when deleted): the alert keeps it. */
  itemName: string;
  cause: ChangeCause;
  /** Who made it: the movement's actor, and the audit entry's actor, reason and request. */
  actor: Author;
  /** The write's audit entry: appended with the change, linked to its movement. */
  audit: AuditNote;
  at: string;
  /** The stock level (and price: MongoDB's catalogue totals) before the change; null when the item is created. */
  before: PricedLevel | null;
  /** After it, with the item's new version; null when the item is deleted. */
  after: (PricedLevel & { version: number }) | null;
  /** The stock movement to append (every cause but `updated`). */
  movement?: {
    delta: number;
    reason: MovementReason;
    deliveryId?: string;
    note?: string;
    /** On a removal: the reason picked from the short list (removal-reasons.ts). */
    why?: RemovalReason;
    /** The item's last state, for a `deleted` movement. */
    item?: Item;
    /** The movement an `undo` takes back. */
    undoOf?: string;
    /** Its reason: the bucket the undo takes its units back out of (dayTotals); not stored. */
    undone?: MovementReason;
    /**
     * Where its units were taken or put (places.ts), when a location other than Main is one of them: the adapter
     * moves the item's units at each (and its `placed`) with it. Absent: all at Main.
     */
    places?: PlaceDelta[];
  };
  /** What the change does to its item's alert (the state rule of stock-alerts.ts), or null; the feed entry names it. */
  alert: AlertStep | null;
  /** What its movement adds to the dashboard's day totals (dayTotals); none without a movement. */
  days?: DayTotals;
}

/** A movement's part of the day totals (docs/decisions/013): its UTC day, its share of each bucket, its item's units delivered. */
export type DayTotals = DayShare & { day: string };

/**
 * Its UTC day and its share of that day's buckets, as the movement kinds table counts it (dayTotalsOf; an
 * undo by the reason of the movement it takes back). SQLite's triggers count the same in SQL made from the
 * same table (sqlite/schema-stats.ts).
 */
export function dayTotals(
  { delta, reason, undone }: { delta: number; reason: MovementReason; undone?: MovementReason },
  at: string,
): DayTotals {
  return { day: utcDay(Date.parse(at)), ...dayTotalsOf(reason, delta, undone) };
}

/**
 * What a write does to one item, decided: how the adapter stores the item (`create`: insert it; `fields`:
 * set its editable fields; `stock`: set its quantity alone; `delete`: remove it), the item as stored after
 * (null once deleted; its version is the one before plus one), and the change to record with it.
 */
export interface ItemWrite {
  kind: 'create' | 'fields' | 'stock' | 'delete';
  item: Item | null;
  change: ItemChange;
}

/** Whether a quantity may be stored: 0..QUANTITY_MAX. */
export const storable = (quantity: number) => quantity >= 0 && quantity <= QUANTITY_MAX;

/** What an item's audit entries are about: the item, by its name then. */
export const itemTarget = (item: Pick<Item, '_id' | 'name'>): AuditNote['target'] => ({
  kind: 'item',
  id: item._id,
  name: item.name,
});

/** An item's stock level and price: what a change's totals move by. */
export type PricedLevel = StockLevel & { price: number };

const levelOf = (item: Item): PricedLevel => ({ quantity: item.quantity, minStock: item.minStock, price: item.price });

/** The change from `before` to `after` (either null: created, deleted), with what it does to the item's alert. */
export function itemChange(
  before: Item | null,
  after: Item | null,
  what: Pick<ItemChange, 'cause' | 'actor' | 'audit' | 'at' | 'movement'>,
): ItemChange {
  const item = (after ?? before)!;
  const was = before && levelOf(before);
  const now = after && { ...levelOf(after), version: after.version };
  return {
    itemId: item._id,
    itemName: item.name,
    ...what,
    before: was,
    after: now,
    alert: alertStep(was, now),
    ...(what.movement ? { days: dayTotals(what.movement, what.at) } : {}),
  };
}

/** An item with these editable fields, written at `at` (its version moved on). */
/** An item's barcodes as stored: each once, never its own SKU again (a barcode equal to the SKU is the SKU). */
export const settledBarcodes = (sku: string | null | undefined, barcodes: readonly string[] = []): string[] =>
  [...new Set(barcodes)].filter((code) => code !== sku);

export function withFields(item: Item, fields: ItemFields, at: string): Item {
  const { sku, barcodes: asked, ...rest } = fields;
  const barcodes = settledBarcodes(sku, asked);
  return {
    _id: item._id,
    ...rest,
    ...(sku !== null ? { sku } : {}),
    ...(barcodes.length > 0 ? { barcodes } : {}),
    createdAt: item.createdAt,
    updatedAt: at,
    version: item.version + 1,
  };
}

/** A move of an item's stock by `delta`, the quantity known storable: the movement, and its audit entry. */
export function stockMove(
  before: Item,
  move: {
    delta: number;
    reason: MovementReason;
    action: AuditAction;
    actor: Author;
    at: string;
    /** What the audit entry is about (default: the item). */
    target?: AuditNote['target'];
    /** What the audit entry says changed (default: the quantity, before and after). */
    changes?: AuditNote['changes'];
  } & Pick<NonNullable<ItemChange['movement']>, 'deliveryId' | 'note' | 'why' | 'undoOf' | 'undone' | 'places'>,
): ItemWrite {
  const { delta, reason, action, actor, at, target, changes, places, ...links } = move;
  const item: Item = { ...before, quantity: before.quantity + delta, updatedAt: at, version: before.version + 1 };
  const movement = { delta, reason, ...definedOnly({ ...links, places: keptPlaces(places) }) };
  const audit = {
    action,
    target: target ?? itemTarget(item),
    changes: changes ?? { quantity: [before.quantity, item.quantity] as [number, number] },
  };
  return { kind: 'stock', item, change: itemChange(before, item, { cause: reason, actor, audit, at, movement }) };
}

/** The properties that are set (an absent optional stays absent). */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
