import type { Item, ItemInput, ItemListQuery, StockChange, StockResult } from '@smart-zone/types/item';
import { parseItemSort, QUANTITY_MAX } from '@smart-zone/types/item';
import { BARCODES_SEPARATOR, locationCell } from '@smart-zone/types/csv';
import { MAIN_LOCATION_ID, MAIN_LOCATION_NAME } from '@smart-zone/types/location';
import type { DeleteResult, InsertResult, UpdateResult } from '@smart-zone/types/responses';
import { AppError, notFound } from '../errors/app-error';
import { etagOf } from '../http/preconditions';
import { prepareJson } from '../http/prepared-json';
import type { Placements } from '../store/ports/locations';
import { type Author, SkuTakenError, StoreBusyError, type Store } from '../store/store';
import { createPageCache, type CachedPage } from './page-cache';

export const ITEM_NOT_FOUND = 'No item with that id. It may have been deleted.';
/** A stock write naming a location that is not there (`field`: which it was). */
export const noLocation = (field: string) =>
  new AppError(400, 'location_not_found', `No location with that id (${field}): nothing changed`);

/** A store too busy to search: a 429 in the error shape, nothing done. */
function busyToRefusal(error: unknown): never {
  if (error instanceof StoreBusyError) {
    throw new AppError(
      429,
      'rate_limited',
      'The catalogue is busy with searches right now. Please try again in a moment.',
      undefined,
      error.message,
    );
  }
  throw error;
}

/**
 * An item as the export's row: ITEM_CSV_COLUMNS, in order ('' for no SKU; barcodes separated by spaces;
 * `location`: its places' cell, csv.ts locationCell).
 */
export const itemCsvRow = (item: Item, location = ''): (string | number)[] => [
  item._id,
  item.sku ?? '',
  item.name,
  item.supplier,
  item.price,
  item.quantity,
  item.minStock,
  item.description,
  item.img,
  (item.barcodes ?? []).join(BARCODES_SEPARATOR),
  location,
  item.version,
];

/** An item's `location` cell from where every placed unit is (store.locations.placements). */
function locationOf(item: Item, { paths, places }: Placements): string {
  const placed = places.get(item._id);
  if (!placed) return '';
  const lines = placed.map(({ locationId, quantity }) => ({ path: paths.get(locationId) ?? locationId, quantity }));
  const main = paths.get(MAIN_LOCATION_ID) ?? MAIN_LOCATION_NAME;
  const atMain = item.quantity - placed.reduce((sum, line) => sum + line.quantity, 0);
  // The most first; ties: Main first, then by path (as a delivery takes them: decisions/places.ts).
  const all = [{ path: main, quantity: atMain }, ...lines.sort((a, b) => a.path.localeCompare(b.path))];
  return locationCell(
    all.sort((a, b) => b.quantity - a.quantity),
    main,
  );
}

/**
 * A restock or removal that names no location, at the item's default location when it has one: a restock always,
 * a removal when that location holds at least what it takes (else, as without a default, from Main).
 */
async function defaultedChange(store: Store, id: string, change: StockChange): Promise<StockChange> {
  const locationId = (await store.locations.defaultOf(id))?.locationId;
  if (!locationId) return change;
  if (change.delta > 0) return { ...change, locationId };
  const held = (await store.items.stockByLocation(id))?.find((line) => line.locationId === locationId);
  return (held?.quantity ?? 0) >= -change.delta ? { ...change, locationId } : change;
}

/** Another item has the SKU or a barcode: a 409 naming it, nothing written. */
function skuToRefusal(error: unknown): never {
  if (error instanceof SkuTakenError) {
    throw new AppError(409, 'sku_taken', error.message, {
      [error.field]: `"${error.sku}" is already a code of "${error.holder.name}" (${error.holder.id})`,
    });
  }
  throw error;
}

