import { ObjectId, type ClientSession } from 'mongodb';
import type { Actor, Item } from '@smart-zone/types/item';
import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import type { ItemChange as Decided, ItemWrite } from '../decisions/change';
import type { PlaceDelta } from '../decisions/places';
import { fieldsOf, type ItemFields } from '../import-plan';
import { StoreBusyError } from '../ports/errors';
import { codesOf } from '@smart-zone/types/item';
import { actorOf, nameKey, searchText, stockLevel, type ItemDoc, type MongoCollections } from './documents';
import { inTx, type ItemChange, type MongoLedger } from './mongo-ledger';
import { BUSY } from './mongo-tx';
import { searchGrams } from './search-grams';

/** Without transactions, a write whose item another write moved on since it was read is decided again this often. */
const ATTEMPTS = 10;

/** The item a write read has moved on (another write came between): nothing of this attempt holds. */
class ItemMoved extends Error {}

/**
 * An item document's `stock` and `placed` after a movement's places (decisions/places.ts; Main's units are the
 * rest): {} when it has none. A location taken below 0 throws: the decision never asks it, the validator would
 * refuse it anyway.
 */
export function stockAfter(
  before: Pick<ItemDoc, 'stock'>,
  places: readonly { locationId: ObjectId | string; delta: number }[] | undefined,
): Pick<ItemDoc, 'stock' | 'placed'> | Record<string, never> {
  if (!places) return {};
  const held = new Map((before.stock ?? []).map((line) => [line.locationId.toHexString(), line.quantity]));
  for (const { locationId, delta } of places) {
    const id = typeof locationId === 'string' ? locationId : locationId.toHexString();
    if (id === MAIN_LOCATION_ID) continue;
    const units = (held.get(id) ?? 0) + delta;
    if (units < 0) throw new Error(`Location ${id} would hold ${units}`);
    held.set(id, units);
  }
  const stock = [...held].filter(([, units]) => units > 0);
  return {
    stock: stock.map(([id, quantity]) => ({ locationId: new ObjectId(id), quantity })),
    placed: stock.reduce((sum, [, units]) => sum + units, 0),
  };
}

/** A decided movement as the ledger records it: the ids it links to as ObjectIds. */
function movementOf({
  deliveryId,
  undoOf,
  places,
  // What an undo takes back counts in its day totals (change.days), already counted; not stored.
  undone: _undone,
  ...movement
}: NonNullable<Decided['movement']>): ItemChange['movement'] {
  return {
    ...movement,
    ...(deliveryId ? { deliveryId: new ObjectId(deliveryId) } : {}),
    ...(undoOf ? { undoOf: new ObjectId(undoOf) } : {}),
    ...(places ? { places: places.map((place) => ({ ...place, locationId: new ObjectId(place.locationId) })) } : {}),
  };
}

/** A decided change as the ledger records it: ids as ObjectIds, the time a Date, with its place in commit order. */
export function ledgerChange({ itemId, at, movement, ...change }: Decided, seq: number): ItemChange {
  return {
    ...change,
    itemId: new ObjectId(itemId),
    at: new Date(at),
    seq,
    ...(movement ? { movement: movementOf(movement) } : {}),
  };
}

/** A new item's document, every field named (the driver would store an undefined as null); `places`: its units'. */
export function newItemDoc(item: Item, actor: Actor, seq: number, places?: readonly PlaceDelta[]): ItemDoc {
  const fields = fieldsOf(item);
  const by = actorOf(actor);
  return {
    _id: new ObjectId(item._id),
    ...fields,
    ...stockAfter({}, places),
    ...stockLevel(fields.quantity, fields.minStock),
    createdAt: new Date(item.createdAt),
    updatedAt: new Date(item.updatedAt),
    version: item.version,
    createdBy: by,
    updatedBy: by,
    codes: codesOf(item),
    search: searchText(item),
    grams: searchGrams(item),
    nameKey: nameKey(item.name),
    seq,
  };
}

/** The update that gives an item new fields (and moves its version on; its stock by location as `places` say). */
export const fieldsUpdate = (
  wanted: ItemFields,
  now: Date,
  actor: Actor,
  before?: Pick<ItemDoc, 'stock'>,
  places?: readonly { locationId: ObjectId | string; delta: number }[],
) => ({
  $set: {
    ...(before ? stockAfter(before, places) : {}),
    ...wanted,
    ...stockLevel(wanted.quantity, wanted.minStock),
    codes: codesOf(wanted),
    search: searchText(wanted),
    grams: searchGrams(wanted),
    nameKey: nameKey(wanted.name),
    updatedAt: now,
    updatedBy: actorOf(actor),
  },
  $inc: { version: 1 },
});

/**
 * Units put at a location: its document written too, so its removal (which reads that none are there) and the
 * write that puts them cannot both commit. Each location the `places` put units at, once; answers the first
 * that is gone (the write must not commit), or undefined.
 */
