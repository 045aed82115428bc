import type { Item, ItemInput, ItemListQuery } from '@smart-zone/types/item';
import { parseItemSort } from '@smart-zone/types/item';
import type { DeleteResult, InsertResult, UpdateResult } from '@smart-zone/types/responses';
import { notFound } from '../errors/app-error';
import type { Store } from '../store/store';

const ITEM_NOT_FOUND = 'No item with that id. It may have been deleted.';

export function inventoryService(store: Store) {
  return {
    list(query: ItemListQuery): Promise<Item[]> {
      return store.items.list({ limit: query.limit, skip: query.skip, q: query.q || undefined, sort: parseItemSort(query.sort) });
    },

    async get(id: string): Promise<Item> {
      const item = await store.items.get(id);
      if (!item) throw notFound(ITEM_NOT_FOUND);
      return item;
    },

    async create(input: ItemInput): Promise<InsertResult> {
      const item = await store.items.create(input);
      return { acknowledged: true, insertedId: item._id };
    },

    /** Also how staff restock: the new quantity replaces the old. */
    async update(id: string, input: ItemInput): Promise<UpdateResult> {
      const before = await store.items.get(id);
      if (!before) throw notFound(ITEM_NOT_FOUND);
      const after = await store.items.update(id, input);
      if (!after) throw notFound(ITEM_NOT_FOUND);
      const changed = (Object.keys(input) as (keyof ItemInput)[]).some((key) => before[key] !== after[key]);
      return { acknowledged: true, matchedCount: 1, modifiedCount: changed ? 1 : 0 };
    },

    async remove(id: string): Promise<DeleteResult> {
      if (!(await store.items.remove(id))) throw notFound(ITEM_NOT_FOUND);
      return { acknowledged: true, deletedCount: 1 };
    },
  };
}
