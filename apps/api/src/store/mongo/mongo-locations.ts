import { MongoServerError, ObjectId, type ClientSession, type Filter } from 'mongodb';
import { locationNameKey, MAIN_LOCATION_ID, searchWords } from '@smart-zone/types/location';
import {
  decideLocationChange,
  decideLocationRemoval,
  decideNewLocation,
  locationOf,
  type StoredLocation,
} from '../decisions/locations';
import type { LocationOutcome, LocationRepository } from '../ports/locations';
import type { MongoCollections } from './documents';
import { mongoLocationItems } from './location-items';
import { inTx, LOCATION_WRITES, type MongoLedger } from './mongo-ledger';
import { OPERATION_TIME_MS } from './mongo-tx';
import { toLocationDoc, toStoredLocation, type LocationDoc } from './schema-locations';

const DUPLICATE_KEY = 11000;

/**
 * A search's pattern (decisions' pathWords): each word begins a word of the path, in order, as SQLite's
 * LIKE '% a% 3%'. The words are letters or digits only: nothing in them is special to a regex.
 */
const wordsRegex = (q: string | undefined): RegExp | null => {
  const words = q === undefined ? [] : searchWords(q);
  return words.length > 0 ? new RegExp(words.map((word) => ` ${word}`).join('.*'), 'u') : null;
};

/**
 * The locations' tree (issue 34), as sqlite-locations.ts: every change decided by decisions/locations.ts and
 * recorded in one transaction with its audit entry, whose write of the locations' own counter document
 * (ledger.audit) makes two location writes at once conflict, so the driver runs the later one again after the
 * first committed: two moves never make a loop. A name taken by a sibling at the same time meets the unique
 * index (name_taken).
 */
/** Placed items read per query by placements(). */
const PLACES_BATCH = 1_000;

