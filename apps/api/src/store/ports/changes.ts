import type { AlertKind } from '@smart-zone/types/alert';
import type { MovementReason } from '@smart-zone/types/item';

/** Why an item changed: its movement's reason, or `updated` for fields alone (no stock moved). */
export type ChangeCause = MovementReason | 'updated';

/**
 * One committed change of an item, as the change feed announces it: once,
 * after commit, in commit order. Nothing personal: who made it is the
 * history's and the audit's.
 */
export interface StoreChange {
  /** Opaque; grows in commit order within one store (one SQLite file, one MongoDB database). */
  id: string;
  itemId: string;
  cause: ChangeCause;
  /** The item's quantity after the change (0 once deleted). */
  quantity: number;
  /** The item's reorder point after the change. */
  minStock: number;
  /** The item's version after the change; null once deleted. */
  version: number | null;
  /** The stock movement the change appended (all but `updated`). */
  movement?: { id: string; delta: number; deliveryId?: string };
  /** The alert the change raised, written in the same transaction (see stock-alerts.ts). */
  alert?: { id: string; kind: AlertKind };
  at: string;
}

/**
 * Every committed change, from every process that writes to the same store:
 * SQLite announces its own commits right after them and learns other
 * processes' within a second; MongoDB follows a change stream. A listener
 * hears the changes committed after it subscribed (docs/decisions/010).
 */
export interface ChangeFeed {
  subscribe(listener: (change: StoreChange) => void): () => void;
}
