import { LOCATION_LIMIT_MAX, locationNameKey, MAIN_LOCATION_ID, PATH_SEPARATOR } from '@smart-zone/types/location';
import { AppError } from '../errors/app-error';
import type { Author, Store } from '../store/store';

/** The child of `parentId` named `name` (case aside), or undefined. */
async function childNamed(store: Store, parentId: string, name: string): Promise<string | undefined> {
  const key = locationNameKey(name);
  for (let skip = 0; ; skip += LOCATION_LIMIT_MAX) {
    const { locations, total } = await store.locations.list({ parentId }, { limit: LOCATION_LIMIT_MAX, skip });
    const found = locations.find((location) => locationNameKey(location.name) === key);
    if (found) return found._id;
    if (skip + LOCATION_LIMIT_MAX >= total) return undefined;
  }
}

/**
 * Makes the locations of each path that are missing, each name under the one before it from Main down, as `by`
 * (each its own write and audit entry): an import's `location` paths no location has (its dry run names them).
 * A name another write made meanwhile is taken as it is.
 */
export async function makePaths(store: Store, paths: readonly string[], by: Author): Promise<void> {
  for (const path of paths) {
    let parentId = MAIN_LOCATION_ID;
    for (const name of path.split(PATH_SEPARATOR)) {
      const found = await childNamed(store, parentId, name);
      if (found) {
        parentId = found;
        continue;
      }
      const made = await store.locations.create({ name, parentId }, by);
      const id = made.ok
        ? made.location._id
        : made.reason === 'name_taken' && (await childNamed(store, parentId, name));
      if (!id)
        throw new AppError(409, 'import_conflict', `The location "${path}" could not be made: import the file again.`);
      parentId = id;
    }
  }
}