export function mongoLocations(collections: MongoCollections, ledger: MongoLedger): LocationRepository {
  const { locations, meta, items } = collections;
  const read = async (id: string, session?: ClientSession): Promise<StoredLocation | null> => {
    if (!ObjectId.isValid(id)) return null;
    const doc = await locations.findOne({ _id: new ObjectId(id) }, inTx(session));
    return doc && toStoredLocation(doc);
  };
  const taken = async (parentId: string, name: string, except: string | null, session?: ClientSession) =>
    (await locations.countDocuments(
      {
        parentId: new ObjectId(parentId),
        nameKey: locationNameKey(name),
        ...(except ? { _id: { $ne: new ObjectId(except) } } : {}),
      },
      { limit: 1, ...inTx(session) },
    )) > 0;
  /** Everything under a location, a level at a time (at most LOCATION_DEPTH_MAX), through the parent index. */
  const below = async (id: string, session?: ClientSession) => {
    const found: { _id: string; path: string; depth: number }[] = [];
    for (let level = [new ObjectId(id)]; level.length > 0;) {
      const docs = await locations
        .find({ parentId: { $in: level } }, { projection: { path: 1, depth: 1 }, ...inTx(session) })
        .toArray();
      found.push(...docs.map((doc) => ({ _id: doc._id.toHexString(), path: doc.path, depth: doc.depth })));
      level = docs.map((doc) => doc._id);
    }
    return found;
  };
  /** A write whose sibling name was taken meanwhile: the unique index's refusal. */
  const sibling = (error: unknown): LocationOutcome => {
    if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return { ok: false, reason: 'name_taken' };
    throw error;
  };
  const now = () => new Date().toISOString();

  return {
    ...mongoLocationItems(collections),
    async list({ q, parentId }, { limit, skip }) {
      const words = wordsRegex(q);
      const filter: Filter<LocationDoc> = {
        ...(parentId !== undefined ? { parentId: new ObjectId(parentId) } : {}),
        ...(words ? { words } : {}),
      };
      const [docs, total] = await Promise.all([
        locations.find(filter, inTx()).sort({ pathKey: 1, _id: 1 }).skip(skip).limit(limit).toArray(),
        locations.countDocuments(filter, inTx()),
      ]);
      return { locations: docs.map((doc) => locationOf(toStoredLocation(doc))), total };
    },
    async get(id) {
      const location = await read(id);
      return location && locationOf(location);
    },
    // The counter document every location write updates in its transaction (ledger.audit's SERIAL_KEYS).
    async revision() {
      return (await meta.findOne({ _id: LOCATION_WRITES }, inTx()))?.value ?? 0;
    },
    // The items' places first, then the paths: a location a place names was there when it was read. A query
    // per batch, each with its own time limit, as the item streams read.
    async placements() {
      const places = new Map<string, { locationId: string; quantity: number }[]>();
      for (let after: ObjectId | undefined; ;) {
        const batch = await items
          .find(
            { placed: { $gt: 0 }, ...(after ? { _id: { $gt: after } } : {}) },
            { projection: { stock: 1 }, sort: { _id: 1 }, limit: PLACES_BATCH, maxTimeMS: OPERATION_TIME_MS },
          )
          .toArray();
        for (const { _id, stock } of batch) {
          const lines = (stock ?? []).map((line) => ({
            locationId: line.locationId.toHexString(),
            quantity: line.quantity,
          }));
          places.set(_id.toHexString(), lines);
        }
        if (batch.length < PLACES_BATCH) break;
        after = batch.at(-1)!._id;
      }
      const paths = new Map<string, string>();
      const all = locations.find({}, { projection: { path: 1 }, maxTimeMS: OPERATION_TIME_MS });
      for await (const { _id, path } of all) paths.set(_id.toHexString(), path);
      return { paths, places };
    },
    async defaultOf(itemId) {
      if (!ObjectId.isValid(itemId)) return null;
      const item = await items.findOne(
        { _id: new ObjectId(itemId) },
        { projection: { defaultLocationId: 1 }, maxTimeMS: OPERATION_TIME_MS },
      );
      if (!item) return null;
      const location = item.defaultLocationId ? await read(item.defaultLocationId.toHexString()) : null;
      return location ? { locationId: location._id, path: location.path } : { locationId: null, path: null };
    },
    // Not an item field: no version moves, no ledger entry (the location read first; one removed between the
    // read and the write leaves a default that reads as none).
    async setDefault(itemId, locationId) {
      if (locationId !== null && !(await read(locationId))) return 'location_not_found';
      const update =
        locationId === null
          ? { $unset: { defaultLocationId: '' as const } }
          : { $set: { defaultLocationId: new ObjectId(locationId) } };
      const done = await items.updateOne({ _id: new ObjectId(itemId) }, update, { maxTimeMS: OPERATION_TIME_MS });
      return done.matchedCount === 1 ? 'ok' : 'not_found';
    },
    async create(input, by) {
      return ledger
        .write(async (session): Promise<LocationOutcome> => {
          const parentId = input.parentId ?? MAIN_LOCATION_ID;
          const at = now();
          const decided = decideNewLocation(
            await read(parentId, session),
            ObjectId.isValid(parentId) && (await taken(parentId, input.name, null, session)),
            input,
            new ObjectId().toHexString(),
            at,
          );
          if (!decided.ok) return decided;
          await locations.insertOne(toLocationDoc(decided.location), inTx(session));
          await ledger.audit(decided.audit, by, session, new Date(at));
          return { ok: true, location: locationOf(decided.location) };
        })
        .catch(sibling);
    },
    async update(id, patch, by) {
      return ledger
        .write(async (session): Promise<LocationOutcome> => {
          const before = await read(id, session);
          const root = id === MAIN_LOCATION_ID;
          const parentId = patch.parentId ?? before?.parentId ?? null;
          const name = patch.name ?? before?.name ?? '';
          const decided = decideLocationChange(
            {
              before,
              parent: parentId === null ? null : await read(parentId, session),
              taken: !root && parentId !== null && (await taken(parentId, name, id, session)),
              below: before && !root ? await below(id, session) : [],
            },
            patch,
            now(),
          );
          if (!decided.ok) return decided;
          const { _id, ...fields } = toLocationDoc(decided.location);
          await locations.updateOne({ _id }, { $set: fields }, inTx(session));
          if (decided.moved.length > 0) {
            await locations.bulkWrite(
              decided.moved.map((one) => ({
                updateOne: {
                  filter: { _id: new ObjectId(one._id) },
                  update: { $set: { path: one.path, pathKey: one.pathKey, words: one.words, depth: one.depth } },
                },
              })),
              { ordered: false, ...inTx(session) },
            );
          }
          await ledger.audit(decided.audit, by, session, fields.updatedAt);
          return { ok: true, location: locationOf(decided.location) };
        })
        .catch(sibling);
    },
    async remove(id, by) {
      return ledger.write(async (session): Promise<LocationOutcome> => {
        const before = await read(id, session);
        const children = before
          ? await locations.countDocuments({ parentId: new ObjectId(id) }, { limit: 1, ...inTx(session) })
          : 0;
        // Whether an item holds units here (stock_by_location). A write that puts units here updates this
        // location's document in its transaction (item-writes.ts), so it and this removal cannot both commit.
        const units = before
          ? await items.countDocuments(
              { 'stock.locationId': new ObjectId(id), placed: { $gt: 0 } },
              { limit: 1, ...inTx(session) },
            )
          : 0;
        const decided = decideLocationRemoval(before, { children, units });
        if (!decided.ok) return decided;
        await locations.deleteOne({ _id: new ObjectId(id) }, inTx(session));
        await ledger.audit(decided.audit, by, session);
        return { ok: true, location: locationOf(decided.location) };
      });
    },
  };
}
