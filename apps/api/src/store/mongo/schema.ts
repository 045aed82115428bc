import { MongoServerError, type Db, type Document, type IndexDescription } from 'mongodb';
import { MOVEMENT_REASONS } from '@smart-zone/types/item';

/**
 * What MongoDB itself refuses, as SQLite's CHECK constraints do (see
 * store/sqlite/schema.ts): the last line of defence, so even a bug above
 * cannot store negative stock, a delivery of nothing, or a ledger line with
 * an unknown reason. `moderate`: documents written before the validator
 * existed are not checked until they are valid, so an old database still opens.
 */
const text = { bsonType: 'string' };
const date = { bsonType: 'date' };
const objectId = { bsonType: 'objectId' };
const number = { bsonType: ['int', 'long', 'double', 'decimal'] };
const wholeNumber = { ...number, multipleOf: 1 };
const actor = { bsonType: 'object', required: ['uid', 'email'], properties: { uid: text, email: text } };

export const VALIDATORS: Record<'items' | 'deliveries' | 'movements', Document> = {
  items: {
    bsonType: 'object',
    required: [
      'name',
      'supplier',
      'price',
      'quantity',
      'description',
      'img',
      'createdAt',
      'updatedAt',
      'version',
      'createdBy',
      'updatedBy',
      'search',
    ],
    properties: {
      _id: objectId,
      name: text,
      supplier: text,
      price: { ...number, minimum: 0 },
      quantity: { ...wholeNumber, minimum: 0 },
      description: text,
      img: text,
      createdAt: date,
      updatedAt: date,
      version: { ...wholeNumber, minimum: 1 },
      createdBy: actor,
      updatedBy: actor,
      search: text,
    },
  },
  deliveries: {
    bsonType: 'object',
    required: ['uid', 'email', 'name', 'inventory', 'inventoriesId', 'address', 'phone', 'quantity', 'createdAt'],
    properties: {
      _id: objectId,
      uid: text,
      email: text,
      name: text,
      inventory: text,
      inventoriesId: objectId,
      address: text,
      phone: text,
      quantity: { ...wholeNumber, minimum: 1 },
      createdAt: date,
      cancelledAt: date,
    },
  },
  movements: {
    bsonType: 'object',
    required: ['itemId', 'delta', 'quantityAfter', 'reason', 'actor', 'at'],
    properties: {
      _id: objectId,
      itemId: objectId,
      delta: wholeNumber,
      quantityAfter: { ...wholeNumber, minimum: 0 },
      reason: { enum: [...MOVEMENT_REASONS] },
      actor,
      deliveryId: objectId,
      note: text,
      at: date,
      item: { bsonType: 'object' },
    },
    // A zero change is only a creation or a deletion of an empty item.
    anyOf: [
      { properties: { reason: { enum: ['created', 'deleted'] } } },
      { properties: { delta: { not: { minimum: 0, maximum: 0 } } } },
    ],
  },
};

/** Item names sort as people read them, not by code point. */
export const CASE_INSENSITIVE = { locale: 'en', strength: 2 };

/**
 * One index for every query the adapter makes (see mongo-store.ts); the
 * adapter's explain test (test/mongo-adapter.mongo.test.ts) checks that none
 * of them scans a collection. _id covers get, the default order and newest.
 * Default names, as earlier versions made them: an old database keeps its indexes.
 */
export const INDEXES: Record<'items' | 'deliveries' | 'movements', IndexDescription[]> = {
  items: [
    // list/stream sorted by name (with the same collation), price, quantity; ties by _id.
    { key: { name: 1, _id: 1 }, collation: CASE_INSENSITIVE },
    { key: { price: 1, _id: 1 } },
    { key: { quantity: 1, _id: 1 } },
    // search: an unanchored regex reads this index's keys, not every document.
    { key: { search: 1 } },
  ],
  deliveries: [
    // listByOwner: an owner's deliveries, newest first.
    { key: { uid: 1, _id: -1 } },
  ],
  movements: [
    // history: an item's movements newest first (ObjectIds grow with time), and their count.
    { key: { itemId: 1, _id: -1 } },
  ],
};

const NAMESPACE_EXISTS = 48;
const UNAUTHORIZED = 13;

/**
 * Creates each collection with its validator, or sets the validator on one
 * that exists (collMod), then its indexes. A user without the right to
 * change collections gets a warning, not a stop: the adapter's own guards
 * still hold.
 */
export async function applySchema(db: Db, warn: (message: string) => void): Promise<void> {
  const existing = new Set(
    (await db.listCollections({}, { nameOnly: true }).toArray()).map((collection) => collection.name),
  );
  for (const [name, $jsonSchema] of Object.entries(VALIDATORS)) {
    const options = { validator: { $jsonSchema }, validationLevel: 'moderate', validationAction: 'error' } as const;
    try {
      if (!existing.has(name)) {
        try {
          await db.createCollection(name, options);
          continue;
        } catch (error) {
          // Another instance created it first: set the validator on it below.
          if (!(error instanceof MongoServerError && error.code === NAMESPACE_EXISTS)) throw error;
        }
      }
      await db.command({ collMod: name, ...options });
    } catch (error) {
      if (error instanceof MongoServerError && error.code === UNAUTHORIZED) {
        warn(
          `MongoDB: this user may not set the ${name} validator (collMod); its documents are checked by the app only.`,
        );
        continue;
      }
      throw error;
    }
  }
  for (const [name, indexes] of Object.entries(INDEXES)) {
    await db.collection(name).createIndexes(indexes);
  }
}
