import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import { LRUCache } from 'lru-cache';
import {
  assertStorableQuantity,
  QUANTITY_MAX,
  SYSTEM_ACTOR,
  type Actor,
  type Item,
  type ItemInput,
  type ItemSortKey,
} from '@smart-zone/types/item';
import type { ItemFilter, ItemListOptions, ItemRepository, StockChange, StockOutcome, UpdateOutcome } from '../store';
import { toItem, toMovement, type ItemRow, type MovementRow } from './rows';
import { fold, SHORT_SEARCH_MAX, sqliteGrams } from './short-search';
import { sqliteLedger, type SqliteLedger } from './sqlite-ledger';

/** Whitelisted ORDER BY clauses, each served by an index: a sort key never reaches SQL as text. */
const ORDER_BY: Record<ItemSortKey, { asc: string; desc: string }> = {
  name: { asc: 'name COLLATE NOCASE ASC, seq ASC', desc: 'name COLLATE NOCASE DESC, seq DESC' },
  price: { asc: 'price ASC, seq ASC', desc: 'price DESC, seq DESC' },
  quantity: { asc: 'quantity ASC, seq ASC', desc: 'quantity DESC, seq DESC' },
  newest: { asc: 'seq DESC', desc: 'seq ASC' },
};

/** The trigram index answers substrings of 3 characters or more; items_grams shorter ones (short-search.ts). */
const TRIGRAM = SHORT_SEARCH_MAX + 1;
/** Small enough that one batch (read, map, serialize) keeps the event loop for a few milliseconds only. */
const STREAM_BATCH = 250;
/**
 * A sorted page of a short search: up to this many matches are read through
 * items_grams and sorted; more, and the sort's index is walked instead, each
 * item checked against items_grams, which stops after a page's worth.
 */
const SORT_MATCHES_MAX = 5000;

const EDITABLE: readonly (keyof ItemInput)[] = ['name', 'supplier', 'price', 'quantity', 'description', 'img'];

/** The gram a search of 1–2 characters looks up, or null for longer (or no) text. */
function shortGram(q: string | undefined): string | null {
  if (!q) return null;
  const folded = fold(q);
  return [...folded].length < TRIGRAM ? folded : null;
}

/**
 * A WHERE clause and its parameters for a search; search text is always a bound parameter.
 * `probe` (short searches only): check each row against items_grams, for a walk along a sort's index.
 */
function searchClause(q: string | undefined, probe = false): { where: string; params: Record<string, string> } {
  if (!q) return { where: '', params: {} };
  const gram = shortGram(q);
  if (gram !== null) {
    return probe
      ? {
          where: 'WHERE EXISTS (SELECT 1 FROM items_grams g WHERE g.gram = @gram AND g.seq = items.seq)',
          params: { gram },
        }
      : { where: 'WHERE seq IN (SELECT seq FROM items_grams WHERE gram = @gram)', params: { gram } };
  }
  // A quoted FTS5 string is matched literally: quotes inside are doubled.
  return {
    where: 'WHERE seq IN (SELECT rowid FROM items_search WHERE items_search MATCH @match)',
    params: { match: `"${fold(q).replaceAll('"', '""')}"` },
  };
}

