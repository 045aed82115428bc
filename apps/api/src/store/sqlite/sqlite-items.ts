import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import { SYSTEM_ACTOR, type Item, type ItemInput } from '@smart-zone/types/item';
import { decideStockChange } from '../decisions/change-stock';
import { codesAsked, decideCreate } from '../decisions/create-items';
import { decideDelete } from '../decisions/delete-item';
import { decideEdit } from '../decisions/edit-item';
import { decideUndo } from '../decisions/undo-movement';
import { importChunks } from '../import-chunks';
import { importOptions, importOutcome, type ImportLookup, keysOf, planImport } from '../import-plan';
import type {
  Author,
  ImportOptions,
  ImportOutcome,
  ImportRow,
  ItemRepository,
  StockChange,
  UndoOutcome,
  UpdateOutcome,
} from '../ports/items';
import type { ImportRunner } from './import-runner';
import { sqliteImportWriter } from './import-writes';
import { sqliteItemReads } from './item-reads';
import { sqliteItemWriter } from './item-writes';
import { toItem, type ItemRow, type MovementRow } from './rows';
import { ITEM_BY_CODE } from './schema-codes';
import type { SearchRunner } from './search-runner';
import type { SqliteLedger } from './sqlite-ledger';

/** Keys per lookup statement of an import (json_each of this many ids or SKUs). */
const LOOKUP_BATCH = 500;

/** Now, as every write stamps it. */
const now = () => new Date().toISOString();
const newId = () => new ObjectId().toHexString();

/**
 * The item writes: each reads what its decision (decisions/) needs inside its transaction, calls it, and
 * stores what it decided (item-writes.ts); the reads are item-reads.ts'.
 */
