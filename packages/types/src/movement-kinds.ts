/**
 * Every movement reason of the stock ledger, and what a movement of it is, in
 * one table (decision 017). Whatever classifies a movement reads it: the
 * SQLite triggers and the MongoDB documents that keep the dashboard's day
 * totals (dayTotalsOf and the reason lists below), the low-stock rule, the
 * undo, the routes' texts and the web's item history. Zod-free, for the web.
 *
 * A movement's delta is signed; what its units count as is the kind of its
 * reason in that direction (`in` for a delta above 0, `out` below; null: a
 * movement of the reason never goes that way). `zero`: a delta of 0 is
 * allowed (an item created or deleted empty).
 */
export const MOVEMENT_KIND_NAMES = [
  'opening',
  'received',
  'delivered',
  'removed',
  'correction',
  'deletion',
  'transfer',
] as const;
export type MovementKind = (typeof MOVEMENT_KIND_NAMES)[number];

/**
 * What a movement of each kind counts in. `dayTotals`: the day's units in or
 * out (GET /api/stats movementsByDay: the warehouse's units then are the units
 * before plus the in less the out); `topMovers`: its units out are the item's
 * (the top movers: what went out of a kept item); `alerts`: it may raise a
 * low-stock alert (stock-alerts.ts).
 */
export const KIND_COUNTS = {
  /** The stock an item starts with (created, or an item from before the ledger). */
  opening: { dayTotals: true, topMovers: true, alerts: false },
  /** Goods in from a supplier. */
  received: { dayTotals: true, topMovers: true, alerts: true },
  /** Goods out to a customer, or back in when a delivery is cancelled. */
  delivered: { dayTotals: true, topMovers: true, alerts: true },
  /** Stock taken away by hand (spoilt, lost, used: the stock form), or an edit that lowers the quantity. */
  removed: { dayTotals: true, topMovers: true, alerts: true },
  /** The quantity set right: an edit, an import, an undo. */
  correction: { dayTotals: true, topMovers: true, alerts: true },
  /** The whole stock of an item that is deleted: out of the warehouse, no item's mover. */
  deletion: { dayTotals: true, topMovers: false, alerts: false },
  /** Stock moved between locations (soon): the warehouse's units do not change. */
  transfer: { dayTotals: false, topMovers: false, alerts: true },
} as const satisfies Record<MovementKind, { dayTotals: boolean; topMovers: boolean; alerts: boolean }>;

/** What POST /movements/:id/undo does with a movement: `undo` it, tell to `cancel` its delivery instead, or `none`. */
export type UndoPolicy = 'undo' | 'cancel' | 'none';

export interface MovementKindRow {
  /** For people: the item history's Reason column. */
  label: string;
  /** How a sentence names one (the undo's route texts). */
  noun: string;
  in: MovementKind | null;
  out: MovementKind | null;
  zero: boolean;
  undo: UndoPolicy;
}

/**
 * The table. Its order is MOVEMENT_REASONS' (the API's enum of `reason`). A
 * new reason is a row here first (docs/decisions/017-movement-kinds.md).
 */
export const MOVEMENT_KINDS = {
  created: { label: 'Added', noun: 'a creation', in: 'opening', out: null, zero: true, undo: 'none' },
  restock: { label: 'Restock', noun: 'a restock', in: 'received', out: null, zero: false, undo: 'undo' },
  // The stock form's removal (−), or an edit of the quantity (either way).
  adjust: { label: 'Adjustment', noun: 'a removal', in: 'correction', out: 'removed', zero: false, undo: 'undo' },
  delivery: { label: 'Delivery', noun: 'a delivery', in: null, out: 'delivered', zero: false, undo: 'cancel' },
  // A delivery taken back: its units come in again.
  cancel: { label: 'Delivery cancelled', noun: 'a cancel', in: 'delivered', out: null, zero: false, undo: 'none' },
  deleted: { label: 'Deleted', noun: 'a deletion', in: null, out: 'deletion', zero: true, undo: 'none' },
  // A CSV import set the quantity (new − current).
  import: {
    label: 'CSV import',
    noun: 'an import’s change',
    in: 'correction',
    out: 'correction',
    zero: false,
    undo: 'undo',
  },
  // The movement named by `undoOf` taken back.
  undo: { label: 'Undo', noun: 'an undo', in: 'correction', out: 'correction', zero: false, undo: 'none' },
} as const satisfies Record<string, MovementKindRow>;

