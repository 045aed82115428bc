import type { ItemListQuery } from '@smart-zone/types/item';
import type { CsvFile } from '../../../lib/download-csv';

/** GET /inventory/reorder.csv (staff): the whole reorder list, for a supplier order. */
export const REORDER_LIST_CSV: CsvFile = {
  path: '/inventory/reorder.csv',
  auth: true,
  fallbackName: 'reorder-list.csv',
};

/**
 * GET /inventory.csv (public): every item the list's search, stock filter and
 * order match, in that order. With a byte order mark: the file goes to a
 * spreadsheet, and Excel reads UTF-8 only after one.
 */
export const inventoryCsv = ({ q, stock, sort }: Pick<ItemListQuery, 'q' | 'stock' | 'sort'>): CsvFile => ({
  path: '/inventory.csv',
  query: { q, stock, sort, bom: 1 },
  fallbackName: 'inventory.csv',
});

/** GET /movements.csv?itemId= (staff): one item's stock ledger, oldest first, with a byte order mark. */
export const itemMovementsCsv = (itemId: string): CsvFile => ({
  path: '/movements.csv',
  query: { itemId, bom: 1 },
  auth: true,
  fallbackName: 'movements.csv',
});
