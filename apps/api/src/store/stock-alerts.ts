import type { AlertKind } from '@smart-zone/types/alert';
import { isLowStock } from '@smart-zone/types/stock';

/** What the rule needs of an item on each side of a change. */
export interface StockLevel {
  quantity: number;
  minStock: number;
}

/**
 * What a write does to its item's alert (the one open alert of a low item):
 * - `open`: the item became low (created low, imported low, lowered, reorder point raised, an undo);
 * - `update`: it stays low and its kind or quantity or reorder point moved (the open alert takes them);
 * - `resolve`: it rose above its reorder point, or was deleted (the open alert closes: resolvedAt, the
 *   movement that lifted it).
 */
export type AlertStep = { op: 'open' | 'update'; kind: AlertKind } | { op: 'resolve' };

const kindOf = (level: StockLevel): AlertKind => (level.quantity === 0 ? 'out' : 'low');

/**
 * The one low-stock rule, a state rule (packages/types stock `isLowStock` says what low is), used by both
 * adapters inside the transaction of every write (group commit and imports included): from the item's level
 * before and after the write (null: created, deleted), what becomes of its alert, or null for nothing. After
 * any write an item at or below its reorder point has exactly one open alert, an item above it none.
 */
export function alertStep(before: StockLevel | null, after: StockLevel | null): AlertStep | null {
  const wasLow = before !== null && isLowStock(before);
  const isLow = after !== null && isLowStock(after);
  if (!isLow) return wasLow ? { op: 'resolve' } : null;
  if (!wasLow) return { op: 'open', kind: kindOf(after) };
  const moved = before.quantity !== after.quantity || before.minStock !== after.minStock;
  return moved ? { op: 'update', kind: kindOf(after) } : null;
}
