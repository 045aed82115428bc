import { ObjectId } from 'bson';
import type { AuditAction, AuditEntry, AuditTargetKind } from '@smart-zone/types/audit';
import { ITEM_FIELDS, type ItemInput } from '@smart-zone/types/item';
import type { Author } from './store';

type Changes = NonNullable<AuditEntry['changes']>;

/** A field's value as an audit entry keeps it: barcodes as one line each (none: null). */
const auditValue = (value: ItemInput[keyof ItemInput]) =>
  Array.isArray(value) ? (value.length > 0 ? value.join('\n') : null) : (value ?? null);

/**
 * The fields that differ between an item before and after a write, as
 * `{ field: [old, new] }` (null on the side where there is no item: created,
 * deleted). Undefined when nothing differs. Both adapters use it, so an edit
 * is described the same way by either store.
 */
export function itemChanges(before: ItemInput | null, after: ItemInput | null): Changes | undefined {
  const changes: Changes = {};
  for (const field of ITEM_FIELDS) {
    const old = before ? auditValue(before[field]) : null;
    const now = after ? auditValue(after[field]) : null;
    if (old !== now) changes[field] = [old, now];
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/** What a write path says of itself; the ledger (or the team) adds the actor, time and ids. */
export interface AuditNote {
  action: AuditAction;
  target: { kind: AuditTargetKind; id: string; name: string; itemId?: string };
  changes?: Changes;
}

/** The entry a write appends: its actor and reason come from the Author, its time from the write. */
export function auditEntry(note: AuditNote, by: Author, at: string, movementId?: string | null): AuditEntry {
  return {
    _id: new ObjectId().toHexString(),
    at,
    actor: { uid: by.uid, email: by.email },
    action: note.action,
    target: note.target,
    ...(note.changes ? { changes: note.changes } : {}),
    ...(by.reason ? { reason: by.reason } : {}),
    ...(movementId ? { movementId } : {}),
    requestId: by.requestId ?? '',
  };
}
