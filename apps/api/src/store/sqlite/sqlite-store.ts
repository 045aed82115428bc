import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import type { Item, ItemInput, ItemSortKey } from '@smart-zone/types/item';
import type { DeliveryOutcome, ItemListOptions, NewDelivery, Store } from '../store';
import { toDelivery, toItem, type DeliveryRow, type ItemRow } from './rows';
import { migrate } from './schema';

const DB_FILE = 'smart-zone.db';
const SEEDED_KEY = 'demo_seeded_at';

/** Whitelisted ORDER BY clauses: a sort key never reaches SQL as text. */
const ORDER_BY: Record<ItemSortKey, { asc: string; desc: string }> = {
  name: { asc: 'name COLLATE NOCASE ASC, seq ASC', desc: 'name COLLATE NOCASE DESC, seq DESC' },
  price: { asc: 'price ASC, seq ASC', desc: 'price DESC, seq DESC' },
  quantity: { asc: 'quantity ASC, seq ASC', desc: 'quantity DESC, seq DESC' },
  newest: { asc: 'seq DESC', desc: 'seq ASC' },
};

/**
 * `dataDir` ':memory:' opens a private in-memory database (tests); anything
 * else is a folder holding smart-zone.db, created when missing.
 */
export function openSqliteStore(dataDir: string): Store {
  const file = dataDir === ':memory:' ? ':memory:' : path.join(dataDir, DB_FILE);
  if (file !== ':memory:') fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(file);
  // WAL lets readers run beside the writer; FULL syncs every commit, so an
  // answered write survives a power cut.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  // SQLite's lower() folds ASCII only; search must fold what users type.
  db.function('fold', { deterministic: true }, (text: unknown) => String(text ?? '').toLocaleLowerCase());
  migrate(db);

  const sql = {
    getItem: db.prepare<[string], ItemRow>('SELECT * FROM items WHERE id = ?'),
    insertItem: db.prepare(
      `INSERT INTO items (id, name, supplier, price, quantity, description, img, created_at)
       VALUES (@id, @name, @supplier, @price, @quantity, @description, @img, @created_at)`,
    ),
    updateItem: db.prepare(
      `UPDATE items SET name = @name, supplier = @supplier, price = @price, quantity = @quantity,
         description = @description, img = @img WHERE id = @id`,
    ),
    deleteItem: db.prepare<[string]>('DELETE FROM items WHERE id = ?'),
    countItems: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM items'),
    takeStock: db.prepare<[number, string, number]>(
      'UPDATE items SET quantity = quantity - ? WHERE id = ? AND quantity >= ?',
    ),
    returnStock: db.prepare<[number, string]>('UPDATE items SET quantity = quantity + ? WHERE id = ?'),
    getStock: db.prepare<[string], { quantity: number }>('SELECT quantity FROM items WHERE id = ?'),
    insertDelivery: db.prepare(
      `INSERT INTO deliveries (id, email, name, inventory, inventories_id, address, phone, quantity, created_at)
       VALUES (@id, @email, @name, @inventory, @inventories_id, @address, @phone, @quantity, @created_at)`,
    ),
    getDelivery: db.prepare<[string], DeliveryRow>('SELECT * FROM deliveries WHERE id = ?'),
    getOwnDelivery: db.prepare<[string, string], DeliveryRow>('SELECT * FROM deliveries WHERE id = ? AND email = ?'),
    deleteDelivery: db.prepare<[string]>('DELETE FROM deliveries WHERE id = ?'),
    deliveriesByEmail: db.prepare<[string], DeliveryRow>('SELECT * FROM deliveries WHERE email = ? ORDER BY seq DESC'),
    getMeta: db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
    setMeta: db.prepare<[string, string]>('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)'),
    ping: db.prepare('SELECT 1'),
  };

  // A handful of shapes (search on/off × sort), each prepared once.
  const listStatements = new Map<string, Database.Statement<Record<string, unknown>, ItemRow>>();

  const itemRow = (id: string, input: ItemInput, createdAt: string): ItemRow => ({ id, ...input, created_at: createdAt });

  const insertItem = (input: ItemInput): Item => {
    const row = itemRow(new ObjectId().toHexString(), input, new Date().toISOString());
    sql.insertItem.run(row);
    return toItem(row);
  };

  // better-sqlite3 transactions are synchronous: nothing else runs between
  // the stock check, the decrement and the insert.
  const deliver = db.transaction((delivery: NewDelivery): DeliveryOutcome => {
    const taken = sql.takeStock.run(delivery.quantity, delivery.inventoriesId, delivery.quantity);
    if (taken.changes === 0) {
      const stock = sql.getStock.get(delivery.inventoriesId);
      return stock ? { ok: false, reason: 'out_of_stock', available: stock.quantity } : { ok: false, reason: 'item_not_found' };
    }
    const row: DeliveryRow = {
      id: new ObjectId().toHexString(),
      email: delivery.email,
      name: delivery.name,
      inventory: delivery.inventory,
      inventories_id: delivery.inventoriesId,
      address: delivery.address,
      phone: delivery.phone,
      quantity: delivery.quantity,
      created_at: new Date().toISOString(),
    };
    sql.insertDelivery.run(row);
    const item = sql.getItem.get(delivery.inventoriesId);
    if (!item) throw new Error('item vanished inside its own transaction');
    return { ok: true, delivery: toDelivery(row), item: toItem(item) };
  });

  const cancel = db.transaction((id: string, email: string): DeliveredItem | null => {
    const row = sql.getOwnDelivery.get(id, email);
    if (!row) return null;
    sql.deleteDelivery.run(id);
    // The item may have been deleted since; then there is no stock to restore.
    sql.returnStock.run(row.quantity, row.inventories_id);
    return toDelivery(row);
  });

  const seed = db.transaction((items: readonly ItemInput[]): boolean => {
    if (sql.getMeta.get(SEEDED_KEY)) return false;
    const empty = sql.countItems.get()?.n === 0;
    if (empty) for (const item of items) insertItem(item);
    sql.setMeta.run(SEEDED_KEY, new Date().toISOString());
    return empty;
  });

  return {
    kind: 'sqlite',
    items: {
      async list(options: ItemListOptions = {}) {
        const where = options.q ? 'WHERE instr(fold(name), @q) > 0 OR instr(fold(supplier), @q) > 0' : '';
        const order = options.sort
          ? ORDER_BY[options.sort.key][options.sort.descending ? 'desc' : 'asc']
          : 'seq ASC';
        const text = `SELECT * FROM items ${where} ORDER BY ${order} LIMIT @limit OFFSET @skip`;
        let statement = listStatements.get(text);
        if (!statement) {
          statement = db.prepare<Record<string, unknown>, ItemRow>(text);
          listStatements.set(text, statement);
        }
        const rows = statement.all({ q: options.q?.toLocaleLowerCase(), limit: options.limit ?? -1, skip: options.skip ?? 0 });
        return rows.map(toItem);
      },
      async get(id) {
        const row = sql.getItem.get(id);
        return row ? toItem(row) : null;
      },
      async create(input) {
        return insertItem(input);
      },
      async update(id, input) {
        const changed = sql.updateItem.run({ id, ...input });
        if (changed.changes === 0) return null;
        const row = sql.getItem.get(id);
        return row ? toItem(row) : null;
      },
      async remove(id) {
        return sql.deleteItem.run(id).changes > 0;
      },
      async count() {
        return sql.countItems.get()?.n ?? 0;
      },
    },
    deliveries: {
      async listByEmail(email) {
        return sql.deliveriesByEmail.all(email).map(toDelivery);
      },
      async get(id) {
        const row = sql.getDelivery.get(id);
        return row ? toDelivery(row) : null;
      },
      async create(delivery) {
        return deliver(delivery);
      },
      async cancel(id, email) {
        return cancel(id, email);
      },
    },
    async seedOnce(items) {
      return seed(items);
    },
    async health() {
      try {
        sql.ping.get();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
