import type Database from 'better-sqlite3';
import type { Actor } from '@smart-zone/types/item';
import { codesOf } from '@smart-zone/types/item';
import type { ItemWrite } from '../decisions/change';
import { allInMain, type Holdings, holdingsOf, type PlaceDelta, placedDelta } from '../decisions/places';
import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import { codeText } from '../search-grams';
import type { ItemRow } from './rows';
import { sqliteGrams } from './short-search';
import type { SqliteLedger } from './sqlite-ledger';

/** What a write must know of the row it replaces: its search texts and codes (and seq, for a deletion's grams). */
export type RowBefore = Pick<ItemRow, 'id' | 'seq' | 'name' | 'supplier' | 'codes'>;

/**
 * How SQLite stores a decided item write (decisions/), inside the caller's transaction: the item's row
 * (its search grams, and its codes in `item_codes`, whose primary key keeps every SKU and barcode unique), then
 * the change through the ledger. Stock alone, or fields other than name, supplier and codes, are set by
 * statements of their own: an UPDATE naming name, supplier or codes runs the search index's trigger, even for
 * the same values. `grams`: where the search grams go (an import's gathers them); `searchLater`: the import job
 * whose pass puts a new item into the trigram index (schema-codes.ts), or null (the index's trigger does).
 */
export function sqliteItemWriter(
  db: Database.Database,
  ledger: SqliteLedger,
  grams: Pick<ReturnType<typeof sqliteGrams>, 'index' | 'reindex' | 'unindex'> = sqliteGrams(db),
  searchLater: () => string | null = () => null,
) {
  const sql = {
    get: db.prepare<[string], ItemRow>('SELECT * FROM items WHERE id = ?'),
    insert: db.prepare(
      `INSERT INTO items (id, name, supplier, price, quantity, description, img, min_stock, sku, barcodes, codes,
         created_at, updated_at, version, created_by_uid, created_by_email, updated_by_uid, updated_by_email,
         placed, search_later)
       VALUES (@id, @name, @supplier, @price, @quantity, @description, @img, @min_stock, @sku, @barcodes, @codes,
         @created_at, @updated_at, @version, @uid, @email, @uid, @email, @placed, @search_later)`,
    ),
    fields: db.prepare(
      `UPDATE items SET name = @name, supplier = @supplier, price = @price, quantity = @quantity,
         description = @description, img = @img, min_stock = @min_stock, sku = @sku, barcodes = @barcodes,
         codes = @codes, version = @version, updated_at = @updated_at, updated_by_uid = @uid, updated_by_email = @email,
         placed = placed + @placed
       WHERE id = @id RETURNING seq`,
    ),
    /** The same but name, supplier and codes (so the SKU is the same too): the search index's trigger does not run. */
    otherFields: db.prepare(
      `UPDATE items SET price = @price, quantity = @quantity, description = @description, img = @img,
         min_stock = @min_stock, sku = @sku, version = @version,
         updated_at = @updated_at, updated_by_uid = @uid, updated_by_email = @email, placed = placed + @placed
       WHERE id = @id`,
    ),
    stock: db.prepare(
      `UPDATE items SET quantity = @quantity, version = @version, updated_at = @updated_at,
         updated_by_uid = @uid, updated_by_email = @email, placed = placed + @placed
       WHERE id = @id`,
    ),
    remove: db.prepare<[string]>('DELETE FROM items WHERE id = ?'),
    held: db.prepare<[string], { locationId: string; quantity: number }>(
      'SELECT location_id AS locationId, quantity FROM item_stock WHERE item_id = ?',
    ),
    place: db.prepare<[string, string, number]>(
      `INSERT INTO item_stock (item_id, location_id, quantity) VALUES (?, ?, ?)
       ON CONFLICT (item_id, location_id) DO UPDATE SET quantity = quantity + excluded.quantity`,
    ),
    take: db.prepare<[number, string, string]>(
      'UPDATE item_stock SET quantity = quantity + ? WHERE item_id = ? AND location_id = ?',
    ),
    emptied: db.prepare<[string, string]>(
      'DELETE FROM item_stock WHERE item_id = ? AND location_id = ? AND quantity = 0',
    ),
    unplace: db.prepare<[string]>('DELETE FROM item_stock WHERE item_id = ?'),
    addCode: db.prepare<[string, string]>('INSERT INTO item_codes (code, item_id) VALUES (?, ?)'),
    dropCodes: db.prepare<[string]>('DELETE FROM item_codes WHERE item_id = ?'),
  };
  const addCodes = (item: { _id: string; sku?: string; barcodes?: string[] }) => {
    for (const code of codesOf(item)) sql.addCode.run(code, item._id);
  };
  const by = ({ uid, email }: Actor) => ({ uid, email });
  /** Moves the item's units at each location other than Main as its movement's places say (places.ts). */
  const applyPlaces = (itemId: string, places: readonly PlaceDelta[] | undefined) => {
    for (const { locationId, delta } of places ?? []) {
      if (locationId === MAIN_LOCATION_ID) continue;
      if (delta > 0) {
        sql.place.run(itemId, locationId, delta);
        continue;
      }
      // item_stock's CHECK refuses a count below 0, and a location holding none has no row: a decision that took
      // more than was there fails the write.
      if (sql.take.run(delta, itemId, locationId).changes !== 1) {
        throw new Error(`Item ${itemId} holds nothing at ${locationId}`);
      }
      sql.emptied.run(itemId, locationId);
    }
  };

  return {
    /** The item's row as the write reads it, or undefined. */
    read: (id: string): ItemRow | undefined => sql.get.get(id),
    /** Where the item's units are: no query while they are all in Main (`placed` 0). */
    holdings: (row: ItemRow | undefined): Holdings =>
      !row ? allInMain(0) : row.placed ? holdingsOf(row.quantity, sql.held.all(row.id)) : allInMain(row.quantity),
    /** Stores the write (`before`: the row the decision read; null for a creation); answers its movement's id. */
    apply({ kind, item, change }: ItemWrite, before: RowBefore | null): string | null {
      const places = change.movement?.places;
      const placed = placedDelta(places);
      if (item && kind === 'stock') {
        // Stock alone (a delivery, a restock): no text, code or search index to write.
        sql.stock.run({
          id: item._id,
          quantity: item.quantity,
          version: item.version,
          updated_at: item.updatedAt,
          placed,
          ...by(change.actor),
        });
        applyPlaces(item._id, places);
      } else if (item && kind !== 'delete') {
        const row = {
          id: item._id,
          name: item.name,
          supplier: item.supplier,
          price: item.price,
          quantity: item.quantity,
          description: item.description,
          img: item.img,
          min_stock: item.minStock,
          sku: item.sku ?? null,
          barcodes: JSON.stringify(item.barcodes ?? []),
          codes: codeText(item),
          created_at: item.createdAt,
          updated_at: item.updatedAt,
          version: item.version,
          placed,
          ...by(change.actor),
        };
        if (kind === 'create') {
          grams.index(Number(sql.insert.run({ ...row, search_later: searchLater() }).lastInsertRowid), row);
          addCodes(item);
        } else if (
          !before ||
          before.name !== item.name ||
          before.supplier !== item.supplier ||
          before.codes !== row.codes
        ) {
          const { seq } = sql.fields.get(row) as { seq: number };
          if (before) grams.reindex(seq, before, row);
          if (!before || before.codes !== row.codes) {
            sql.dropCodes.run(item._id);
            addCodes(item);
          }
        } else {
          sql.otherFields.run(row);
        }
        applyPlaces(item._id, places);
      } else if (before) {
        sql.remove.run(before.id);
        sql.unplace.run(before.id);
        sql.dropCodes.run(before.id);
        grams.unindex(before.seq!, before);
      }
      return ledger.record(change);
    },
  };
}
