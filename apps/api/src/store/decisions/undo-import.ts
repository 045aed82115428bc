import { ITEM_FIELDS, QUANTITY_MAX } from '@smart-zone/types/item';
import { type ItemFields, sameField, sameFields } from '../import-plan';

/*
 * An import is written in chunks, each its own transaction, so that other writes go on between them (both
 * stores: mongo-import.ts, sqlite/import-job.ts). A chunk that cannot be written as planned fails the
 * import (ImportConflictError): its applied chunks are taken back, newest first, by this rule.
 */

/** The reason an import's undo gives its movements and audit entries (its author's otherwise). */
export const IMPORT_UNDONE_REASON = 'Import undone: it failed before its last rows were written';

/** What an applied chunk keeps of an item it updated, to take its change back. */
export interface ImportedUpdate {
  /** The item's version right after the import wrote it. */
  version: number;
  /** Its fields before. */
  before: ItemFields;
  /** The fields the import gave it. */
  wanted?: ItemFields;
}

/**
 * An item an import updated, given back its fields (null: nothing to write). An item nobody wrote since
 * (still at the import's version) gets its fields before, whole. One written since keeps what that write
 * changed: a field still as the import set it goes back, and the quantity moves by the import's delta taken
 * back (within 0..QUANTITY_MAX), so a restock made meanwhile is kept.
 */
export function fieldsAfterImportUndo(
  now: { version: number; fields: ItemFields },
  { version, before, wanted }: ImportedUpdate,
): ItemFields | null {
  const untouched = now.version === version;
  const restored = Object.fromEntries(
    ITEM_FIELDS.map((field) => [
      field,
      untouched || (wanted !== undefined && sameField(field, now.fields, wanted)) ? before[field] : now.fields[field],
    ]),
  ) as ItemFields;
  const importDelta = wanted ? wanted.quantity - before.quantity : 0;
  restored.quantity = untouched
    ? before.quantity
    : Math.min(QUANTITY_MAX, Math.max(0, now.fields.quantity - importDelta));
  return sameFields(now.fields, restored) ? null : restored;
}
