import { type Filter, ObjectId } from 'mongodb';
import { type LocationItem, MAIN_LOCATION_ID, PATH_SEPARATOR } from '@smart-zone/types/location';
import type { LocationRepository } from '../ports/locations';
import type { ItemDoc, MongoCollections } from './documents';
import { OPERATION_TIME_MS } from './mongo-ledger';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a location holds (issue 34), as sqlite/location-items.ts: at Main, each item's units no other location
 * holds (`quantity − placed`: a filter no index holds, read in the order the items were added); elsewhere, the
 * items whose `stock` names it (stock_by_location). `deep` adds the locations below it (found by their path).
 */
export function mongoLocationItems({ items, locations }: MongoCollections): Pick<LocationRepository, 'items'> {
  const options = { maxTimeMS: OPERATION_TIME_MS };
  const projection = { name: 1, sku: 1, quantity: 1, placed: 1, stock: 1 };
  return {
    async items(id, deep, { limit, skip }) {
      const _id = new ObjectId(id);
      const location = await locations.findOne({ _id }, { projection: { pathKey: 1 }, ...options });
      if (!location) return null;
      let filter: Filter<ItemDoc>;
      let unitsOf: (doc: ItemDoc) => number;
      if (id === MAIN_LOCATION_ID) {
        filter = deep ? { quantity: { $gt: 0 } } : { $expr: { $gt: ['$quantity', { $ifNull: ['$placed', 0] }] } };
        unitsOf = (doc) => (deep ? doc.quantity : doc.quantity - (doc.placed ?? 0));
      } else {
        const below = deep
          ? await locations
              .find(
                { pathKey: { $regex: `^${escapeRegex(`${location.pathKey}${PATH_SEPARATOR}`)}` } },
                { projection: { _id: 1 }, ...options },
              )
              .toArray()
          : [];
        const ids = [_id, ...below.map((doc) => doc._id)];
        const hex = new Set(ids.map((each) => each.toHexString()));
        filter = { 'stock.locationId': { $in: ids }, placed: { $gt: 0 } };
        unitsOf = (doc) =>
          (doc.stock ?? []).reduce(
            (sum, line) => (hex.has(line.locationId.toHexString()) ? sum + line.quantity : sum),
            0,
          );
      }
      const [docs, total] = await Promise.all([
        items.find(filter, { projection, sort: { seq: 1, _id: 1 }, skip, limit, ...options }).toArray(),
        items.countDocuments(filter, options),
      ]);
      const lines: LocationItem[] = docs.map((doc) => ({
        itemId: doc._id.toHexString(),
        name: doc.name,
        ...(typeof doc.sku === 'string' ? { sku: doc.sku } : {}),
        quantity: unitsOf(doc),
      }));
      return { items: lines, total };
    },
  };
}
