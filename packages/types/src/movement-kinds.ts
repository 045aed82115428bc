/**
 * Every movement reason of the stock ledger, and what a movement of it is, in
 * one table (decision 017). Whatever classifies a movement reads it: the
 * SQLite triggers and the MongoDB documents that keep the dashboard's day
 * buckets (dayTotalsOf, and the SQL made from the table in schema-stats.ts), the low-stock rule, the
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
 * The dashboard's buckets (GET /api/stats movementsByDay, issue 32): what the
 * units of a day's movements were. `received`: goods in from a supplier;
 * `delivered`: goods out to customers, less the deliveries cancelled;
 * `removed`: stock taken away for a reason; `corrections`: the quantity set
 * right (signed: + up, − down); `opening`: the stock items started with;
 * `deletions`: the stock of items deleted. Each counts its units the way it
 * goes (BUCKET_SIGNS): in for received, opening and corrections, out for the
 * others.
 */
export const DAY_BUCKETS = ['received', 'delivered', 'removed', 'corrections', 'opening', 'deletions'] as const;
export type DayBucket = (typeof DAY_BUCKETS)[number];
/** A movement's delta as its bucket counts it: +delta for units in, −delta for units out. */
export const BUCKET_SIGNS: Readonly<Record<DayBucket, 1 | -1>> = {
  received: 1,
  delivered: -1,
  removed: -1,
  corrections: 1,
  opening: 1,
  deletions: -1,
};

/**
 * What a movement of each kind counts in. `bucket`: the dashboard's day
 * bucket (DAY_BUCKETS; null: none); `topMovers`: its units are the item's
 * (the top movers: the units delivered); `alerts`: it may raise a low-stock
 * alert (stock-alerts.ts).
 */
export const KIND_COUNTS = {
  /** The stock an item starts with (created, or an item from before the ledger). */
  opening: { bucket: 'opening', topMovers: false, alerts: false },
  /** Goods in from a supplier (a restock, an import that adds). */
  received: { bucket: 'received', topMovers: false, alerts: true },
  /** Goods out to a customer, or back in when a delivery is cancelled. */
  delivered: { bucket: 'delivered', topMovers: true, alerts: true },
  /**
   * Stock taken away by hand (spoilt, lost, used: the stock form's `adjust`); an `adjust` from before edits of
   * the quantity had their own reason that no sure sign tells from a removal (migration 13) stays one.
   */
  removed: { bucket: 'removed', topMovers: false, alerts: true },
  /** The quantity set right: an edit of it (either way), an import that lowers it. */
  correction: { bucket: 'corrections', topMovers: false, alerts: true },
  /** The whole stock of an item that is deleted: out of the warehouse, no item's mover. */
  deletion: { bucket: 'deletions', topMovers: false, alerts: false },
  /** Stock moved between locations (issue 34): the warehouse's units do not change. */
  transfer: { bucket: null, topMovers: false, alerts: true },
} as const satisfies Record<MovementKind, { bucket: DayBucket | null; topMovers: boolean; alerts: boolean }>;

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
  // The stock form's removal (−). Before `edit` (issue 32), a PUT's change of the quantity too (+ only by a PUT).
  adjust: { label: 'Adjustment', noun: 'a removal', in: 'correction', out: 'removed', zero: false, undo: 'undo' },
  delivery: { label: 'Delivery', noun: 'a delivery', in: null, out: 'delivered', zero: false, undo: 'cancel' },
  // A delivery taken back: its units come in again.
  cancel: { label: 'Delivery cancelled', noun: 'a cancel', in: 'delivered', out: null, zero: false, undo: 'none' },
  deleted: { label: 'Deleted', noun: 'a deletion', in: null, out: 'deletion', zero: true, undo: 'none' },
  // A CSV import set the quantity (new − current): more is goods received, less a correction.
  import: {
    label: 'CSV import',
    noun: 'an import’s change',
    in: 'received',
    out: 'correction',
    zero: false,
    undo: 'undo',
  },
  // The movement named by `undoOf` taken back: it counts as that movement, its units the other way
  // (countedKindOf); its own kinds only when that movement is unknown.
  // Of 0 units when it takes back a transfer (its places moved back).
  undo: { label: 'Undo', noun: 'an undo', in: 'correction', out: 'correction', zero: true, undo: 'none' },
  // A PUT that changed the quantity (new − current): the quantity set right, either way (issue 32).
  edit: {
    label: 'Quantity edited',
    noun: 'a quantity edit',
    in: 'correction',
    out: 'correction',
    zero: false,
    undo: 'undo',
  },
  // Units moved from one location to another (issue 34): delta 0, the movement's places say from where to where.
  transfer: { label: 'Moved', noun: 'a transfer', in: 'transfer', out: 'transfer', zero: true, undo: 'undo' },
  // A count's apply (issue 35): counted − what the ledger had when the line was counted, a correction either way.
  count: {
    label: 'Counted',
    noun: 'a count’s correction',
    in: 'correction',
    out: 'correction',
    zero: false,
    undo: 'undo',
  },
} as const satisfies Record<string, MovementKindRow>;

type Table = typeof MOVEMENT_KINDS;

/**
 * Why an item's quantity moved. `import`: a CSV import set the quantity (new − current); `undo`: the
 * movement named by `undoOf` taken back (POST /movements/:id/undo); `edit`: a PUT set it (new − current).
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

/** The reasons whose movements going `way` are of a kind that passes `test`. */
export function reasonsOfKind(way: 'in' | 'out', test: (kind: MovementKind) => boolean): MovementReason[] {
  return reasonsWhere((row) => row[way] !== null && test(row[way]));
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
 * What a movement counts as: its reason's kind the way its delta goes; an undo, the kind of the movement
 * it takes back (`undone`, its reason) the way that one went, so that the two cancel out in one bucket (a
 * +50 restock and its undo change no bucket). An undo of an unknown movement: its own row's kind.
 */
export function countedKindOf(
  reason: MovementReason,
  delta: number,
  undone?: MovementReason | null,
): MovementKind | null {
  return reason === 'undo' && undone ? kindOf(undone, 0 - delta) : kindOf(reason, delta);
}

/** One movement's share of its day: each bucket's units (DAY_BUCKETS), and `itemOut`, its item's (the top movers). */
export type DayShare = Record<DayBucket, number> & { itemOut: number };

/**
 * One movement's share of the stats' totals (countedKindOf, KIND_COUNTS, BUCKET_SIGNS): what the MongoDB
 * ledger's day documents add, and SQLite's triggers in SQL made from the same table (schema-stats.ts).
 */
export function dayTotalsOf(reason: MovementReason, delta: number, undone?: MovementReason | null): DayShare {
  const share: DayShare = {
    received: 0,
    delivered: 0,
    removed: 0,
    corrections: 0,
    opening: 0,
    deletions: 0,
    itemOut: 0,
  };
  const kind = countedKindOf(reason, delta, undone);
  if (kind === null || delta === 0) return share;
  const { bucket, topMovers } = KIND_COUNTS[kind];
  if (bucket === null) return share;
  const units = BUCKET_SIGNS[bucket] * delta;
  share[bucket] = units;
  if (topMovers) share.itemOut = units;
  return share;
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
