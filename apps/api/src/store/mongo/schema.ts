import { MongoServerError, type Db, type Document, type IndexDescription } from 'mongodb';
import { ALERT_CHANNELS, ALERT_KINDS } from '@smart-zone/types/alert';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from '@smart-zone/types/audit';
import { MOVEMENT_REASONS, QUANTITY_MAX, SYSTEM_ACTOR } from '@smart-zone/types/item';
import { ZERO_DELTA_REASONS } from '@smart-zone/types/movement-kinds';
import { ROLES } from '@smart-zone/types/roles';
import {
  HAS_SKU,
  nameKey,
  searchText,
  SKU_INDEX,
  STOCK_LEVEL_EXPR,
  type ItemDoc,
  type MongoCollections,
} from './documents';
import { inTx, type MongoLedger } from './mongo-ledger';
import { countPastMovements } from './mongo-stats';

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
const quantity = { ...wholeNumber, minimum: 0, maximum: QUANTITY_MAX };
const seq = { ...wholeNumber, minimum: 1 };
/**
 * The stats' totals of a day: units, which pass 2^31 − 1 in a busy day (2,148 moves of a million). The
 * ledger adds doubles (exact to 2^53); a long, which an $inc of ints makes past 2^31 − 1 (an instance from
 * before), is accepted too, or that day's every later stock write would be refused. Read with countOf.
 */
const total = { bsonType: ['int', 'long', 'double'], multipleOf: 1, minimum: 0 };

type CollectionName =
  | 'items'
  | 'deliveries'
  | 'movements'
  | 'alerts'
  | 'alertSends'
  | 'changes'
  | 'members'
  | 'audit'
  | 'movementDays'
  | 'itemOutDays';

