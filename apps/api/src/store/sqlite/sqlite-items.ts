import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import { SYSTEM_ACTOR, type Item, type ItemInput } from '@smart-zone/types/item';
import { decideStockChange } from '../decisions/change-stock';
import { codesAsked, decideCreate } from '../decisions/create-items';
import { decideDelete, decideEmptyDemo, DEMO_ITEMS_MAX } from '../decisions/delete-item';
import { decideEdit } from '../decisions/edit-item';
import { decideUndo } from '../decisions/undo-movement';
import { decideTransfer } from '../decisions/transfer';
import type { PlaceDelta } from '../decisions/places';
import { type BatchTransfer, type ItemStockLine, MAIN_LOCATION_ID, type Transfer } from '@smart-zone/types/location';
import {
  type Author,
  type BatchTransferOutcome,
  type ItemRepository,
  LineRefused,
  type StockChange,
  type TransferOutcome,
  type UndoOutcome,
  type UpdateOutcome,
} from '../ports/items';
import type { ImportRunner } from './import-runner';
import { sqliteImportJob } from './import-job';
import { sqliteItemReads } from './item-reads';
import { sqliteItemWriter } from './item-writes';
import { toItem, type ItemRow, type MovementRow } from './rows';
import { ITEM_BY_CODE } from './schema-codes';
import type { SearchRunner } from './search-runner';
import type { SqliteLedger } from './sqlite-ledger';

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
  const sql = {
    /** The item that has this code, as its SKU or a barcode. */
    byCode: db.prepare<[string], ItemRow>(ITEM_BY_CODE),
    any: db.prepare<[], { one: number }>('SELECT 1 AS one FROM items LIMIT 1'),
    /** A movement by a person (anyone but the system), or a delivery, cancelled or not: a shop's own data. */
    touched: db
      .prepare<[string], number>(
        'SELECT EXISTS (SELECT 1 FROM movements WHERE actor_uid <> ?) OR EXISTS (SELECT 1 FROM deliveries)',
      )
      .pluck(),
    firstItems: db.prepare<[number], ItemRow>('SELECT * FROM items ORDER BY seq LIMIT ?'),
    movement: db.prepare<[string], MovementRow>(
      'SELECT m.*, u.id AS undone_by FROM movements m LEFT JOIN movements u ON u.undo_of = m.id WHERE m.id = ?',
    ),
    locationPath: db.prepare<[string], string>('SELECT path FROM locations WHERE id = ?').pluck(),
    paths: db.prepare<[string], { id: string; path: string }>(
      'SELECT id, path FROM locations WHERE id IN (SELECT value FROM json_each(?))',
    ),
    stockPaths: db.prepare<[string], ItemStockLine>(
      `SELECT s.location_id AS locationId, l.path, s.quantity FROM item_stock s JOIN locations l ON l.id = s.location_id
       WHERE s.item_id = ? ORDER BY l.path_key`,
    ),
  };
  /** A location's path, or null when there is no such location. */
  const pathOf = (locationId: string): string | null => sql.locationPath.get(locationId) ?? null;
  const holderOf = (code: string) => {
    const row = sql.byCode.get(code);
    return row ? { id: row.id, name: row.name } : undefined;
  };
  const importJob = sqliteImportJob(db, ledger, holderOf);

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
      const holdings = writer.holdings(before);
      const decision = decideEdit(before ? toItem(before) : null, holdings, input, read, actor, now(), expectedVersion);
      if (!decision.ok || !decision.changed) return decision;
      writer.apply(decision.write, before!);
      ledger.bumpRevision();
      return { ok: true, item: decision.write.item!, changed: true };
    },
  );

  const changeStock = db.transaction((id: string, change: StockChange, actor: Author) => {
    const before = writer.read(id);
    const found = change.locationId === undefined || pathOf(change.locationId) !== null;
    const item = before ? toItem(before) : null;
    const decision = decideStockChange(item, writer.holdings(before), change, actor, now(), found);
    if (!decision.ok) return decision;
    const movementId = writer.apply(decision.write, before!);
    ledger.bumpRevision();
    return { ok: true as const, item: decision.write.item!, movementId: movementId! };
  });

  /** One move, inside the caller's transaction: the paths of the locations it names and the item holds, read once. */
  function transferOne(id: string, asked: Transfer, actor: Author): TransferOutcome {
    const before = writer.read(id);
    const holdings = writer.holdings(before);
    const named = [asked.to, ...(asked.from ? [asked.from] : []), MAIN_LOCATION_ID, ...holdings.others.keys()];
    const paths = new Map(sql.paths.all(JSON.stringify(named)).map((row) => [row.id, row.path]));
    const decision = decideTransfer(before ? toItem(before) : null, holdings, asked, paths, actor, now());
    if (!decision.ok) return decision;
    const movementId = writer.apply(decision.write, before!);
    return { ok: true, item: decision.write.item!, movementId: movementId! };
  }

  const transfer = db.transaction((id: string, asked: Transfer, actor: Author): TransferOutcome => {
    const outcome = transferOne(id, asked, actor);
    if (outcome.ok) ledger.bumpRevision();
    return outcome;
  });

  /** Every line or none: the first refused throws, taking back the ones before it. */
  const transferLines = db.transaction(({ to, note, lines }: BatchTransfer, actor: Author): string[] =>
    ledger.countingTogether(() => {
      const movementIds = lines.map(({ itemId, from, quantity }, line) => {
        const asked = { to, quantity, ...(from ? { from } : {}), ...(note ? { note } : {}) };
        const outcome = transferOne(itemId, asked, actor);
        if (!outcome.ok) throw new LineRefused(line, itemId, outcome);
        return outcome.movementId;
      });
      ledger.bumpRevision();
      return movementIds;
    }),
  );
  const transferMany = (batch: BatchTransfer, actor: Author): BatchTransferOutcome => {
    try {
      return { ok: true, movementIds: transferLines(batch, actor) };
    } catch (error) {
      if (error instanceof LineRefused) return error.outcome;
      throw error;
    }
  };

  /** Where an item's units are, Main first (its path is its name) then by path. */
  function stockByLocation(id: string): ItemStockLine[] | null {
    const row = writer.read(id);
    if (!row) return null;
    const main = row.quantity - (row.placed ?? 0);
    const others = row.placed ? sql.stockPaths.all(id) : [];
    return [
      ...(main > 0 ? [{ locationId: MAIN_LOCATION_ID, path: pathOf(MAIN_LOCATION_ID)!, quantity: main }] : []),
      ...others,
    ];
  }

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
      ...(row.places_json ? { places: JSON.parse(row.places_json) as PlaceDelta[] } : {}),
    };
    const item = before ? toItem(before) : null;
    const exists = (locationId: string) => pathOf(locationId) !== null;
    const decision = decideUndo(movement ?? null, item, writer.holdings(before), exists, by, now(), limit);
    if (!decision.ok) return decision;
    const undoId = writer.apply(decision.write, before!);
    ledger.bumpRevision();
    return { ok: true, item: decision.write.item!, movementId: undoId! };
  });

  const remove = db.transaction((id: string, actor: Author): boolean => {
    const before = writer.read(id);
    const write = decideDelete(before ? toItem(before) : null, writer.holdings(before), actor, now());
    if (!write) return false;
    writer.apply(write, before!);
    ledger.bumpRevision();
    return true;
  });

  /** The demo's items (one more than it may have: then it is not the demo), and whether a person wrote since. */
  function demoState() {
    const rows = sql.firstItems.all(DEMO_ITEMS_MAX + 1);
    return { rows, touched: sql.touched.get(SYSTEM_ACTOR.uid) === 1 || rows.length === 0 };
  }

  const emptyDemo = db.transaction((by: Author) => {
    const { rows, touched } = demoState();
    const items = rows.map((row) => ({ item: toItem(row), holdings: writer.holdings(row) }));
    const decision = decideEmptyDemo(touched, items, by, now());
    if (!decision.ok) return decision;
    ledger.countingTogether(() => decision.writes.forEach((write, index) => writer.apply(write, rows[index]!)));
    ledger.bumpRevision();
    return { ok: true as const, removed: rows.length };
  });

  /** After each commit: the feed announces it (and anything other processes committed before it). */
  const committed = <T>(value: T): T => {
    onCommitted();
    return value;
  };

  const repository: ItemRepository = {
    ...sqliteItemReads(db, searches, ledger.clock),
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
    async transfer(id, asked, actor) {
      return committed(transfer(id, asked, actor));
    },
    async transferMany(batch, actor) {
      return committed(transferMany(batch, actor));
    },
    async stockByLocation(id) {
      return stockByLocation(id);
    },
    async undo(movementId, by, limit) {
      return committed(undo(movementId, by, limit));
    },
    async importRows(rows, { by, apply, ...options }) {
      return committed(
        imports ? await imports.run(rows, by, apply, options) : await importJob.run(rows.all(), by, apply, options),
      );
    },
    async remove(id, actor) {
      return committed(remove(id, actor));
    },
    async demoOnly() {
      const { rows, touched } = demoState();
      return !touched && rows.length <= DEMO_ITEMS_MAX;
    },
    async emptyDemo(by) {
      return committed(emptyDemo(by));
    },
  };

  return {
    repository,
    /** Imports in the caller's thread (the import worker's), and what a process that died left undone. */
    imports: importJob,
    isEmpty: () => !sql.any.get(),
    /** Inside the caller's transaction (the demo seed, with its marker). */
    insertMany: (inputs: readonly ItemInput[]) => createMany(inputs, SYSTEM_ACTOR),
  };
}
