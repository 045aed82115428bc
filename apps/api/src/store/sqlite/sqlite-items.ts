import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import {
  assertStorableQuantity,
  isUndoable,
  ITEM_FIELDS,
  QUANTITY_MAX,
  SYSTEM_ACTOR,
  type Actor,
  type Item,
  type ItemInput,
  storedSku,
} from '@smart-zone/types/item';
import { boundedCache, OBJECT_BYTES, textBytes } from '../../bounded-cache';
import { itemChanges } from '../audit-entries';
import { importOutcome, type ImportLookup, type ItemFields, keysOf, planImport } from '../import-plan';
import {
  type Author,
  type ImportOutcome,
  type ImportRow,
  type ItemFilter,
  type ItemRepository,
  type LedgerLine,
  SkuTakenError,
  type StockChange,
  type StockOutcome,
  type UndoOutcome,
  type UpdateOutcome,
} from '../store';
import type { ImportRunner } from './import-runner';
import { toItem, toMovement, type ItemRow, type MovementRow } from './rows';
import { isTrigramSearch, itemQueries, STREAM_BATCH } from './item-queries';
import type { SearchRunner } from './search-runner';
import { sqliteGrams } from './short-search';
import type { SqliteLedger } from './sqlite-ledger';

/** An item's editable fields as columns: `minStock` is `min_stock`, every other field its own name. */
const column = (field: keyof ItemInput) => (field === 'minStock' ? 'min_stock' : field);

/** An item's object (a dozen properties) and its texts, as they take the heap. */
const itemBytes = (item: Item) =>
  2 * OBJECT_BYTES +
  [item._id, item.name, item.supplier, item.description, item.img, item.sku ?? '', item.createdAt, item.updatedAt]
    .map(textBytes)
    .reduce((sum, bytes) => sum + bytes, 0);

/** Keys per lookup statement of an import (json_each of this many ids or SKUs). */
const LOOKUP_BATCH = 500;

