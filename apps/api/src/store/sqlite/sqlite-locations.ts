import { setImmediate } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import {
  locationNameKey,
  MAIN_LOCATION_ID,
  searchWords,
  type LocationPatch,
  type NewLocation,
} from '@smart-zone/types/location';
import {
  decideLocationChange,
  decideLocationRemoval,
  decideNewLocation,
  locationOf,
  type StoredLocation,
} from '../decisions/locations';
import type { Author } from '../ports/items';
import type { LocationOutcome, LocationRepository } from '../ports/locations';
import { locationRow } from './schema-locations';
import { sqliteLocationItems } from './location-items';
import type { SqliteLedger } from './sqlite-ledger';

type LocationRow = ReturnType<typeof locationRow>;

const toStored = (row: LocationRow): StoredLocation => ({
  _id: row.id,
  name: row.name,
  parentId: row.parent_id,
  path: row.path,
  depth: row.depth,
  updatedAt: row.updated_at,
  nameKey: row.name_key,
  pathKey: row.path_key,
  words: row.words,
});

/** A search's LIKE pattern (decisions' pathWords): each word begins a word of the path, in order; none: all. */
const wordsPattern = (q: string | undefined): string | null => {
  const words = q === undefined ? [] : searchWords(q);
  return words.length > 0 ? `% ${words.join('% ')}%` : null;
};

/**
 * The locations' tree (issue 34). Every change is decided by decisions/locations.ts and recorded here in one
 * IMMEDIATE transaction with its audit entry, so two moves at once never make a loop.
 */
/** Rows of item_stock read per turn by placements(). */
const PLACES_BATCH = 5_000;