const SCHEMAS: Record<CollectionName, Document> = {
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
      'minStock',
      'low',
      'shortfall',
    ],
    properties: {
      _id: objectId,
      name: text,
      supplier: text,
      price: { ...number, minimum: 0 },
      quantity: { ...wholeNumber, minimum: 0 },
      description: text,
      img: text,
      minStock: quantity,
      // Absent on items from before it; trimmed (no space at either end) and 1–64 characters when set.
      sku: { bsonType: ['string', 'null'], minLength: 1, maxLength: 64, pattern: '^\\S(.*\\S)?$' },
      low: { bsonType: 'bool' },
      shortfall: { ...wholeNumber, minimum: -QUANTITY_MAX, maximum: QUANTITY_MAX },
      createdAt: date,
      updatedAt: date,
      version: { ...wholeNumber, minimum: 1 },
      createdBy: actor,
      updatedBy: actor,
      search: text,
      nameKey: text,
      seq,
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
      undoOf: objectId,
    },
    allOf: [
      // A zero change is only of a reason that may move 0 (movement-kinds.ts: an item created or deleted empty).
      {
        anyOf: [
          { properties: { reason: { enum: [...ZERO_DELTA_REASONS] } } },
          { properties: { delta: { not: { minimum: 0, maximum: 0 } } } },
        ],
      },
      // An undo names the movement it takes back, and only an undo does.
      {
        anyOf: [
          { properties: { reason: { enum: ['undo'] } }, required: ['undoOf'] },
          { properties: { reason: { not: { enum: ['undo'] } } }, not: { required: ['undoOf'] } },
        ],
      },
    ],
  },
  alerts: {
    bsonType: 'object',
    required: ['itemId', 'itemName', 'kind', 'quantity', 'minStock', 'at', 'seq', 'pending'],
    properties: {
      _id: objectId,
      itemId: objectId,
      itemName: text,
      kind: { enum: [...ALERT_KINDS] },
      quantity,
      minStock: quantity,
      movementId: objectId,
      at: date,
      readAt: date,
      seq,
      pending: { bsonType: 'array', items: { enum: [...ALERT_CHANNELS] } },
    },
  },
  alertSends: {
    bsonType: 'object',
    required: ['alertId', 'alertSeq', 'channel', 'state', 'attempts'],
    properties: {
      _id: objectId,
      alertId: objectId,
      alertSeq: seq,
      channel: { enum: [...ALERT_CHANNELS] },
      state: { enum: ['retry', 'sent', 'failed'] },
      attempts: { ...wholeNumber, minimum: 1 },
      retryAt: date,
      lastError: text,
    },
  },
  changes: {
    bsonType: 'object',
    required: ['seq', 'itemId', 'cause', 'quantity', 'minStock', 'version', 'at'],
    properties: {
      _id: objectId,
      seq,
      itemId: objectId,
      cause: { enum: [...MOVEMENT_REASONS, 'updated'] },
      quantity,
      minStock: quantity,
      // Numeric keywords hold for numbers only: null (a deletion) passes them.
      version: { bsonType: ['int', 'double', 'null'], minimum: 1, multipleOf: 1 },
      movementId: objectId,
      delta: wholeNumber,
      deliveryId: objectId,
      alertId: objectId,
      alertKind: { enum: [...ALERT_KINDS] },
      at: date,
    },
  },
  members: {
    bsonType: 'object',
    required: ['_id', 'role', 'invitedBy', 'at'],
    properties: {
      // The email, normalised (trimmed, lower-cased).
      _id: text,
      role: { enum: [...ROLES] },
      invitedBy: text,
      at: date,
    },
  },
  audit: {
    bsonType: 'object',
    required: ['seq', 'at', 'actor', 'action', 'target', 'requestId'],
    properties: {
      _id: objectId,
      seq,
      at: date,
      actor,
      action: { enum: [...AUDIT_ACTIONS] },
      target: {
        bsonType: 'object',
        required: ['kind', 'id', 'name'],
        properties: { kind: { enum: [...AUDIT_TARGETS] }, id: text, name: text, itemId: objectId },
      },
      // Each changed field as [old, new]: a string, a number or null on each side.
      changes: {
        bsonType: 'object',
        additionalProperties: {
          bsonType: 'array',
          minItems: 2,
          maxItems: 2,
          items: { bsonType: ['string', 'int', 'double', 'null'] },
        },
      },
      reason: text,
      movementId: objectId,
      requestId: text,
    },
  },
  movementDays: {
    bsonType: 'object',
    required: ['_id', 'in', 'out'],
    properties: {
      _id: { ...text, pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      in: total,
      out: total,
    },
  },
  itemOutDays: {
    bsonType: 'object',
    required: ['day', 'itemId', 'out'],
    properties: {
      _id: objectId,
      day: { ...text, pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      itemId: objectId,
      out: { ...total, minimum: 1 },
    },
  },
};

/**
 * Each collection's validator: its schema, and for items the derived stock
 * fields checked against quantity and minStock, so a write path that moved
 * one without the others is refused instead of leaving the low list wrong.
 */
const ITEM_STOCK_CHECK: Document = {
  $expr: {
    $and: [{ $eq: ['$low', STOCK_LEVEL_EXPR.low] }, { $eq: ['$shortfall', STOCK_LEVEL_EXPR.shortfall] }],
  },
};

export const VALIDATORS: Record<CollectionName, Document> = {
  items: { $jsonSchema: SCHEMAS.items, ...ITEM_STOCK_CHECK },
  deliveries: { $jsonSchema: SCHEMAS.deliveries },
  movements: { $jsonSchema: SCHEMAS.movements },
  alerts: { $jsonSchema: SCHEMAS.alerts },
  alertSends: { $jsonSchema: SCHEMAS.alertSends },
  changes: { $jsonSchema: SCHEMAS.changes },
  members: { $jsonSchema: SCHEMAS.members },
  audit: { $jsonSchema: SCHEMAS.audit },
  movementDays: { $jsonSchema: SCHEMAS.movementDays },
  itemOutDays: { $jsonSchema: SCHEMAS.itemOutDays },
};

/** A day: the change log serves the feed's start and a standalone server's polling, never history. */
const CHANGES_KEPT_SECONDS = 24 * 60 * 60;

/**
 * One index for every query the adapter makes (item-queries.ts, mongo-items.ts,
 * mongo-deliveries.ts, mongo-team.ts, mongo-audit.ts); the adapter's explain test
 * (test/mongo-adapter.mongo.test.ts) checks that none of them scans a
 * collection. _id covers get and the whole count. Every sort ends in the
 * creation order `seq, _id` (`seq` is absent, so lowest, on
 * documents from before it: they keep their old _id order among themselves).
 */
export const INDEXES: Record<CollectionName, IndexDescription[]> = {
  items: [
    // list/stream: oldest first and newest; by name (simple collation on nameKey), price, quantity.
    // The quantity index also serves `stock=out` (quantity 0) in creation order, and its count.
    { key: { seq: 1, _id: 1 } },
    { key: { nameKey: 1, seq: 1, _id: 1 } },
    { key: { price: 1, seq: 1, _id: 1 } },
    { key: { quantity: 1, seq: 1, _id: 1 } },
    { key: { shortfall: 1, seq: 1, _id: 1 } },
    // stock=low: the low items alone (partial), in creation order and by shortfall, and their count.
    // `low` leads the key so the pattern differs from the full indexes above and the query's `low: true` is a bound.
    { key: { low: 1, seq: 1, _id: 1 }, name: 'low_by_seq', partialFilterExpression: { low: true } },
    {
      key: { low: 1, shortfall: -1, seq: -1, _id: -1 },
      name: 'low_by_shortfall',
      partialFilterExpression: { low: true },
    },
    // search: an unanchored regex reads this index's keys, not every document.
    { key: { search: 1 } },
    // ?sku= and the uniqueness of a SKU: only the items that have one (a string) are in it.
    // A query uses it only when it says `$type: 'string'` too (skuIs, skuIn in documents.ts).
    { key: { sku: 1 }, name: SKU_INDEX, unique: true, partialFilterExpression: { sku: HAS_SKU } },
  ],
  deliveries: [
    // listByOwner: an owner's deliveries, newest first.
    { key: { uid: 1, seq: -1, _id: -1 } },
    // list: the ones not cancelled (cancelledAt missing: the point [null, null] of each index, so the order
    // after it still comes from the index), all of them, by email and by item, newest first by time (a
    // from/to range is a range of the same key), ties in commit order, as SQLite.
    // (A partial index cannot say "missing": MongoDB's partial filters know $exists: true only.)
    { key: { cancelledAt: 1, createdAt: -1, seq: -1, _id: -1 } },
    { key: { email: 1, cancelledAt: 1, createdAt: -1, seq: -1, _id: -1 } },
    { key: { inventoriesId: 1, cancelledAt: 1, createdAt: -1, seq: -1, _id: -1 } },
  ],
  movements: [
    // history: an item's movements in the order of its writes, newest first, and their count.
    { key: { itemId: 1, version: -1, _id: -1 } },
    // the ledger export: oldest first by time, every item's (a range of `at`) or one item's.
    { key: { at: 1, _id: 1 } },
    { key: { itemId: 1, at: 1, _id: 1 } },
    // A movement is undone once (two undos at once: the second is a duplicate key), and history finds the undo.
    {
      key: { undoOf: 1 },
      name: 'undo_of_unique',
      unique: true,
      partialFilterExpression: { undoOf: { $exists: true } },
    },
  ],
  alerts: [
    // list, newest first (unique: one alert per change, and a change's seq is its own).
    { key: { seq: -1 }, unique: true },
    // list and count of the unread ones.
    { key: { readAt: 1, seq: -1 } },
    // due: the alerts a channel never tried, since a time.
    { key: { pending: 1, at: 1 } },
  ],
  alertSends: [
    // recordSend's upsert, and the channels that gave up on a page of alerts.
    { key: { alertId: 1, channel: 1 }, unique: true },
    // due: a channel's retries whose time has come; failedCount.
    { key: { state: 1, channel: 1, retryAt: 1 } },
  ],
  members: [
    // The last-owner rule counts the owners.
    { key: { role: 1 } },
  ],
  audit: [
    // unique: one entry per write, and a write's seq is its own.
    { key: { seq: -1 }, unique: true },
    // list, newest first by time (a from/to range is a range of the same key), ties in commit order, as
    // SQLite; one index per filter, and actor with action.
    { key: { at: -1, seq: -1 } },
    { key: { 'actor.email': 1, at: -1, seq: -1 } },
    { key: { action: 1, at: -1, seq: -1 } },
    { key: { 'actor.email': 1, action: 1, at: -1, seq: -1 } },
    { key: { 'target.itemId': 1, at: -1, seq: -1 }, partialFilterExpression: { 'target.itemId': { $exists: true } } },
  ],
  changes: [
    // A standalone server's feed reads by seq; unique: two changes never share a place in commit order.
    { key: { seq: 1 }, unique: true },
    // TTL rather than "the last 100,000" (SQLite's rule): the server drops expired documents itself, with
    // no timer in each instance, and the feed reads the oplog, not this collection, so a day is plenty.
    { key: { at: 1 }, expireAfterSeconds: CHANGES_KEPT_SECONDS },
  ],
  // The stats' days are their _id.
  movementDays: [],
  itemOutDays: [
    // The ledger's upsert of an item's day (unique: one per item and day), and the window's range of days.
    { key: { day: 1, itemId: 1 }, unique: true },
    // An item's rows, removed with it.
    { key: { itemId: 1 } },
  ],
};

/**
 * Indexes earlier versions made and nothing queries any more (each costs every
 * write): the first version's deliveries by email, and the orders by ObjectId
 * and by ICU collation that `seq`, `version` and `nameKey` replace.
 */
const RETIRED_INDEXES: Partial<Record<CollectionName, string[]>> = {
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
  for (const [name, validator] of Object.entries(VALIDATORS)) {
    const options = { validator, validationLevel: 'moderate', validationAction: 'error' } as const;
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
    if (indexes.length > 0) await db.collection(name).createIndexes(indexes);
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
  await stockLevels(collections, ledger);
  await countPastMovements(collections);
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

/**
 * Items from before the reorder point get minStock 0 and its derived fields
 * (low, shortfall), in one pipeline update on the server; safe to run again,
 * and beside another instance starting. Every writer sets the three together,
 * so an item without `shortfall` (found through its index, no scan) is one
 * from before them.
 */
async function stockLevels({ items }: MongoCollections, ledger: MongoLedger): Promise<void> {
  const result = await items.updateMany({ shortfall: { $exists: false } }, [
    { $set: { minStock: { $ifNull: ['$minStock', 0] } } },
    { $set: STOCK_LEVEL_EXPR },
  ]);
  // Every item's answer gained minStock: no list cached before may be served as current.
  if (result.modifiedCount > 0) await ledger.bumpRevision();
}