export function sqliteItems(
  db: Database.Database,
  ledger: SqliteLedger,
  onCommitted: () => void,
  searches: SearchRunner,
  /** Where a file's imports run (import-runner.ts): another thread; absent, this one. */
  imports?: ImportRunner,
) {
  const grams = sqliteGrams(db);
  const sql = {
    get: db.prepare<[string], ItemRow>('SELECT * FROM items WHERE id = ?'),
    bySku: db.prepare<[string], ItemRow>('SELECT * FROM items WHERE sku = ?'),
    version: db.prepare<[string], number>('SELECT version FROM items WHERE id = ?').pluck(),
    insert: db.prepare(
      `INSERT INTO items (id, name, supplier, price, quantity, description, img, min_stock, sku, created_at, updated_at,
         version, created_by_uid, created_by_email, updated_by_uid, updated_by_email)
       VALUES (@id, @name, @supplier, @price, @quantity, @description, @img, @min_stock, @sku, @created_at, @updated_at,
         @version, @created_by_uid, @created_by_email, @updated_by_uid, @updated_by_email)`,
    ),
    update: db.prepare(
      `UPDATE items SET name = @name, supplier = @supplier, price = @price, quantity = @quantity,
         description = @description, img = @img, min_stock = @min_stock, sku = @sku, version = version + 1,
         updated_at = @updated_at,
         updated_by_uid = @updated_by_uid, updated_by_email = @updated_by_email
       WHERE id = @id RETURNING *`,
    ),
    setStock: db.prepare(
      `UPDATE items SET quantity = @quantity, version = version + 1, updated_at = @updated_at,
         updated_by_uid = @updated_by_uid, updated_by_email = @updated_by_email
       WHERE id = @id RETURNING *`,
    ),
    remove: db.prepare<[string]>('DELETE FROM items WHERE id = ?'),
    any: db.prepare<[], { one: number }>('SELECT 1 AS one FROM items LIMIT 1'),
    history: db.prepare<[string, number, number], MovementRow>(
      `SELECT m.*, u.id AS undone_by FROM movements m LEFT JOIN movements u ON u.undo_of = m.id
       WHERE m.item_id = ? ORDER BY m.seq DESC LIMIT ? OFFSET ?`,
    ),
    movement: db.prepare<[string], MovementRow>(
      'SELECT m.*, u.id AS undone_by FROM movements m LEFT JOIN movements u ON u.undo_of = m.id WHERE m.id = ?',
    ),
    manyById: db.prepare<[string], ItemRow>('SELECT * FROM items WHERE id IN (SELECT value FROM json_each(?))'),
    manyBySku: db.prepare<[string], ItemRow>('SELECT * FROM items WHERE sku IN (SELECT value FROM json_each(?))'),
    historyCount: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM movements WHERE item_id = ?'),
  };

  // Items read lately, as frozen objects: while an item's version is the same
  // (every write moves it on), a read is one indexed lookup of the version and
  // answers the very same object, so callers may keep what they derive from it
  // (the route keeps its JSON). 10,000 items and 16 MB at most, an item counted
  // twice: itself, and as much again for the JSON the route keeps while we keep
  // the item (~1,100 bytes in all measured for a seeded item; counted ~1,700).
  const recent = boundedCache<Item>({
    max: 10_000,
    maxBytes: 16 * 1024 * 1024,
    bytesOf: (item) => 2 * itemBytes(item),
  });
  const frozen = (item: Item): Item => Object.freeze(item);

  function readItem(id: string): Item | null {
    const known = recent.get(id);
    if (known && sql.version.get(id) === known.version) return known;
    const row = sql.get.get(id);
    if (!row) {
      recent.delete(id);
      return null;
    }
    const item = frozen(toItem(row));
    recent.set(id, item);
    return item;
  }

  const byActor = (actor: Actor, prefix: 'created_by' | 'updated_by') => ({
    [`${prefix}_uid`]: actor.uid,
    [`${prefix}_email`]: actor.email,
  });

  /** Inside the write's transaction (one writer at a time): another item with this SKU refuses the write. */
  function assertSkuFree(sku: string, itemId: string | null) {
    const holder = sql.bySku.get(sku);
    if (holder && holder.id !== itemId) throw new SkuTakenError(sku, { id: holder.id, name: holder.name });
  }

  function insertOne(input: ItemInput, actor: Author) {
    assertStorableQuantity(input.quantity);
    const now = new Date().toISOString();
    const { minStock = 0, sku: givenSku, ...fields } = input;
    const sku = storedSku(givenSku) ?? null;
    if (sku !== null) assertSkuFree(sku, null);
    const row = {
      id: new ObjectId().toHexString(),
      ...fields,
      min_stock: minStock,
      sku,
      created_at: now,
      updated_at: now,
      version: 1,
      ...byActor(actor, 'created_by'),
      ...byActor(actor, 'updated_by'),
    } as ItemRow;
    const { lastInsertRowid } = sql.insert.run(row);
    grams.index(Number(lastInsertRowid), input.name, input.supplier);
    ledger.record({
      itemId: row.id,
      itemName: row.name,
      cause: 'created',
      actor,
      audit: {
        action: 'item.create',
        target: { kind: 'item', id: row.id, name: row.name },
        changes: itemChanges(null, { ...input, minStock, sku }),
      },
      at: now,
      before: null,
      after: { quantity: row.quantity, minStock, version: 1 },
      movement: { delta: input.quantity, reason: 'created' },
    });
    return toItem(row);
  }

  const create = db.transaction((input: ItemInput, actor: Author) => {
    const item = insertOne(input, actor);
    ledger.bumpRevision();
    return item;
  });

  const insertMany = db.transaction((inputs: readonly ItemInput[], actor: Author = SYSTEM_ACTOR) => {
    for (const input of inputs) insertOne(input, actor);
    ledger.bumpRevision();
    return inputs.length;
  });

  /**
   * Writes an item's new fields inside the caller's transaction: a changed quantity is a movement of
   * `quantityReason` (a PUT's `adjust`, an import's `import`) of new − current; the SKU is checked free.
   */
  function writeFields(
    before: ItemRow,
    wanted: ItemFields,
    actor: Author,
    quantityReason: 'adjust' | 'import',
  ): ItemRow {
    if (wanted.sku !== null && wanted.sku !== before.sku) assertSkuFree(wanted.sku, before.id);
    const now = new Date().toISOString();
    const { minStock, ...fields } = wanted;
    const after = sql.update.get({
      id: before.id,
      ...fields,
      min_stock: minStock,
      updated_at: now,
      ...byActor(actor, 'updated_by'),
    }) as ItemRow;
    if (after.name !== before.name || after.supplier !== before.supplier) {
      grams.reindex(after.seq!, before, after);
    }
    const delta = after.quantity - before.quantity;
    ledger.record({
      itemId: before.id,
      itemName: after.name,
      cause: delta === 0 ? 'updated' : quantityReason,
      actor,
      audit: {
        action: 'item.update',
        target: { kind: 'item', id: before.id, name: after.name },
        changes: itemChanges(toItem(before), toItem(after)),
      },
      at: now,
      before: { quantity: before.quantity, minStock: before.min_stock },
      after: { quantity: after.quantity, minStock: after.min_stock, version: after.version },
      ...(delta !== 0 ? { movement: { delta, reason: quantityReason } } : {}),
    });
    return after;
  }

  const update = db.transaction(
    (id: string, input: ItemInput, actor: Author, expectedVersion?: number): UpdateOutcome => {
      const before = sql.get.get(id);
      if (!before) return { ok: false, reason: 'not_found' };
      if (expectedVersion !== undefined && before.version !== expectedVersion) {
        return { ok: false, reason: 'stale', item: toItem(before) };
      }
      const sku = storedSku(input.sku);
      const wanted = {
        ...input,
        minStock: input.minStock ?? before.min_stock,
        sku: sku === undefined ? before.sku : sku,
      };
      if (ITEM_FIELDS.every((field) => before[column(field)] === wanted[field]))
        return { ok: true, item: toItem(before), changed: false };
      const after = writeFields(before, wanted, actor, 'adjust');
      ledger.bumpRevision();
      return { ok: true, item: toItem(after), changed: true };
    },
  );

  const changeStock = db.transaction((id: string, change: StockChange, actor: Author): StockOutcome => {
    const before = sql.get.get(id);
    if (!before) return { ok: false, reason: 'not_found' };
    const quantity = before.quantity + change.delta;
    if (quantity < 0 || quantity > QUANTITY_MAX)
      return { ok: false, reason: 'out_of_range', available: before.quantity };
    const now = new Date().toISOString();
    const after = sql.setStock.get({ id, quantity, updated_at: now, ...byActor(actor, 'updated_by') }) as ItemRow;
    const reason = change.delta > 0 ? 'restock' : 'adjust';
    const movementId = ledger.record({
      itemId: id,
      itemName: after.name,
      cause: reason,
      // The stock form's note is its reason, unless the write gives one of its own.
      actor: { ...actor, reason: actor.reason ?? change.note },
      audit: {
        action: change.delta > 0 ? 'stock.restock' : 'stock.remove',
        target: { kind: 'item', id, name: after.name },
        changes: { quantity: [before.quantity, quantity] },
      },
      at: now,
      before: { quantity: before.quantity, minStock: before.min_stock },
      after: { quantity, minStock: after.min_stock, version: after.version },
      movement: { delta: change.delta, reason, note: change.note },
    });
    ledger.bumpRevision();
    return { ok: true, item: toItem(after), movementId: movementId! };
  });

  const undo = db.transaction((movementId: string, by: Author, limit?: { ownSince: string }): UndoOutcome => {
    const movement = sql.movement.get(movementId);
    if (!movement) return { ok: false, reason: 'not_found' };
    if (limit && movement.actor_uid !== by.uid) return { ok: false, reason: 'not_yours' };
    if (limit && movement.at < limit.ownSince) return { ok: false, reason: 'too_late' };
    if (!isUndoable(movement.reason)) return { ok: false, reason: 'not_undoable', movementReason: movement.reason };
    if (movement.undone_by) return { ok: false, reason: 'already_undone', undoneBy: movement.undone_by };
    const before = sql.get.get(movement.item_id);
    if (!before) return { ok: false, reason: 'item_gone' };
    const delta = -movement.delta;
    const quantity = before.quantity + delta;
    if (quantity < 0 || quantity > QUANTITY_MAX)
      return { ok: false, reason: 'out_of_range', available: before.quantity, delta };
    const now = new Date().toISOString();
    const after = sql.setStock.get({
      id: before.id,
      quantity,
      updated_at: now,
      ...byActor(by, 'updated_by'),
    }) as ItemRow;
    const undoId = ledger.record({
      itemId: before.id,
      itemName: after.name,
      cause: 'undo',
      actor: by,
      audit: {
        action: 'stock.undo',
        target: { kind: 'item', id: before.id, name: after.name },
        changes: { quantity: [before.quantity, quantity] },
      },
      at: now,
      before: { quantity: before.quantity, minStock: before.min_stock },
      after: { quantity, minStock: after.min_stock, version: after.version },
      movement: { delta, reason: 'undo', undoOf: movement.id },
    });
    ledger.bumpRevision();
    return { ok: true, item: toItem(after), movementId: undoId! };
  });

  /** The items an import's rows name, read inside its transaction, a batch of keys per statement. */
  function importLookup(rows: readonly ImportRow[]): ImportLookup {
    const { ids, skus } = keysOf(rows);
    const byId = new Map<string, Item>();
    const bySku = new Map<string, Item>();
    for (let at = 0; at < ids.length; at += LOOKUP_BATCH) {
      for (const row of sql.manyById.all(JSON.stringify(ids.slice(at, at + LOOKUP_BATCH))))
        byId.set(row.id, toItem(row));
    }
    for (let at = 0; at < skus.length; at += LOOKUP_BATCH) {
      for (const row of sql.manyBySku.all(JSON.stringify(skus.slice(at, at + LOOKUP_BATCH)))) {
        bySku.set(row.sku!, byId.get(row.id) ?? toItem(row));
      }
    }
    return { byId: (id) => byId.get(id), bySku: (sku) => bySku.get(sku) };
  }

  /** An import, planned and (when asked and clean) written in the one transaction this runs in. */
  const importRows = (rows: readonly ImportRow[], by: Author, apply: boolean): ImportOutcome => {
    const plan = planImport(rows, importLookup(rows));
    const outcome = importOutcome(rows.length, plan);
    if (!apply || !outcome.ok) return outcome;
    let changed = false;
    for (const step of plan.planned) {
      if (step.action === 'unchanged') continue;
      changed = true;
      if (step.action === 'create') insertOne(step.wanted, by);
      else writeFields(sql.get.get(step.item._id)!, step.wanted, by, 'import');
    }
    if (changed) ledger.bumpRevision();
    return outcome;
  };
  const importTransaction = db.transaction(importRows);
  /** Writing takes the file's write lock at once (IMMEDIATE); a dry run only reads, in one snapshot. */
  const importHere = (rows: readonly ImportRow[], by: Author, apply: boolean) =>
    apply ? importTransaction.immediate(rows, by, apply) : importTransaction(rows, by, apply);

  const remove = db.transaction((id: string, actor: Author): boolean => {
    const before = sql.get.get(id);
    if (!before) return false;
    sql.remove.run(id);
    grams.unindex(before.seq!, before);
    ledger.record({
      itemId: id,
      itemName: before.name,
      cause: 'deleted',
      actor,
      audit: {
        action: 'item.delete',
        target: { kind: 'item', id, name: before.name },
        changes: itemChanges(toItem(before), null),
      },
      at: new Date().toISOString(),
      before: { quantity: before.quantity, minStock: before.min_stock },
      after: null,
      movement: { delta: -before.quantity, reason: 'deleted', item: toItem(before) },
    });
    ledger.bumpRevision();
    return true;
  });

  /** After each commit: the feed announces it (and anything other processes committed before it). */
  const committed = <T>(value: T): T => {
    onCommitted();
    return value;
  };

  const reads = itemQueries(db);

  // The ledger export's batches: one statement per filter shape, prepared when first asked for.
  const ledgerPages = new Map<string, Database.Statement<Record<string, unknown>, MovementRow & { seq: number }>>();
  const ledgerPage = (byItem: boolean, until: boolean) => {
    const conditions = [
      ...(byItem ? ['item_id = @itemId'] : []),
      ...(until ? ['at <= @to'] : []),
      '(at, seq) > (@afterAt, @afterSeq)',
    ].join(' AND ');
    let page = ledgerPages.get(conditions);
    if (!page) {
      page = db.prepare(`SELECT * FROM movements WHERE ${conditions} ORDER BY at, seq LIMIT ${STREAM_BATCH}`);
      ledgerPages.set(conditions, page);
    }
    return page;
  };
  const namesNow = db.prepare<[string], { id: string; name: string }>(
    'SELECT id, name FROM items WHERE id IN (SELECT value FROM json_each(?))',
  );
  const namesWhenDeleted = db.prepare<[string], { id: string; name: string }>(
    `SELECT item_id AS id, json_extract(item_json, '$.name') AS name FROM movements
     WHERE reason = 'deleted' AND item_id IN (SELECT value FROM json_each(?))`,
  );
  /** A batch of the ledger with each item's name: now, or (deleted since) in its deleted snapshot. */
  const withNames = (rows: MovementRow[]): LedgerLine[] => {
    const ids = [...new Set(rows.map((row) => row.item_id))];
    const names = new Map(namesNow.all(JSON.stringify(ids)).map((row) => [row.id, row.name]));
    const gone = ids.filter((id) => !names.has(id));
    if (gone.length > 0) for (const row of namesWhenDeleted.all(JSON.stringify(gone))) names.set(row.id, row.name);
    return rows.map((row) => ({ ...toMovement(row), itemName: names.get(row.item_id) ?? '' }));
  };

  const repository: ItemRepository = {
    async list(options = {}) {
      const rows = isTrigramSearch(options.q)
        ? await searches.run<ItemRow[]>({ op: 'list', options })
        : reads.listRows(options);
      return rows.map(toItem);
    },
    async *stream(options = {}) {
      // A sort, or a search of 3+ characters: the worker finds every match in order once (one query,
      // off the event loop); the rows are then read here by seq, a batch at a time.
      if (options.sort || isTrigramSearch(options.q)) {
        const seqs = await searches.run<number[]>({ op: 'seqs', options });
        for (let at = 0; at < seqs.length; at += STREAM_BATCH) {
          const rows = reads.rowsInOrder(seqs.slice(at, at + STREAM_BATCH));
          if (rows.length > 0) yield rows.map(toItem);
        }
        return;
      }
      // The catalogue in seq order, or a short search (items_grams is in seq order): keyset batches.
      let rows = reads.keysetRows(options, 0, options.skip ?? 0);
      while (rows.length > 0) {
        yield rows.map(toItem);
        if (rows.length < STREAM_BATCH) return;
        rows = reads.keysetRows(options, rows[rows.length - 1]!.seq!, 0);
      }
    },
    async count(filter: ItemFilter = {}) {
      return isTrigramSearch(filter.q) ? searches.run<number>({ op: 'count', filter }) : reads.count(filter);
    },
    revision() {
      return Promise.resolve(ledger.revision());
    },
    get(id) {
      return Promise.resolve(readItem(id));
    },
    async getBySku(sku) {
      const row = sql.bySku.get(sku);
      return row ? toItem(row) : null;
    },
    async create(input, actor) {
      return committed(create(input, actor));
    },
    async createMany(inputs, actor) {
      return committed(insertMany(inputs, actor));
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
    async importRows(rows, { by, apply }) {
      return committed(imports ? await imports.run(rows, by, apply) : importHere(rows.all(), by, apply));
    },
    async remove(id, actor) {
      return committed(remove(id, actor));
    },
    async *ledger(filter) {
      const { itemId, from, to } = filter;
      const page = ledgerPage(itemId !== undefined, to !== undefined);
      // Keyset on (at, seq), which movements_by_at holds in order: every batch is one index seek, however deep.
      let after = { at: from ?? '', seq: -1 };
      for (;;) {
        const rows = page.all({ itemId, to, afterAt: after.at, afterSeq: after.seq });
        if (rows.length === 0) return;
        const last = rows[rows.length - 1]!;
        after = { at: last.at, seq: last.seq };
        yield withNames(rows);
        if (rows.length < STREAM_BATCH) return;
      }
    },
    async history(id, page) {
      const total = sql.historyCount.get(id)?.n ?? 0;
      const movements = total === 0 ? [] : sql.history.all(id, page.limit, page.skip).map(toMovement);
      return { movements, total };
    },
  };

  return {
    repository,
    /** An import in the caller's thread, in a transaction of its own (the import worker's). */
    importRows: importHere,
    isEmpty: () => !sql.any.get(),
    /** Inside the caller's transaction (the demo seed, with its marker). */
    insertMany: (inputs: readonly ItemInput[]) => insertMany(inputs, SYSTEM_ACTOR),
  };
}