export function sqliteItems(db: Database.Database) {
  const ledger: SqliteLedger = sqliteLedger(db);
  const grams = sqliteGrams(db);
  const sql = {
    get: db.prepare<[string], ItemRow>('SELECT * FROM items WHERE id = ?'),
    version: db.prepare<[string], number>('SELECT version FROM items WHERE id = ?').pluck(),
    insert: db.prepare(
      `INSERT INTO items (id, name, supplier, price, quantity, description, img, created_at, updated_at, version,
         created_by_uid, created_by_email, updated_by_uid, updated_by_email)
       VALUES (@id, @name, @supplier, @price, @quantity, @description, @img, @created_at, @updated_at, @version,
         @created_by_uid, @created_by_email, @updated_by_uid, @updated_by_email)`,
    ),
    update: db.prepare(
      `UPDATE items SET name = @name, supplier = @supplier, price = @price, quantity = @quantity,
         description = @description, img = @img, version = version + 1, updated_at = @updated_at,
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
      'SELECT * FROM movements WHERE item_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?',
    ),
    historyCount: db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM movements WHERE item_id = ?'),
  };

  // A handful of shapes (search kind × sort), each prepared once.
  const prepared = new Map<string, Database.Statement>();
  const statement = (text: string) => {
    let found = prepared.get(text);
    if (!found) {
      found = db.prepare(text);
      prepared.set(text, found);
    }
    return found;
  };

  // Items read lately, as frozen objects: while an item's version is the same
  // (every write moves it on), a read is one indexed lookup of the version and
  // answers the very same object, so callers may keep what they derive from it
  // (the route keeps its JSON).
  // Bounded in bytes (the text fields, in UTF-16, plus the object's own ~300): 8 MB, 10,000 items at most.
  const recent = new LRUCache<string, Item>({
    max: 10_000,
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (item) =>
      300 + 2 * (item._id.length + item.name.length + item.supplier.length + item.description.length + item.img.length),
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

  function insertOne(input: ItemInput, actor: Actor) {
    assertStorableQuantity(input.quantity);
    const now = new Date().toISOString();
    const row = {
      id: new ObjectId().toHexString(),
      ...input,
      created_at: now,
      updated_at: now,
      version: 1,
      ...byActor(actor, 'created_by'),
      ...byActor(actor, 'updated_by'),
    } as ItemRow;
    const { lastInsertRowid } = sql.insert.run(row);
    grams.index(Number(lastInsertRowid), input.name, input.supplier);
    ledger.append({
      itemId: row.id,
      delta: input.quantity,
      quantityAfter: input.quantity,
      reason: 'created',
      actor,
      at: now,
    });
    return toItem(row);
  }

  const create = db.transaction((input: ItemInput, actor: Actor) => {
    const item = insertOne(input, actor);
    ledger.bumpRevision();
    return item;
  });

  const insertMany = db.transaction((inputs: readonly ItemInput[], actor: Actor = SYSTEM_ACTOR) => {
    for (const input of inputs) insertOne(input, actor);
    ledger.bumpRevision();
    return inputs.length;
  });

  const update = db.transaction(
    (id: string, input: ItemInput, actor: Actor, expectedVersion?: number): UpdateOutcome => {
      const before = sql.get.get(id);
      if (!before) return { ok: false, reason: 'not_found' };
      if (expectedVersion !== undefined && before.version !== expectedVersion) {
        return { ok: false, reason: 'stale', item: toItem(before) };
      }
      if (EDITABLE.every((key) => before[key] === input[key]))
        return { ok: true, item: toItem(before), changed: false };
      const now = new Date().toISOString();
      const after = sql.update.get({ id, ...input, updated_at: now, ...byActor(actor, 'updated_by') }) as ItemRow;
      if (after.name !== before.name || after.supplier !== before.supplier) {
        grams.reindex(after.seq!, after.name, after.supplier);
      }
      const delta = after.quantity - before.quantity;
      if (delta !== 0)
        ledger.append({ itemId: id, delta, quantityAfter: after.quantity, reason: 'adjust', actor, at: now });
      ledger.bumpRevision();
      return { ok: true, item: toItem(after), changed: true };
    },
  );

  const changeStock = db.transaction((id: string, change: StockChange, actor: Actor): StockOutcome => {
    const before = sql.get.get(id);
    if (!before) return { ok: false, reason: 'not_found' };
    const quantity = before.quantity + change.delta;
    if (quantity < 0 || quantity > QUANTITY_MAX)
      return { ok: false, reason: 'out_of_range', available: before.quantity };
    const now = new Date().toISOString();
    const after = sql.setStock.get({ id, quantity, updated_at: now, ...byActor(actor, 'updated_by') }) as ItemRow;
    ledger.append({
      itemId: id,
      delta: change.delta,
      quantityAfter: quantity,
      reason: change.delta > 0 ? 'restock' : 'adjust',
      actor,
      at: now,
      note: change.note,
    });
    ledger.bumpRevision();
    return { ok: true, item: toItem(after) };
  });

  const remove = db.transaction((id: string, actor: Actor): boolean => {
    const before = sql.get.get(id);
    if (!before) return false;
    sql.remove.run(id);
    grams.unindex(before.seq!);
    ledger.append({
      itemId: id,
      delta: -before.quantity,
      quantityAfter: 0,
      reason: 'deleted',
      actor,
      at: new Date().toISOString(),
      item: toItem(before),
    });
    ledger.bumpRevision();
    return true;
  });

  const fewMatches = db
    .prepare<[string], number>(
      `SELECT COUNT(*) FROM (SELECT 1 FROM items_grams WHERE gram = ? LIMIT ${SORT_MATCHES_MAX + 1})`,
    )
    .pluck();

  const countGram = db.prepare<[string], number>('SELECT COUNT(*) FROM items_grams WHERE gram = ?').pluck();

  function listRows(options: ItemListOptions): ItemRow[] {
    const gram = shortGram(options.q);
    const key = options.sort?.key;
    if (gram !== null && (key === undefined || key === 'newest')) {
      // In seq order: items_grams is in that order already, so a page is a range of its key.
      const direction = (key === 'newest') !== (options.sort?.descending ?? false) ? 'DESC' : 'ASC';
      return statement(
        `SELECT items.* FROM items_grams g JOIN items ON items.seq = g.seq WHERE g.gram = @gram
         ORDER BY g.seq ${direction} LIMIT @limit OFFSET @skip`,
      ).all({ gram, limit: options.limit ?? -1, skip: options.skip ?? 0 }) as ItemRow[];
    }
    const probe = gram !== null && (fewMatches.get(gram) ?? 0) > SORT_MATCHES_MAX;
    const search = searchClause(options.q, probe);
    const order = options.sort ? ORDER_BY[options.sort.key][options.sort.descending ? 'desc' : 'asc'] : 'seq ASC';
    return statement(`SELECT * FROM items ${search.where} ORDER BY ${order} LIMIT @limit OFFSET @skip`).all({
      ...search.params,
      limit: options.limit ?? -1,
      skip: options.skip ?? 0,
    }) as ItemRow[];
  }

  /** Oldest first by seq, resumed after the last row seen: each batch is an index seek, however deep. */
  function keysetRows(q: string | undefined, after: number, skip: number): ItemRow[] {
    const gram = shortGram(q);
    if (gram !== null) {
      return statement(
        `SELECT items.* FROM items_grams g JOIN items ON items.seq = g.seq WHERE g.gram = @gram AND g.seq > @after
         ORDER BY g.seq ASC LIMIT @limit OFFSET @skip`,
      ).all({ gram, after, limit: STREAM_BATCH, skip }) as ItemRow[];
    }
    const search = searchClause(q);
    const where = search.where ? `${search.where} AND seq > @after` : 'WHERE seq > @after';
    return statement(`SELECT * FROM items ${where} ORDER BY seq ASC LIMIT @limit OFFSET @skip`).all({
      ...search.params,
      after,
      limit: STREAM_BATCH,
      skip,
    }) as ItemRow[];
  }

  const repository: ItemRepository = {
    async list(options = {}) {
      return listRows(options).map(toItem);
    },
    async *stream(options = {}) {
      if (!options.sort) {
        let rows = keysetRows(options.q, 0, options.skip ?? 0);
        while (rows.length > 0) {
          yield rows.map(toItem);
          if (rows.length < STREAM_BATCH) return;
          rows = keysetRows(options.q, rows[rows.length - 1]!.seq!, 0);
        }
        return;
      }
      for (let skip = options.skip ?? 0; ; skip += STREAM_BATCH) {
        const rows = listRows({ ...options, limit: STREAM_BATCH, skip });
        if (rows.length > 0) yield rows.map(toItem);
        if (rows.length < STREAM_BATCH) return;
      }
    },
    async count(filter: ItemFilter = {}) {
      const gram = shortGram(filter.q);
      if (gram !== null) return countGram.get(gram) ?? 0;
      const search = searchClause(filter.q);
      const row = statement(`SELECT COUNT(*) AS n FROM items ${search.where}`).get(search.params) as { n: number };
      return row.n;
    },
    revision() {
      return Promise.resolve(ledger.revision());
    },
    get(id) {
      return Promise.resolve(readItem(id));
    },
    async create(input, actor) {
      return create(input, actor);
    },
    async createMany(inputs, actor) {
      return insertMany(inputs, actor);
    },
    async update(id, input, actor, expectedVersion) {
      return update(id, input, actor, expectedVersion);
    },
    async changeStock(id, change, actor) {
      return changeStock(id, change, actor);
    },
    async remove(id, actor) {
      return remove(id, actor);
    },
    async history(id, page) {
      const total = sql.historyCount.get(id)?.n ?? 0;
      const movements = total === 0 ? [] : sql.history.all(id, page.limit, page.skip).map(toMovement);
      return { movements, total };
    },
  };

  return {
    repository,
    ledger,
    isEmpty: () => !sql.any.get(),
    insertMany: (inputs: readonly ItemInput[]) => insertMany(inputs, SYSTEM_ACTOR),
  };
}
