import { parse } from 'csv-parse/sync';
import { COUNT_LINES_MAX, type Count, type CountLine, defaultCountName, type NewCount } from '@smart-zone/types/count';
import { can, type Role } from '@smart-zone/types/roles';
import type { Author, CountOutcome, Store } from '../store/store';

/** What a caller may see of a count: a blind one's variance only at manager and above. */
export const seesExpected = (count: Pick<Count, 'blind'>, role: Role) => !count.blind || can(role, 'manageCounts');

export const visibleCount = (count: Count, role: Role): Count => {
  if (seesExpected(count, role)) return count;
  const { variance: _hidden, ...rest } = count;
  return rest;
};

export const visibleLine = (line: CountLine, shown: boolean): CountLine => {
  if (shown) return line;
  const { expected: _expected, variance: _variance, value: _value, ...rest } = line;
  return rest;
};

/** A count sheet's row read back: its item (by id, or by SKU) and what was counted, or why it cannot be. */
export interface SheetRowResult {
  updated: number;
  errors: { row: number; message: string }[];
}

/** How many of a sheet's errors an answer lists. */
const SHEET_ERRORS_SHOWN = 50;

/**
 * Stock counts (issue 35): the scope resolved to what the store can read (a search's items), a blind count's
 * figures left out for those below manager, and the count sheet read back.
 */
export function countsService(store: Store) {
  /** The items a search finds (with the stock filter), at most COUNT_LINES_MAX + 1: past it, too many. */
  async function searched(q: string, stock: NewCount['scope']['stock']): Promise<string[]> {
    const ids: string[] = [];
    for await (const batch of store.items.stream({ q, ...(stock ? { stock } : {}) })) {
      for (const item of batch) ids.push(item._id);
      if (ids.length > COUNT_LINES_MAX) break;
    }
    return ids;
  }

  return {
    async open({ name, scope, blind }: NewCount, by: Author): Promise<CountOutcome<Count>> {
      let where = 'every item';
      if (scope.locationId) {
        const location = await store.locations.get(scope.locationId);
        if (!location) return { ok: false, reason: 'location_not_found' };
        where = location.path;
      } else if (scope.stock) where = `${scope.stock === 'low' ? 'low' : 'empty'} items`;
      else if (scope.q) where = `“${scope.q}”`;
      else if (scope.itemIds) where = `${scope.itemIds.length} items`;
      let candidates: string[] | null = scope.itemIds ? [...new Set(scope.itemIds)] : null;
      if (scope.q) {
        const found = await searched(scope.q, scope.stock);
        if (found.length > COUNT_LINES_MAX) return { ok: false, reason: 'too_large' };
        const named = candidates && new Set(candidates);
        candidates = named ? found.filter((id) => named.has(id)) : found;
      }
      return store.counts.open(
        {
          name: name || defaultCountName(where, new Date()),
          blind,
          scope,
          candidates,
          ...(scope.locationId ? { locationId: scope.locationId } : {}),
          ...(scope.stock ? { stock: scope.stock } : {}),
        },
        by,
      );
    },

    /**
     * A count sheet with `counted` filled in: each row with a number sets its line (by `itemId`, else by `sku`);
     * rows left empty are skipped. Each row is its own write: one refused leaves the others.
     */
    async readSheet(countId: string, text: string, by: Author): Promise<CountOutcome<SheetRowResult>> {
      const count = await store.counts.get(countId);
      if (!count) return { ok: false, reason: 'not_found' };
      if (count.state !== 'open') return { ok: false, reason: 'not_open' };
      const rows = parse<Record<string, string | undefined>>(text, {
        bom: true,
        columns: (header: string[]) => header.map((cell) => cell.trim()),
        skip_empty_lines: true,
        relax_column_count: true,
      });
      const result: SheetRowResult = { updated: 0, errors: [] };
      const fail = (row: number, message: string) => {
        if (result.errors.length < SHEET_ERRORS_SHOWN) result.errors.push({ row, message });
      };
      for (const [index, row] of rows.slice(0, COUNT_LINES_MAX).entries()) {
        const line = index + 2;
        const cell = (row.counted ?? '').trim();
        if (cell === '') continue;
        const counted = Number(cell);
        if (!Number.isInteger(counted) || counted < 0) {
          fail(line, `counted must be a whole number of 0 or more (got “${cell.slice(0, 20)}”)`);
          continue;
        }
        let itemId = (row.itemId ?? '').trim().toLowerCase();
        if (!/^[0-9a-f]{24}$/.test(itemId)) {
          const sku = (row.sku ?? '').trim();
          const item = sku ? await store.items.getBySku(sku) : null;
          if (!item) {
            fail(line, 'No item with that itemId or sku');
            continue;
          }
          itemId = item._id;
        }
        const outcome = await store.counts.record(countId, itemId, { set: counted }, by);
        if (outcome.ok) result.updated += 1;
        else if (outcome.reason === 'not_open') return outcome;
        else fail(line, outcome.reason === 'item_not_found' ? 'No item with that itemId or sku' : outcome.reason);
      }
      return { ok: true, value: result };
    },
  };
}
