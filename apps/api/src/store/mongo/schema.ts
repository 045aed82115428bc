import { MongoServerError, ObjectId, type Db } from 'mongodb';
import { ALERT_CHANNELS } from '@smart-zone/types/alert';
import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import { nameKey, searchText, STOCK_LEVEL_EXPR, type ItemDoc, type MongoCollections } from './documents';
import { inTx, type MongoLedger } from './mongo-ledger';
import { reclassifyEdits } from './mongo-edits';
import { countItemTotals, countPastMovements } from './mongo-stats';
import { INDEXES, RETIRED_INDEXES } from './schema-indexes';
import { VALIDATORS } from './schema-validators';
import { rootLocation } from './schema-locations';
import { codesMigration, searchGramsMigration } from './search-grams';

const LEDGER_MIGRATED_KEY = 'ledger_migrated';
const ALERT_STATES_KEY = 'alert_states_migrated';
const DUPLICATE_KEY = 11000;

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
 * id, the ledger's opening balances, the name sort key, past edits' reason (mongo-edits.ts), and deliveries' uid.
 * Items, deliveries and movements from before `seq`/`version` keep none: they
 * sort by _id after (history, deliveries) or before (items) the rest.
 */
export async function migrate(
  collections: MongoCollections,
  ledger: MongoLedger,
  warn: (message: string) => void,
): Promise<void> {
  await ledger.prepare();
  await openingBalances(collections, ledger);
  await nameKeys(collections, ledger);
  await searchGramsMigration(collections.items);
  await codesMigration(collections.items);
  await stockLevels(collections, ledger);
  await countPastMovements(collections);
  await reclassifyEdits(collections, warn);
  await countItemTotals(collections);
  await alertStates(collections, ledger);
  await rootLocation(collections.locations);
  // The first version's deliveries belonged to an email: they belong to no uid, as in SQLite (its V2).
  await collections.deliveries.updateMany({ uid: { $exists: false } }, { $set: { uid: '' } });
}

/** Items from before the ledger: fill in the new fields and an opening balance, once. */
async function openingBalances({ items, meta }: MongoCollections, ledger: MongoLedger): Promise<void> {
  if (await meta.findOne({ _id: LEDGER_MIGRATED_KEY })) return;
  let migrated = 0;
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
      migrated += 1;
    });
  }
  // Every migrated item's answer changed: no list cached before may be served as current.
  if (migrated > 0) await ledger.touch();
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
  if (changed > 0) await ledger.touch();
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
  if (result.modifiedCount > 0) await ledger.touch();
}

/**
 * Issue 32: low stock is a state (as SQLite's migration 11, schema-alerts.ts). Each low item's newest alert stays
 * open, brought up to date (its duplicates folded: resolved now); a low item without one gets one (dated by the
 * item's last change, so the outbox sends only those of the last day); every other alert is resolved. Once; safe
 * beside another instance (the partial unique index keeps one open alert per item).
 */
async function alertStates({ items, alerts, meta }: MongoCollections, ledger: MongoLedger): Promise<void> {
  if (await meta.findOne({ _id: ALERT_STATES_KEY })) return;
  const now = new Date();
  const low = items.find({ low: true }, { projection: { name: 1, quantity: 1, minStock: 1, updatedAt: 1 } });
  for await (const item of low) {
    const fields = {
      itemName: item.name,
      kind: item.quantity === 0 ? ('out' as const) : ('low' as const),
      quantity: item.quantity,
      minStock: item.minStock,
    };
    const [newest] = await alerts.find({ itemId: item._id }).sort({ seq: -1, _id: -1 }).limit(1).toArray();
    try {
      if (newest && !newest.resolvedAt)
        await alerts.updateOne({ _id: newest._id }, { $set: { ...fields, open: true } });
      else {
        await alerts.insertOne({
          _id: new ObjectId(),
          itemId: item._id,
          ...fields,
          at: item.updatedAt ?? now,
          seq: await ledger.bumpRevision(),
          pending: [...ALERT_CHANNELS],
          open: true,
        });
      }
    } catch (error) {
      // Another instance starting at the same time opened it first.
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
    }
  }
  await alerts.updateMany({ open: { $exists: false }, resolvedAt: { $exists: false } }, { $set: { resolvedAt: now } });
  await meta.updateOne({ _id: ALERT_STATES_KEY }, { $set: { at: now } }, { upsert: true });
}
