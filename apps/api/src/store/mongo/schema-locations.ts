import { ObjectId, type Collection, type Document, type IndexDescription } from 'mongodb';
import { LOCATION_DEPTH_MAX, MAIN_LOCATION_ID, MAIN_LOCATION_NAME } from '@smart-zone/types/location';
import { storedLocation, type StoredLocation } from '../decisions/locations';

/**
 * The locations' tree (issue 34), as SQLite's schema-locations.ts: a document per location, its root `Main`
 * (the one without a parent) made once by the migration. A name is unique among its siblings by its key;
 * `pathKey` orders the lists (the root's is '': first); `words` is what a search matches.
 */
export interface LocationDoc {
  _id: ObjectId;
  name: string;
  nameKey: string;
  parentId: ObjectId | null;
  path: string;
  pathKey: string;
  words: string;
  depth: number;
  updatedAt: Date;
  /** Moved on by every write that puts units here (item-writes.ts): such a write and this location's removal conflict. */
  stockWrites?: number;
}

const text = { bsonType: 'string' };

/** Units of an item at a location other than Main (an item document's `stock`, issue 34): never 0. */
export interface HeldDoc {
  locationId: ObjectId;
  quantity: number;
}

/** Units of a movement at one location (a movement document's `places`; Main by its id). */
export interface PlaceDoc {
  locationId: ObjectId;
  delta: number;
}

const wholeNumber = { bsonType: ['int', 'double'], multipleOf: 1 };
/** What an item document holds of its stock per location, and a movement of its places (schema-validators.ts). */
export const ITEM_STOCK_PROPERTIES: Document = {
  stock: {
    bsonType: 'array',
    items: {
      bsonType: 'object',
      required: ['locationId', 'quantity'],
      properties: { locationId: { bsonType: 'objectId' }, quantity: { ...wholeNumber, minimum: 1 } },
    },
  },
  placed: { ...wholeNumber, minimum: 0 },
  /** Where a receipt that names no location goes (issue 34): not an item field, no version moves. */
  defaultLocationId: { bsonType: 'objectId' },
};
export const MOVEMENT_PLACES_PROPERTY: Document = {
  bsonType: 'array',
  items: {
    bsonType: 'object',
    required: ['locationId', 'delta'],
    properties: { locationId: { bsonType: 'objectId' }, delta: wholeNumber },
  },
};
/** Main holds quantity − placed: never below 0. */
export const PLACED_CHECK: Document = { $lte: [{ $ifNull: ['$placed', 0] }, '$quantity'] };

/** What MongoDB refuses of a location, as SQLite's CHECKs. */
export const LOCATION_SCHEMA: Document = {
  bsonType: 'object',
  required: ['name', 'nameKey', 'parentId', 'path', 'pathKey', 'words', 'depth', 'updatedAt'],
  properties: {
    _id: { bsonType: 'objectId' },
    name: text,
    nameKey: text,
    parentId: { bsonType: ['objectId', 'null'] },
    path: text,
    pathKey: text,
    words: text,
    depth: { bsonType: ['int', 'double'], multipleOf: 1, minimum: 0, maximum: LOCATION_DEPTH_MAX },
    updatedAt: { bsonType: 'date' },
  },
};

export const LOCATION_INDEXES: IndexDescription[] = [
  // A name once among its siblings (the root's parent is null: it alone).
  { key: { parentId: 1, nameKey: 1 }, unique: true },
  // The list by path, and one location's children by path (each with their count).
  { key: { pathKey: 1, _id: 1 } },
  { key: { parentId: 1, pathKey: 1, _id: 1 } },
];

/** A location's document from what the decisions keep of it. */
export const toLocationDoc = (location: StoredLocation): LocationDoc => ({
  _id: new ObjectId(location._id),
  name: location.name,
  nameKey: location.nameKey,
  parentId: location.parentId === null ? null : new ObjectId(location.parentId),
  path: location.path,
  pathKey: location.pathKey,
  words: location.words,
  depth: location.depth,
  updatedAt: new Date(location.updatedAt),
});

export const toStoredLocation = (doc: LocationDoc): StoredLocation => ({
  _id: doc._id.toHexString(),
  name: doc.name,
  parentId: doc.parentId?.toHexString() ?? null,
  path: doc.path,
  depth: doc.depth,
  updatedAt: doc.updatedAt.toISOString(),
  nameKey: doc.nameKey,
  pathKey: doc.pathKey,
  words: doc.words,
});

/** Migration: the root, once (an upsert: two instances starting together make one). */
export async function rootLocation(locations: Collection<LocationDoc>): Promise<void> {
  const root = toLocationDoc(
    storedLocation({ _id: MAIN_LOCATION_ID, parent: null }, MAIN_LOCATION_NAME, new Date().toISOString()),
  );
  const { _id, ...fields } = root;
  await locations.updateOne({ _id }, { $setOnInsert: fields }, { upsert: true });
}
