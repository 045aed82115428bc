import { MongoServerError, type Db, type Document, type IndexDescription } from 'mongodb';
import { MOVEMENT_REASONS, SYSTEM_ACTOR } from '@smart-zone/types/item';
import { nameKey, searchText, type ItemDoc, type MongoCollections } from './documents';
import { inTx, type MongoLedger } from './mongo-ledger';

const LEDGER_MIGRATED_KEY = 'ledger_migrated';

/**
 * What MongoDB itself refuses, as SQLite's CHECK constraints do (see
 * store/sqlite/schema.ts): the last line of defence, so even a bug above
 * cannot store negative stock, a delivery of nothing, or a ledger line with
 * an unknown reason. `moderate`: documents written before the validator
 * existed are not checked until they are valid, so an old database still opens;
 * for that reason a field that old documents lack and no migration fills
 * (`seq`, a movement's `version`) is checked when present, not required.
 */
const text = { bsonType: 'string' };
const date = { bsonType: 'date' };
const objectId = { bsonType: 'objectId' };
// Plain numbers only: a long or a decimal would come back as a driver type (and never equal a number).
const number = { bsonType: ['int', 'double'] };
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
      'nameKey',
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
      nameKey: text,
      seq: { ...wholeNumber, minimum: 1 },
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
      seq: { ...wholeNumber, minimum: 1 },
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
      version: { ...wholeNumber, minimum: 1 },
    },
    // A zero change is only a creation or a deletion of an empty item.
    anyOf: [
      { properties: { reason: { enum: ['created', 'deleted'] } } },
      { properties: { delta: { not: { minimum: 0, maximum: 0 } } } },
    ],
  },
};

/**
 * One index for every query the adapter makes (item-queries.ts, mongo-items.ts,
 * mongo-deliveries.ts); the adapter's explain test
 * (test/mongo-adapter.mongo.test.ts) checks that none of them scans a
 * collection. _id covers get and the whole count. Every sort ends in the
 * creation order `seq, _id` (`seq` is absent, so lowest, on
 * documents from before it: they keep their old _id order among themselves).
 */
export const INDEXES: Record<'items' | 'deliveries' | 'movements', IndexDescription[]> = {
  items: [
    // list/stream: oldest first and newest; by name (simple collation on nameKey), price, quantity.
    { key: { seq: 1, _id: 1 } },
    { key: { nameKey: 1, seq: 1, _id: 1 } },
    { key: { price: 1, seq: 1, _id: 1 } },
    { key: { quantity: 1, seq: 1, _id: 1 } },
    // search: an unanchored regex reads this index's keys, not every document.
    { key: { search: 1 } },
  ],
  deliveries: [
    // listByOwner: an owner's deliveries, newest first.
    { key: { uid: 1, seq: -1, _id: -1 } },
  ],
  movements: [
    // history: an item's movements in the order of its writes, newest first, and their count.
    { key: { itemId: 1, version: -1, _id: -1 } },
  ],
};

/**
 * Indexes earlier versions made and nothing queries any more (each costs every
 * write): the first version's deliveries by email, and the orders by ObjectId
 * and by ICU collation that `seq`, `version` and `nameKey` replace.
 */
const RETIRED_INDEXES: Record<'items' | 'deliveries' | 'movements', string[]> = {
  items: ['name_1__id_1', 'price_1__id_1', 'quantity_1__id_1'],
  deliveries: ['email_1__id_-1', 'uid_1__id_-1'],
  movements: ['itemId_1__id_-1'],
};

const NAMESPACE_EXISTS = 48;
const UNAUTHORIZED = 13;
const INDEX_NOT_FOUND = 27;
const NAMESPACE_NOT_FOUND = 26;

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
  for (const [name, retired] of Object.entries(RETIRED_INDEXES)) {
    for (const index of retired) {
      try {
        await db.collection(name).dropIndex(index);
      } catch (error) {
        const code = error instanceof MongoServerError ? error.code : undefined;
        if (code === INDEX_NOT_FOUND || code === NAMESPACE_NOT_FOUND) continue;
        if (code === UNAUTHORIZED) {
          warn(`MongoDB: this user may not drop the unused index ${name}.${index}; it only slows writes down.`);
          continue;
        }
        throw error;
      }
    }
  }
}

/**
 * What documents from earlier versions need, each step safe to run again and
 * beside another instance starting at the same time: the revision's catalogue
 * id, the ledger's opening balances, the name sort key, and deliveries' uid.
 * Items, deliveries and movements from before `seq`/`version` keep none: they
 * sort by _id after (history, deliveries) or before (items) the rest.
 */
export async function migrate(collections: MongoCollections, ledger: MongoLedger): Promise<void> {
  await ledger.prepare();
  await openingBalances(collections, ledger);
  await nameKeys(collections, ledger);
  // The first version's deliveries belonged to an email: they belong to no uid, as in SQLite (its V2).
  await collections.deliveries.updateMany({ uid: { $exists: false } }, { $set: { uid: '' } });
}

/** Items from before the ledger: fill in the new fields and an opening balance, once. */
async function openingBalances({ items, meta }: MongoCollections, ledger: MongoLedger): Promise<void> {
  if (await meta.findOne({ _id: LEDGER_MIGRATED_KEY })) return;
  for await (const legacy of items.find({ version: { $exists: false } })) {
    const createdAt = legacy.createdAt ?? new Date();
    await ledger.write(async (session) => {
      const updated = await items.updateOne(
        { _id: legacy._id, version: { $exists: false } },
        {
          $set: {
            createdAt,
            updatedAt: createdAt,
            description: legacy.description ?? '',
            img: legacy.img ?? '',
            version: 1,
            createdBy: SYSTEM_ACTOR,
            updatedBy: SYSTEM_ACTOR,
            search: searchText(legacy),
            nameKey: nameKey(legacy.name),
          },
        },
        inTx(session),
      );
      // Another instance starting at the same time may have done this one.
      if (updated.modifiedCount === 0) return;
      await ledger.append(
        {
          itemId: legacy._id,
          delta: legacy.quantity,
          quantityAfter: legacy.quantity,
          reason: 'created',
          actor: SYSTEM_ACTOR,
          note: 'opening balance',
          at: createdAt,
          version: 1,
        },
        session,
      );
      await ledger.bumpRevision(session);
    });
  }
  await meta.updateOne({ _id: LEDGER_MIGRATED_KEY }, { $set: { at: new Date() } }, { upsert: true });
}

/** Items from before the name sort key get theirs (a rename since has written it already). */
async function nameKeys({ items }: MongoCollections, ledger: MongoLedger): Promise<void> {
  const BATCH = 1000;
  let changed = 0;
  let batch: { _id: ItemDoc['_id']; name: string }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const result = await items.bulkWrite(
      batch.map(({ _id, name }) => ({
        updateOne: { filter: { _id, name, nameKey: { $exists: false } }, update: { $set: { nameKey: nameKey(name) } } },
      })),
      { ordered: false },
    );
    changed += result.modifiedCount;
    batch = [];
  };
  for await (const doc of items.find({ nameKey: { $exists: false } }, { projection: { name: 1 } })) {
    batch.push(doc);
    if (batch.length === BATCH) await flush();
  }
  await flush();
  // The name order of every list changed: no page cached before may be served as current.
  if (changed > 0) await ledger.bumpRevision();
}