export function inventoryService(store: Store) {
  const pages = createPageCache();
  const histories = createPageCache();
  const listOptions = (query: ItemListQuery) => ({
    limit: query.limit,
    skip: query.skip,
    q: query.q || undefined,
    stock: query.stock,
    sort: parseItemSort(query.sort),
  });
  const atDefault = (id: string, change: StockChange) => defaultedChange(store, id, change);

  return {
    /**
     * One page as JSON, and how many items match in all; its ETag names the
     * revision and the query. `canonical` is the query as one text
     * (JSON.stringify(query) unless the caller has it already).
     */
    async page(query: ItemListQuery, canonical = JSON.stringify(query)): Promise<CachedPage> {
      const key = `${await store.items.revision()}?${canonical}`;
      return pages
        .get(key, async () => {
          const options = listOptions(query);
          const [items, total] = await Promise.all([store.items.list(options), store.items.count(options)]);
          return { ...prepareJson(items, etagOf(key)), total };
        })
        .catch(busyToRefusal);
    },

    /** Every matching item, a batch at a time, tagged with the catalogue's revision taken before the first batch. */
    async all(query: ItemListQuery) {
      const options = listOptions(query);
      const revision = await store.items.revision();
      const total = await store.items.count(options).catch(busyToRefusal);
      return { revision, total, batches: store.items.stream(options) };
    },

    /** The export's rows (ITEM_CSV_COLUMNS), every matching item in list order, a batch at a time. */
    async csvRows(query: Omit<ItemListQuery, 'limit' | 'skip' | 'sku'>): Promise<AsyncIterable<(string | number)[][]>> {
      const options = listOptions(query);
      // A busy search worker refuses here, before the answer starts.
      await store.items.count(options).catch(busyToRefusal);
      return (async function* () {
        const placements = await store.locations.placements();
        for await (const items of store.items.stream(options)) {
          yield items.map((item) => itemCsvRow(item, locationOf(item, placements)));
        }
      })();
    },

    /** The reorder list's rows (item, supplier, quantity, reorder point, shortfall), a batch at a time. */
    async *reorderRows(): AsyncIterable<(string | number)[][]> {
      for await (const items of store.items.stream({ stock: 'low', sort: { key: 'shortfall', descending: false } })) {
        yield items.map((item) => [
          item.name,
          item.supplier,
          item.quantity,
          item.minStock,
          item.minStock - item.quantity,
        ]);
      }
    },

    async get(id: string): Promise<Item> {
      const item = await store.items.get(id);
      if (!item) throw notFound(ITEM_NOT_FOUND);
      return item;
    },

    /** The item with exactly this SKU, or null. */
    bySku(sku: string): Promise<Item | null> {
      return store.items.getBySku(sku);
    },
    /** The item that has exactly this code, as its SKU or a barcode. */
    byCode(code: string): Promise<Item | null> {
      return store.items.getByCode(code);
    },

    async create(input: ItemInput, actor: Author): Promise<InsertResult> {
      const item = await store.items.create(input, actor).catch(skuToRefusal);
      return { acknowledged: true, insertedId: item._id };
    },

    /** With `expectedVersion` (If-Match), a changed item answers 412 and nothing is written. */
    async update(id: string, input: ItemInput, actor: Author, expectedVersion?: number): Promise<UpdateResult> {
      const outcome = await store.items.update(id, input, actor, expectedVersion).catch(skuToRefusal);
      if (!outcome.ok && outcome.reason === 'not_found') throw notFound(ITEM_NOT_FOUND);
      if (!outcome.ok) {
        throw new AppError(
          412,
          'precondition_failed',
          'This item was changed by someone else since you loaded it. Load it again and redo your change.',
        );
      }
      return { acknowledged: true, matchedCount: 1, modifiedCount: outcome.changed ? 1 : 0 };
    },

    /**
     * A restock or removal: at its `locationId`; without one, a restock at the item's default location (a
     * removal too when that location holds enough), else at Main. A default removed meanwhile: at Main.
     */
    async changeStock(id: string, asked: StockChange, actor: Author): Promise<StockResult> {
      const change = asked.locationId ? asked : await atDefault(id, asked);
      let outcome = await store.items.changeStock(id, change, actor);
      if (!outcome.ok && outcome.reason === 'location_not_found' && change !== asked) {
        outcome = await store.items.changeStock(id, asked, actor);
      }
      if (!outcome.ok && outcome.reason === 'not_found') throw notFound(ITEM_NOT_FOUND);
      if (!outcome.ok && outcome.reason === 'location_not_found') throw noLocation('locationId');
      if (!outcome.ok) {
        throw new AppError(
          409,
          'out_of_stock',
          change.delta < 0
            ? `Only ${outcome.available} in stock${change.locationId ? ' there' : ''}: cannot remove ${-change.delta}`
            : `${outcome.available} in stock: adding ${change.delta} would go over the limit of ${QUANTITY_MAX}`,
        );
      }
      return { quantity: outcome.item.quantity, movementId: outcome.movementId };
    },

    async remove(id: string, actor: Author): Promise<DeleteResult> {
      if (!(await store.items.remove(id, actor))) throw notFound(ITEM_NOT_FOUND);
      return { acknowledged: true, deletedCount: 1 };
    },

    /**
     * One page of an item's movements as JSON, and how many it has in all; kept as the list pages are, by the
     * catalogue's revision: a movement is a change of its item (its stock, or its deletion), which moves the
     * revision on, so a kept page never outlives a movement it does not show. An unknown id is not kept.
     */
    async history(id: string, page: { limit: number; skip: number }): Promise<CachedPage> {
      const key = `${await store.items.revision()}?${id}?${page.limit}&${page.skip}`;
      return histories.get(key, async () => {
        const { movements, total } = await store.items.history(id, page);
        if (total === 0) throw notFound(ITEM_NOT_FOUND);
        return { ...prepareJson(movements, etagOf(key)), total };
      });
    },
  };
}
