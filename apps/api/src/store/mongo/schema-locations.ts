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
}

const text = { bsonType: 'string' };

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