export function sqliteLocations(db: Database.Database, ledger: SqliteLedger): LocationRepository {
  const where = '(@parent IS NULL OR parent_id = @parent) AND (@words IS NULL OR words LIKE @words)';
  const sql = {
    get: db.prepare<[string], LocationRow>('SELECT * FROM locations WHERE id = ?'),
    page: db.prepare<{ parent: string | null; words: string | null; limit: number; skip: number }, LocationRow>(
      `SELECT * FROM locations WHERE ${where} ORDER BY path_key, id LIMIT @limit OFFSET @skip`,
    ),
    count: db
      .prepare<{ parent: string | null; words: string | null }, number>(`SELECT COUNT(*) FROM locations WHERE ${where}`)
      .pluck(),
    /** Whether a location other than `id` under `parent` has the name's key. */
    taken: db
      .prepare<[string, string, string], number>(
        'SELECT COUNT(*) FROM locations WHERE parent_id = ? AND name_key = ? AND id <> ?',
      )
      .pluck(),
    below: db.prepare<[string], Pick<LocationRow, 'id' | 'path' | 'depth'>>(
      `WITH RECURSIVE below (id) AS (
         SELECT id FROM locations WHERE parent_id = ?
         UNION ALL SELECT l.id FROM locations l JOIN below b ON l.parent_id = b.id
       )
       SELECT l.id, l.path, l.depth FROM locations l JOIN below USING (id)`,
    ),
    children: db.prepare<[string], number>('SELECT COUNT(*) FROM locations WHERE parent_id = ?').pluck(),
    units: db
      .prepare<[string], number>('SELECT COALESCE(SUM(quantity), 0) FROM item_stock WHERE location_id = ?')
      .pluck(),
    insert: db.prepare<LocationRow>(
      `INSERT INTO locations (id, name, name_key, parent_id, path, path_key, words, depth, updated_at)
       VALUES (@id, @name, @name_key, @parent_id, @path, @path_key, @words, @depth, @updated_at)`,
    ),
    update: db.prepare<LocationRow>(
      `UPDATE locations SET name = @name, name_key = @name_key, parent_id = @parent_id, path = @path,
         path_key = @path_key, words = @words, depth = @depth, updated_at = @updated_at WHERE id = @id`,
    ),
    move: db.prepare<{ id: string; path: string; path_key: string; words: string; depth: number }>(
      'UPDATE locations SET path = @path, path_key = @path_key, words = @words, depth = @depth WHERE id = @id',
    ),
    remove: db.prepare<[string]>('DELETE FROM locations WHERE id = ?'),
    revision: db.prepare<[], string>("SELECT value FROM meta WHERE key = 'locations_revision'").pluck(),
    paths: db.prepare<[], { id: string; path: string }>('SELECT id, path FROM locations'),
    defaultOf: db.prepare<[string], { locationId: string | null; path: string | null }>(
      `SELECT l.id AS locationId, l.path FROM items i LEFT JOIN locations l ON l.id = i.default_location_id
       WHERE i.id = ?`,
    ),
    setDefault: db.prepare<[string | null, string]>('UPDATE items SET default_location_id = ? WHERE id = ?'),
    placed: db.prepare<[string, string, number], { itemId: string; locationId: string; quantity: number }>(
      `SELECT item_id AS itemId, location_id AS locationId, quantity FROM item_stock
       WHERE (item_id, location_id) > (?, ?) ORDER BY item_id, location_id LIMIT ?`,
    ),
    moved: db.prepare("UPDATE meta SET value = value + 1 WHERE key = 'locations_revision'"),
  };
  const read = (id: string) => {
    const row = sql.get.get(id);
    return row ? toStored(row) : null;
  };
  const now = () => new Date().toISOString();

  const setDefault = db.transaction((itemId: string, locationId: string | null) => {
    if (locationId !== null && !read(locationId)) return 'location_not_found' as const;
    return sql.setDefault.run(locationId, itemId).changes === 1 ? ('ok' as const) : ('not_found' as const);
  });

  const create = db.transaction((input: NewLocation, by: Author): LocationOutcome => {
    const parentId = input.parentId ?? MAIN_LOCATION_ID;
    const taken = sql.taken.get(parentId, locationNameKey(input.name), '')! > 0;
    const at = now();
    const decided = decideNewLocation(read(parentId), taken, input, new ObjectId().toHexString(), at);
    if (!decided.ok) return decided;
    sql.insert.run(locationRow(decided.location));
    sql.moved.run();
    ledger.audit(decided.audit, by, at);
    return { ok: true, location: locationOf(decided.location) };
  });

  const update = db.transaction((id: string, patch: LocationPatch, by: Author): LocationOutcome => {
    const before = read(id);
    const root = id === MAIN_LOCATION_ID;
    const parentId = patch.parentId ?? before?.parentId ?? null;
    const name = patch.name ?? before?.name ?? '';
    const decided = decideLocationChange(
      {
        before,
        parent: parentId === null ? null : read(parentId),
        taken: !root && parentId !== null && sql.taken.get(parentId, locationNameKey(name), id)! > 0,
        below:
          before && !root ? sql.below.all(id).map((row) => ({ _id: row.id, path: row.path, depth: row.depth })) : [],
      },
      patch,
      now(),
    );
    if (!decided.ok) return decided;
    const { location, moved } = decided;
    sql.update.run(locationRow(location));
    for (const one of moved) {
      sql.move.run({ id: one._id, path: one.path, path_key: one.pathKey, words: one.words, depth: one.depth });
    }
    sql.moved.run();
    ledger.audit(decided.audit, by, location.updatedAt);
    return { ok: true, location: locationOf(location) };
  });

  const remove = db.transaction((id: string, by: Author): LocationOutcome => {
    // No location but the root holds stock until stock is kept per location (issue 34, part 2).
    const decided = decideLocationRemoval(read(id), { children: sql.children.get(id)!, units: sql.units.get(id)! });
    if (!decided.ok) return decided;
    sql.remove.run(id);
    sql.moved.run();
    ledger.audit(decided.audit, by, now());
    return { ok: true, location: locationOf(decided.location) };
  });

  return {
    ...sqliteLocationItems(db),
    async list({ q, parentId }, { limit, skip }) {
      const filter = { parent: parentId ?? null, words: wordsPattern(q) };
      return {
        locations: sql.page.all({ ...filter, limit, skip }).map((row) => locationOf(toStored(row))),
        total: sql.count.get(filter)!,
      };
    },
    async get(id) {
      const location = read(id);
      return location && locationOf(location);
    },
    async revision() {
      return Number(sql.revision.get());
    },
    // The items' places first, a batch a turn (never the event loop for all of them), then the paths: a
    // location a place names was there when it was read.
    async placements() {
      const places = new Map<string, { locationId: string; quantity: number }[]>();
      for (let after = { itemId: '', locationId: '' }; ; await setImmediate()) {
        const rows = sql.placed.all(after.itemId, after.locationId, PLACES_BATCH);
        for (const { itemId, locationId, quantity } of rows) {
          places.set(itemId, [...(places.get(itemId) ?? []), { locationId, quantity }]);
        }
        if (rows.length < PLACES_BATCH) break;
        after = rows.at(-1)!;
      }
      return { paths: new Map(sql.paths.all().map(({ id, path }) => [id, path])), places };
    },
    async defaultOf(itemId) {
      return sql.defaultOf.get(itemId) ?? null;
    },
    async setDefault(itemId, locationId) {
      return setDefault.immediate(itemId, locationId);
    },
    async create(input, by) {
      return create.immediate(input, by);
    },
    async update(id, patch, by) {
      return update.immediate(id, patch, by);
    },
    async remove(id, by) {
      return remove.immediate(id, by);
    },
  };
}