export async function touchLocations(
  locations: MongoCollections['locations'],
  places: readonly (readonly { locationId: ObjectId | string; delta: number }[] | undefined)[],
  session?: ClientSession,
): Promise<string | undefined> {
  const put = new Set<string>();
  for (const { locationId, delta } of places.flatMap((one) => one ?? [])) {
    const id = typeof locationId === 'string' ? locationId : locationId.toHexString();
    if (delta > 0 && id !== MAIN_LOCATION_ID) put.add(id);
  }
  for (const locationId of put) {
    const touched = await locations.updateOne(
      { _id: new ObjectId(locationId) },
      { $inc: { stockWrites: 1 } },
      inTx(session),
    );
    if (touched.matchedCount !== 1) return locationId;
  }
  return undefined;
}

/**
 * Which of the locations `places` name are still there (one read, in the caller's write): an undo or a cancel
 * puts units back at a location only while it exists (decisions/places.ts placesBack), else at Main.
 */
export async function locationsThere(
  locations: MongoCollections['locations'],
  places: readonly { locationId: ObjectId }[] | undefined,
  session?: ClientSession,
): Promise<(locationId: string) => boolean> {
  const named = (places ?? []).map((place) => place.locationId);
  if (named.length === 0) return () => false;
  const found = await locations.find({ _id: { $in: named } }, { projection: { _id: 1 }, ...inTx(session) }).toArray();
  const still = new Set(found.map((doc) => doc._id.toHexString()));
  return (locationId) => still.has(locationId);
}

/** What a write of stock alone (`kind: 'stock'`) sets on the item document it read (`before`). */
export const stockSet = ({ item, change }: { item: Item; change: Decided }, before: Pick<ItemDoc, 'stock'>) => ({
  quantity: item.quantity,
  ...stockLevel(item.quantity, item.minStock),
  version: item.version,
  updatedAt: new Date(item.updatedAt),
  updatedBy: actorOf(change.actor),
  ...stockAfter(before, change.movement?.places),
});

/** How MongoDB stores a decided item write (decisions/), inside the caller's write. */
export function mongoItemWriter({ items, locations }: MongoCollections, { write, record, bumpRevision }: MongoLedger) {
  /** The item as the write reads it, or null. */
  const read = (_id: ObjectId, session?: ClientSession) => items.findOne({ _id }, inTx(session));

  /** Stores the item (`before`: the document the decision read), only while it still has the version read. */
  async function store({ kind, item, change }: ItemWrite, before: ItemDoc, session?: ClientSession) {
    const filter = { _id: before._id, version: before.version };
    let matched: number;
    if (!item || kind === 'delete') {
      matched = (await items.deleteOne(filter, inTx(session))).deletedCount;
    } else if (kind === 'stock') {
      matched = (await items.updateOne(filter, { $set: stockSet({ item, change }, before) }, inTx(session)))
        .matchedCount;
    } else {
      const update = fieldsUpdate(
        fieldsOf(item),
        new Date(item.updatedAt),
        change.actor,
        before,
        change.movement?.places,
      );
      matched = (await items.updateOne(filter, update, inTx(session))).matchedCount;
    }
    if (matched !== 1) throw new ItemMoved(`Item ${before._id.toHexString()} moved on since it was read`);
    // Gone since the decision read it, the write is decided again (and refused).
    const gone = await touchLocations(locations, [change.movement?.places], session);
    if (gone) throw new ItemMoved(`Location ${gone} is gone since it was read`);
  }

  /** Records a decided change with its seq (default: a new one); answers its movement's id. */
  async function recordChange(decided: Decided, session?: ClientSession, seq?: number) {
    const [movementId] = await record([ledgerChange(decided, seq ?? (await bumpRevision(session)))], session);
    return movementId?.toHexString();
  }

  return {
    read,
    store,
    recordChange,
    /** Stores the write and records its change. */
    async apply(decided: ItemWrite, before: ItemDoc, session?: ClientSession) {
      await store(decided, before, session);
      return recordChange(decided.change, session);
    },
    /**
     * Runs `work` in a write; again when its item moved on between its read and its write. Inside a
     * transaction that cannot be (a concurrent write aborts it, and the driver retries it); without one,
     * each attempt reads and decides afresh, and a write busy past ATTEMPTS is refused (nothing written).
     */
    async decided<T>(work: (session?: ClientSession) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await write(work);
        } catch (error) {
          if (!(error instanceof ItemMoved)) throw error;
          if (attempt >= ATTEMPTS) throw new StoreBusyError(BUSY, { cause: error });
        }
      }
    },
    /** The error that has `decided` run its work again: what it read has moved on. */
    moved: (message: string) => new ItemMoved(message),
    /** Whether an error is a write's item moving on (what `decided` runs again). */
    isMoved: (error: unknown) => error instanceof ItemMoved,
  };
}
