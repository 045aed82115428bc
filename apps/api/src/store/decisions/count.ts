import type { CountRefusal } from '@smart-zone/types/count';
import { type Item, QUANTITY_MAX } from '@smart-zone/types/item';
import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import type { AuditNote } from '../audit-entries';
import type { Author, CountRecording } from '../store';
import { stockMove, type ItemWrite } from './change';
import { type Holdings, type PlaceDelta, takeFrom, unitsAt } from './places';

/** What a session is, as a count's decisions read it. */
export interface CountSessionState {
  id: string;
  name: string;
  open: boolean;
  /** Where it counts (the units at this location alone), or undefined: the items' whole quantities. */
  locationId?: string;
}

/** A line as a recording reads it: what it has counted so far (null: nothing yet, or no line at all). */
export interface RecordedLine {
  counted: number;
  /** The ledger's units when it was counted (at the session's location, or in all). */
  expected: number;
  /** The item's version then: its place in the ledger. */
  version: number;
  price: number;
  by: { uid: string; email: string };
  at: string;
}

/** What the ledger holds of an item for a count: at the session's location, or the whole quantity. */
export const ledgerUnits = (item: Pick<Item, 'quantity'>, holdings: Holdings, locationId: string | undefined) =>
  locationId === undefined ? item.quantity : unitsAt(holdings, locationId);

export const countTarget = (count: Pick<CountSessionState, 'id' | 'name'>, itemId?: string): AuditNote['target'] => ({
  kind: 'count',
  id: count.id,
  name: count.name,
  ...(itemId ? { itemId } : {}),
});

export type RecordingDecision =
  | { ok: false; reason: Extract<CountRefusal, 'not_open' | 'item_not_found' | 'below_zero'> }
  | { ok: true; line: RecordedLine; audit: AuditNote };

/**
 * A line counted (set, or units added to what it had): refused when the session is not open, the item is gone, or
 * the count would go below 0 (or past QUANTITY_MAX). The line keeps the ledger's units of the item at this moment
 * and its version, so the apply keeps every movement made after (docs/decisions/020); its audit entry says who
 * counted what.
 */
export function decideRecording(
  count: CountSessionState,
  item: Item | null,
  holdings: Holdings,
  before: number | null,
  recording: CountRecording,
  by: Author,
  at: string,
): RecordingDecision {
  if (!count.open) return { ok: false, reason: 'not_open' };
  if (!item) return { ok: false, reason: 'item_not_found' };
  const counted = 'set' in recording ? recording.set : (before ?? 0) + recording.add;
  if (counted < 0 || counted > QUANTITY_MAX) return { ok: false, reason: 'below_zero' };
  return {
    ok: true,
    line: {
      counted,
      expected: ledgerUnits(item, holdings, count.locationId),
      version: item.version,
      price: item.price,
      by: { uid: by.uid, email: by.email },
      at,
    },
    audit: {
      action: 'count.record',
      target: countTarget(count, item._id),
      changes: { [item.name]: [before, counted] },
    },
  };
}

/**
 * What the apply writes for one line: counted − `expected` (the ledger's units when it was counted; for an
 * uncounted line counted as zero, its units now) as a `count` movement on the item as it is now, so movements
 * made since stay. The units come out of the session's location (or, without one, where most are) and go into it
 * (or Main); never more than are there, never past QUANTITY_MAX. Null: nothing to write (no variance, or the
 * item's stock there is already what the count says).
 */
export function decideCountLine(
  count: CountSessionState,
  item: Item,
  holdings: Holdings,
  line: { counted: number; expected: number },
  by: Author,
  at: string,
): ItemWrite | null {
  const { locationId } = count;
  const floor = -ledgerUnits(item, holdings, locationId);
  const delta = Math.min(Math.max(line.counted - line.expected, floor), QUANTITY_MAX - item.quantity);
  if (delta === 0) return null;
  let places: PlaceDelta[];
  if (locationId !== undefined) places = [{ locationId, delta }];
  else if (delta > 0) places = [{ locationId: MAIN_LOCATION_ID, delta }];
  else places = takeFrom(holdings, -delta)!;
  return stockMove(item, {
    delta,
    reason: 'count',
    action: 'stock.count',
    actor: { ...by, reason: by.reason ?? count.name },
    at,
    note: count.name,
    places,
  });
}

/** The audit entry of a session's apply: how many lines, and the movements written. */
export const appliedNote = (count: CountSessionState, counted: number, movements: number): AuditNote => ({
  action: 'count.apply',
  target: countTarget(count),
  changes: { lines: [null, counted], movements: [null, movements] },
});
