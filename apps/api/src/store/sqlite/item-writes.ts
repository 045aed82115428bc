import type Database from 'better-sqlite3';
import type { Actor } from '@smart-zone/types/item';
import { codesOf } from '@smart-zone/types/item';
import type { ItemWrite } from '../decisions/change';
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
 * the same values. `grams`: where the search grams go (an import's gathers them).
 */
export function sqliteItemWriter(
  db: Database.Database,
  ledger: SqliteLedger,
  grams: Pick<ReturnType<typeof sqliteGrams>, 'index' | 'reindex' | 'unindex'> = sqliteGrams(db),
) {
  const sql = {
    get: db.prepare<[string], ItemRow>('SELECT * FROM items WHERE id = ?'),
    insert: db.prepare(
      `INSERT INTO items (id, name, supplier, price, quantity, description, img, min_stock, sku, barcodes, codes,
         created_at, updated_at, version, created_by_uid, created_by_email, updated_by_uid, updated_by_email)
       VALUES (@id, @name, @supplier, @price, @quantity, @description, @img, @min_stock, @sku, @barcodes, @codes,
         @created_at, @updated_at, @version, @uid, @email, @uid, @email)`,
    ),
    fields: db.prepare(
      `UPDATE items SET name = @name, supplier = @supplier, price = @price, quantity = @quantity,
         description = @description, img = @img, min_stock = @min_stock, sku = @sku, barcodes = @barcodes,
         codes = @codes, version = @version, updated_at = @updated_at, updated_by_uid = @uid, updated_by_email = @email
       WHERE id = @id RETURNING seq`,
    ),
    /** The same but name, supplier and codes (so the SKU is the same too): the search index's trigger does not run. */
    otherFields: db.prepare(
      `UPDATE items SET price = @price, quantity = @quantity, description = @description, img = @img,
         min_stock = @min_stock, sku = @sku, version = @version,
         updated_at = @updated_at, updated_by_uid = @uid, updated_by_email = @email
       WHERE id = @id`,
    ),
    stock: db.prepare(
      `UPDATE items SET quantity = @quantity, version = @version, updated_at = @updated_at,
         updated_by_uid = @uid, updated_by_email = @email
       WHERE id = @id`,
    ),
    remove: db.prepare<[string]>('DELETE FROM items WHERE id = ?'),
    addCode: db.prepare<[string, string]>('INSERT INTO item_codes (code, item_id) VALUES (?, ?)'),
    dropCodes: db.prepare<[string]>('DELETE FROM item_codes WHERE item_id = ?'),
  };
  const addCodes = (item: { _id: string; sku?: string; barcodes?: string[] }) => {
    for (const code of codesOf(item)) sql.addCode.run(code, item._id);
  };
  const by = ({ uid, email }: Actor) => ({ uid, email });

  return {
    /** The item's row as the write reads it, or undefined. */
    read: (id: string): ItemRow | undefined => sql.get.get(id),
    /** Stores the write (`before`: the row the decision read; null for a creation); answers its movement's id. */
    apply({ kind, item, change }: ItemWrite, before: RowBefore | null): string | null {
      if (item && kind === 'stock') {
        // Stock alone (a delivery, a restock): no text, code or search index to write.
        sql.stock.run({
          id: item._id,
          quantity: item.quantity,
          version: item.version,
          updated_at: item.updatedAt,
          ...by(change.actor),
        });
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
          ...by(change.actor),
        };
        if (kind === 'create') {
          grams.index(Number(sql.insert.run(row).lastInsertRowid), row);
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
      } else if (before) {
        sql.remove.run(before.id);
        sql.dropCodes.run(before.id);
        grams.unindex(before.seq!, before);
      }
      return ledger.record(change);
    },
  };
}
