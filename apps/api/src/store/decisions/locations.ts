import {
  childPath,
  LOCATION_DEPTH_MAX,
  locationNameKey,
  MAIN_LOCATION_ID,
  pathWords,
  type Location,
  type LocationPatch,
  type LocationRefusal,
  type NewLocation,
} from '@smart-zone/types/location';
import type { AuditNote } from '../audit-entries';

/** A location as both stores keep it: the API's fields, the sibling key and the search words. */
export interface StoredLocation extends Location {
  /** locationNameKey(name): unique among the siblings (an index in each store). */
  nameKey: string;
  /** The lists' order: the path in lower case; the root's '' (first). */
  pathKey: string;
  /** pathWords(path): what a search matches. */
  words: string;
}

export type LocationDecision<T> = { ok: false; reason: LocationRefusal } | ({ ok: true; audit: AuditNote } & T);

/** A location as stored, from its place and name. */
export function storedLocation(
  at: { _id: string; parent: Pick<Location, '_id' | 'parentId' | 'path' | 'depth'> | null },
  name: string,
  updatedAt: string,
): StoredLocation {
  const path = at.parent ? childPath(at.parent, name) : name;
  return {
    _id: at._id,
    name,
    parentId: at.parent?._id ?? null,
    path,
    depth: at.parent ? at.parent.depth + 1 : 0,
    updatedAt,
    nameKey: locationNameKey(name),
    pathKey: at.parent ? path.toLowerCase() : '',
    words: pathWords(path),
  };
}

/** What the API answers of a stored location. */
export const locationOf = ({ nameKey: _key, pathKey: _path, words: _words, ...location }: StoredLocation): Location =>
  location;

const target = (location: Pick<Location, '_id' | 'path'>): AuditNote['target'] => ({
  kind: 'location',
  id: location._id,
  name: location.path,
});

/**
 * A new location under `parent` (as read in the write; null: there is none by the id asked), refused when
 * its name is taken among its siblings (`taken`: the adapter looked its key up) or it would be too deep.
 */
export function decideNewLocation(
  parent: StoredLocation | null,
  taken: boolean,
  input: NewLocation,
  id: string,
  at: string,
): LocationDecision<{ location: StoredLocation }> {
  if (!parent) return { ok: false, reason: 'parent_not_found' };
  if (parent.depth + 1 > LOCATION_DEPTH_MAX) return { ok: false, reason: 'too_deep' };
  if (taken) return { ok: false, reason: 'name_taken' };
  const location = storedLocation({ _id: id, parent }, input.name, at);
  return {
    ok: true,
    location,
    audit: { action: 'location.create', target: target(location), changes: { path: [null, location.path] } },
  };
}

/** What the adapter reads for a rename or a move, inside the write. */
export interface LocationChangeRead {
  before: StoredLocation | null;
  /**
   * Its parent after the change: the one the patch names, else its own (null: none by that id); the root
   * has none.
   */
  parent: StoredLocation | null;
  /** Whether another location under that parent has the key of its name after the change. */
  taken: boolean;
  /** Everything under it, at any depth (none read for the root: its name is in no path below it). */
  below: readonly Pick<StoredLocation, '_id' | 'path' | 'depth'>[];
}

/** A descendant's new place after its ancestor moved or was renamed. */
export type MovedLocation = Pick<StoredLocation, '_id' | 'path' | 'pathKey' | 'depth' | 'words'>;

/**
 * A rename and/or a move of a location with everything under it: refused for a move of the root, a parent
 * inside its own subtree, a taken name, or a subtree that would end too deep. The descendants' paths and
 * depths follow (`moved`).
 */
export function decideLocationChange(
  { before, parent, taken, below }: LocationChangeRead,
  patch: LocationPatch,
  at: string,
): LocationDecision<{ location: StoredLocation; moved: MovedLocation[] }> {
  if (!before) return { ok: false, reason: 'not_found' };
  const root = before._id === MAIN_LOCATION_ID;
  if (root && patch.parentId !== undefined) return { ok: false, reason: 'root' };
  if (!root && !parent) return { ok: false, reason: 'parent_not_found' };
  if (parent && (parent._id === before._id || below.some((one) => one._id === parent._id)))
    return { ok: false, reason: 'under_itself' };
  if (taken) return { ok: false, reason: 'name_taken' };
  const deepest = below.reduce((most, one) => Math.max(most, one.depth - before.depth), 0);
  if (parent && parent.depth + 1 + deepest > LOCATION_DEPTH_MAX) return { ok: false, reason: 'too_deep' };

  const location = storedLocation({ _id: before._id, parent }, patch.name ?? before.name, at);
  const shift = location.depth - before.depth;
  // The root's name is no part of the paths below it.
  const moved =
    root || (location.path === before.path && shift === 0)
      ? []
      : below.map((one): MovedLocation => {
          const path = `${location.path}${one.path.slice(before.path.length)}`;
          return { _id: one._id, path, pathKey: path.toLowerCase(), depth: one.depth + shift, words: pathWords(path) };
        });
  const changes: NonNullable<AuditNote['changes']> = {};
  if (location.name !== before.name) changes.name = [before.name, location.name];
  if (location.path !== before.path) changes.path = [before.path, location.path];
  return { ok: true, location, moved, audit: { action: 'location.update', target: target(location), changes } };
}

/** A location removed: never the root, nor one with locations under it or stock in it. */
export function decideLocationRemoval(
  before: StoredLocation | null,
  held: { children: number; units: number },
): LocationDecision<{ location: StoredLocation }> {
  if (!before) return { ok: false, reason: 'not_found' };
  if (before._id === MAIN_LOCATION_ID) return { ok: false, reason: 'root' };
  if (held.children > 0) return { ok: false, reason: 'has_children' };
  if (held.units > 0) return { ok: false, reason: 'holds_stock' };
  return {
    ok: true,
    location: before,
    audit: { action: 'location.delete', target: target(before), changes: { path: [before.path, null] } },
  };
}