type Table = typeof MOVEMENT_KINDS;

/**
 * Why an item's quantity moved. `import`: a CSV import set the quantity (new − current); `undo`: the
 * movement named by `undoOf` taken back (POST /movements/:id/undo).
 */
export const MOVEMENT_REASONS = Object.keys(MOVEMENT_KINDS) as unknown as readonly [keyof Table, ...(keyof Table)[]];
export type MovementReason = keyof Table;

type ReasonsWithUndo<P extends UndoPolicy> = {
  [R in MovementReason]: Table[R]['undo'] extends P ? R : never;
}[MovementReason];
/** The movements POST /movements/:id/undo takes back; a delivery is cancelled instead, the rest are not undone. */
export const UNDOABLE_REASONS = reasonsWhere((row) => row.undo === 'undo') as readonly ReasonsWithUndo<'undo'>[];
export const isUndoable = (reason: MovementReason): boolean => MOVEMENT_KINDS[reason].undo === 'undo';
/** What the undo does with a movement of this reason. */
export const undoPolicyOf = (reason: MovementReason): UndoPolicy => MOVEMENT_KINDS[reason].undo;

/** The reasons whose row passes `test`, in the table's order. */
export function reasonsWhere(test: (row: MovementKindRow, reason: MovementReason) => boolean): MovementReason[] {
  return MOVEMENT_REASONS.filter((reason) => test(MOVEMENT_KINDS[reason], reason));
}

/**
 * What a movement of `reason` with this delta counts as (a delta of 0: its reason's one kind, an item
 * created or deleted empty); null for a way its reason never goes.
 */
export function kindOf(reason: MovementReason, delta: number): MovementKind | null {
  const row: MovementKindRow = MOVEMENT_KINDS[reason];
  return delta > 0 ? row.in : delta < 0 ? row.out : (row.in ?? row.out);
}

/** The reasons whose movements going `way` count in `count` (KIND_COUNTS). */
export function reasonsCounted(way: 'in' | 'out', count: keyof (typeof KIND_COUNTS)['opening']): MovementReason[] {
  return reasonsWhere((row) => row[way] !== null && KIND_COUNTS[row[way]][count]);
}

/** The reasons a movement of delta 0 may have. */
export const ZERO_DELTA_REASONS = reasonsWhere((row) => row.zero);

/**
 * May a change of this cause raise a low-stock alert? A reason may when a kind it has may (not an item's
 * opening stock, not its deletion); `updated`, a change without a movement (a reorder point raised), may.
 */
export function mayRaiseAlert(cause: MovementReason | 'updated'): boolean {
  if (cause === 'updated') return true;
  const row: MovementKindRow = MOVEMENT_KINDS[cause];
  return [row.in, row.out].some((kind) => kind !== null && KIND_COUNTS[kind].alerts);
}

/**
 * One movement's share of the stats' totals: the day's units `in` and `out`,
 * and `itemOut`, the item's units out (the top movers). What SQLite's
 * triggers (store/sqlite/ledger-triggers.ts, from the same lists) and the
 * MongoDB ledger's day documents add.
 */
export function dayTotalsOf(reason: MovementReason, delta: number): { in: number; out: number; itemOut: number } {
  const kind = kindOf(reason, delta);
  if (kind === null || delta === 0) return { in: 0, out: 0, itemOut: 0 };
  const counts = KIND_COUNTS[kind];
  const units = Math.abs(delta);
  return {
    in: delta > 0 && counts.dayTotals ? units : 0,
    out: delta < 0 && counts.dayTotals ? units : 0,
    itemOut: delta < 0 && counts.topMovers ? units : 0,
  };
}

/** The label of a reason, for people. */
export const reasonLabel = (reason: MovementReason): string => MOVEMENT_KINDS[reason].label;

/** "a, b or c". */
function listed(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** The undo's words, from the table: what it takes back, what is cancelled instead, what is not undone. */
export const UNDO_TEXTS = {
  undoable: listed(reasonsWhere((row) => row.undo === 'undo').map((reason) => MOVEMENT_KINDS[reason].noun)),
  cancelled: listed(reasonsWhere((row) => row.undo === 'cancel').map((reason) => MOVEMENT_KINDS[reason].noun)),
  never: listed(reasonsWhere((row) => row.undo === 'none').map((reason) => MOVEMENT_KINDS[reason].noun)),
};
