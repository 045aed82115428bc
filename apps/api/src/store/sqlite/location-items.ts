import type Database from 'better-sqlite3';
import { type LocationItem, MAIN_LOCATION_ID } from '@smart-zone/types/location';
import type { LocationRepository } from '../ports/locations';

type Row = { itemId: string; name: string; sku: string | null; quantity: number };
type Page = { limit: number; skip: number };

const lineOf = ({ sku, ...row }: Row): LocationItem => ({ ...row, ...(sku !== null ? { sku } : {}) });

/**
 * What a location holds (issue 34): at Main, each item's units no other location holds (`quantity − placed`,
 * read off the items in the order they were added); elsewhere, its `item_stock` rows, by the location's index in
 * item id order (an id is a creation time: the same order). `deep` adds the locations below it (Main's: every
 * item with units, its whole quantity).
 */
export function sqliteLocationItems(db: Database.Database): Pick<LocationRepository, 'items'> {
  const ITEM = 'SELECT i.id AS itemId, i.name, i.sku';
  const sql = {
    exists: db.prepare<[string], number>('SELECT COUNT(*) FROM locations WHERE id = ?').pluck(),
    below: db
      .prepare<[string], string>(
        `WITH RECURSIVE below (id) AS (
           SELECT ? UNION ALL SELECT l.id FROM locations l JOIN below b ON l.parent_id = b.id
         ) SELECT id FROM below`,
      )
      .pluck(),
    main: db.prepare<[number, number], Row>(
      `${ITEM}, i.quantity - i.placed AS quantity FROM items i WHERE i.quantity > i.placed ORDER BY i.seq LIMIT ? OFFSET ?`,
    ),
    mainCount: db.prepare<[], number>('SELECT COUNT(*) FROM items WHERE quantity > placed').pluck(),
    all: db.prepare<[number, number], Row>(
      `${ITEM}, i.quantity FROM items i WHERE i.quantity > 0 ORDER BY i.seq LIMIT ? OFFSET ?`,
    ),
    allCount: db.prepare<[], number>('SELECT COUNT(*) FROM items WHERE quantity > 0').pluck(),
    at: db.prepare<[string, number, number], Row>(
      `${ITEM}, s.quantity FROM item_stock s JOIN items i ON i.id = s.item_id
       WHERE s.location_id = ? ORDER BY s.item_id LIMIT ? OFFSET ?`,
    ),
    atCount: db.prepare<[string], number>('SELECT COUNT(*) FROM item_stock WHERE location_id = ?').pluck(),
    within: db.prepare<[string, number, number], Row>(
      `${ITEM}, SUM(s.quantity) AS quantity FROM item_stock s JOIN items i ON i.id = s.item_id
       WHERE s.location_id IN (SELECT value FROM json_each(?)) GROUP BY s.item_id ORDER BY s.item_id LIMIT ? OFFSET ?`,
    ),
    withinCount: db
      .prepare<[string], number>(
        'SELECT COUNT(DISTINCT item_id) FROM item_stock WHERE location_id IN (SELECT value FROM json_each(?))',
      )
      .pluck(),
  };
  // One read: the page and its count see the same rows.
  const read = db.transaction((id: string, deep: boolean, { limit, skip }: Page) => {
    if (sql.exists.get(id) === 0) return null;
    if (id === MAIN_LOCATION_ID) {
      return deep
        ? { items: sql.all.all(limit, skip).map(lineOf), total: sql.allCount.get()! }
        : { items: sql.main.all(limit, skip).map(lineOf), total: sql.mainCount.get()! };
    }
    if (!deep) return { items: sql.at.all(id, limit, skip).map(lineOf), total: sql.atCount.get(id)! };
    const ids = JSON.stringify(sql.below.all(id));
    return { items: sql.within.all(ids, limit, skip).map(lineOf), total: sql.withinCount.get(ids)! };
  });
  return {
    items: (id, deep, page) => Promise.resolve(read(id, deep, page)),
  };
}