export function sqliteItems(
  db: Database.Database,
  ledger: SqliteLedger,
  onCommitted: () => void,
  searches: SearchRunner,
  /** Where a file's imports run (import-runner.ts): another thread; absent, this one. */
  imports?: ImportRunner,
) {
  const writer = sqliteItemWriter(db, ledger);
  const writeImport = sqliteImportWriter(db, ledger);
  const sql = {
    /** The item that has this code, as its SKU or a barcode. */
    byCode: db.prepare<[string], ItemRow>(ITEM_BY_CODE),
    any: db.prepare<[], { one: number }>('SELECT 1 AS one FROM items LIMIT 1'),
    movement: db.prepare<[string], MovementRow>(
      'SELECT m.*, u.id AS undone_by FROM movements m LEFT JOIN movements u ON u.undo_of = m.id WHERE m.id = ?',
    ),
    manyById: db.prepare<[string], ItemRow>('SELECT * FROM items WHERE id IN (SELECT value FROM json_each(?))'),
    /** The items that have these codes (as SKU or barcode), each with the code it was found by. */
    manyByCode: db.prepare<[string], ItemRow & { found: string }>(
      `SELECT i.*, c.code AS found FROM item_codes c JOIN items i ON i.id = c.item_id
       WHERE c.code IN (SELECT value FROM json_each(?))`,
    ),
    manyByName: db.prepare<[string], ItemRow>('SELECT * FROM items WHERE name IN (SELECT value FROM json_each(?))'),
  };
  const holderOf = (code: string) => {
    const row = sql.byCode.get(code);
    return row ? { id: row.id, name: row.name } : undefined;
  };

  function insertMany(inputs: readonly ItemInput[], actor: Author): Item[] {
    const ids = inputs.map(newId);
    const writes = decideCreate(inputs, { ids, holderOf }, actor, now());
    for (const write of writes) writer.apply(write, null);
    return writes.map((write) => write.item!);
  }

  const create = db.transaction((input: ItemInput, actor: Author) => {
    const [item] = insertMany([input], actor);
    ledger.bumpRevision();
    return item!;
  });

  const createMany = db.transaction((inputs: readonly ItemInput[], actor: Author = SYSTEM_ACTOR) => {
    insertMany(inputs, actor);
    ledger.bumpRevision();
    return inputs.length;
  });

  const update = db.transaction(
    (id: string, input: ItemInput, actor: Author, expectedVersion?: number): UpdateOutcome => {
      const before = writer.read(id);
      const holders = new Map(codesAsked([input]).map((code) => [code, holderOf(code)]));
      const read = { holderOf: (code: string) => holders.get(code) };
      const decision = decideEdit(before ? toItem(before) : null, input, read, actor, now(), expectedVersion);
      if (!decision.ok || !decision.changed) return decision;
      writer.apply(decision.write, before!);
      ledger.bumpRevision();
      return { ok: true, item: decision.write.item!, changed: true };
    },
  );

  const changeStock = db.transaction((id: string, change: StockChange, actor: Author) => {
    const before = writer.read(id);
    const decision = decideStockChange(before ? toItem(before) : null, change, actor, now());
    if (!decision.ok) return decision;
    const movementId = writer.apply(decision.write, before!);
    ledger.bumpRevision();
    return { ok: true as const, item: decision.write.item!, movementId: movementId! };
  });

  const undo = db.transaction((movementId: string, by: Author, limit?: { ownSince: string }): UndoOutcome => {
    const row = sql.movement.get(movementId);
    const before = row ? writer.read(row.item_id) : undefined;
    const movement = row && {
      id: row.id,
      actorUid: row.actor_uid,
      at: row.at,
      reason: row.reason,
      delta: row.delta,
      ...(row.undone_by ? { undoneBy: row.undone_by } : {}),
    };
    const decision = decideUndo(movement ?? null, before ? toItem(before) : null, by, now(), limit);
    if (!decision.ok) return decision;
    const undoId = writer.apply(decision.write, before!);
    ledger.bumpRevision();
    return { ok: true, item: decision.write.item!, movementId: undoId! };
  });

  /** The items an import's rows name, read inside its transaction, a batch of keys per statement. */
  function importLookup(rows: readonly ImportRow[], options: ImportOptions): ImportLookup {
    const { ids, skus, names } = keysOf(rows, options);
    const byId = new Map<string, Item>();
    const bySku = new Map<string, Item>();
    const byName = new Map<string, Item[]>();
    for (let at = 0; at < ids.length; at += LOOKUP_BATCH) {
      for (const row of sql.manyById.all(JSON.stringify(ids.slice(at, at + LOOKUP_BATCH))))
        byId.set(row.id, toItem(row));
    }
    for (let at = 0; at < skus.length; at += LOOKUP_BATCH) {
      for (const row of sql.manyByCode.all(JSON.stringify(skus.slice(at, at + LOOKUP_BATCH)))) {
        bySku.set(row.found, byId.get(row.id) ?? toItem(row));
      }
    }
    for (let at = 0; at < names.length; at += LOOKUP_BATCH) {
      for (const row of sql.manyByName.all(JSON.stringify(names.slice(at, at + LOOKUP_BATCH)))) {
        byName.set(row.name, [...(byName.get(row.name) ?? []), byId.get(row.id) ?? toItem(row)]);
      }
    }
    return { byId: (id) => byId.get(id), bySku: (sku) => bySku.get(sku), byName: (name) => byName.get(name) ?? [] };
  }
  /** An import, planned and (when asked and clean) written in the one transaction this runs in. */
  const importRows = (
    rows: readonly ImportRow[],
    by: Author,
    apply: boolean,
    asked: Partial<ImportOptions> = {},
  ): ImportOutcome => {
    const options = importOptions(asked);
    const lookup = importLookup(rows, options);
    const plan = planImport(rows, lookup, options);
    const outcome = importOutcome(rows.length, plan, options);
    if (!apply || !outcome.ok) return outcome;
    // In the order MongoDB records them too (importChunks): all in this one transaction (import-writes.ts).
    const chunks = importChunks(plan.planned);
    writeImport(chunks, lookup, by, now());
    if (chunks.length > 0) ledger.bumpRevision();
    return outcome;
  };
  const importTransaction = db.transaction(importRows);
  /** Writing takes the file's write lock at once (IMMEDIATE); a dry run only reads, in one snapshot. */
  const importHere = (rows: readonly ImportRow[], by: Author, apply: boolean, options?: Partial<ImportOptions>) =>
    apply ? importTransaction.immediate(rows, by, apply, options) : importTransaction(rows, by, apply, options);

  const remove = db.transaction((id: string, actor: Author): boolean => {
    const before = writer.read(id);
    const write = decideDelete(before ? toItem(before) : null, actor, now());
    if (!write) return false;
    writer.apply(write, before!);
    ledger.bumpRevision();
    return true;
  });

  /** After each commit: the feed announces it (and anything other processes committed before it). */
  const committed = <T>(value: T): T => {
    onCommitted();
    return value;
  };

  const repository: ItemRepository = {
    ...sqliteItemReads(db, searches),
    revision() {
      return Promise.resolve(ledger.revision());
    },
    async create(input, actor) {
      return committed(create(input, actor));
    },
    async createMany(inputs, actor) {
      return committed(createMany(inputs, actor));
    },
    async update(id, input, actor, expectedVersion) {
      return committed(update(id, input, actor, expectedVersion));
    },
    async changeStock(id, change, actor) {
      return committed(changeStock(id, change, actor));
    },
    async undo(movementId, by, limit) {
      return committed(undo(movementId, by, limit));
    },
    async importRows(rows, { by, apply, ...options }) {
      return committed(
        imports ? await imports.run(rows, by, apply, options) : importHere(rows.all(), by, apply, options),
      );
    },
    async remove(id, actor) {
      return committed(remove(id, actor));
    },
  };

  return {
    repository,
    /** An import in the caller's thread, in a transaction of its own (the import worker's). */
    importRows: importHere,
    isEmpty: () => !sql.any.get(),
    /** Inside the caller's transaction (the demo seed, with its marker). */
    insertMany: (inputs: readonly ItemInput[]) => createMany(inputs, SYSTEM_ACTOR),
  };
}
