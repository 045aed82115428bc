import type { Collection, Document, Filter, ObjectId } from 'mongodb';
import { OPERATION_TIME_MS } from './mongo-ledger';

/** A sort whose last key is `_id` (unique): every document has one place in it. */
export type KeysetSort = Record<string, 1 | -1>;

/** The value of a (possibly dotted) field of a document; null when absent, as MongoDB sorts it. */
function valueAt(doc: Document, path: string): unknown {
  let value: unknown = doc;
  for (const part of path.split('.')) {
    value = value !== null && typeof value === 'object' ? (value as Document)[part] : undefined;
  }
  return value ?? null;
}

/**
 * The condition "after `value` on this key" in MongoDB's sort order, where null (or a missing field) sorts
 * lowest: ascending, after null is any value at all ($ne: null), after v is $gt v; descending, after v is
 * below v or null ($not $gte: the nulls, which come last, included), and nothing comes after null.
 */
function past(value: unknown, direction: 1 | -1): Document | undefined {
  if (direction === 1) return value === null ? { $ne: null } : { $gt: value };
  return value === null ? undefined : { $not: { $gte: value } };
}

/**
 * What comes after `last` in `sort`: for each key, the documents equal on the keys before it and past it
 * on it. The first key's own bound goes on the query too, so the server starts its index scan there
 * instead of at the index's start.
 */
export function afterFilter(last: Document, sort: KeysetSort): Document {
  const keys = Object.entries(sort);
  const branches: Document[] = [];
  keys.forEach(([key, direction], at) => {
    const condition = past(valueAt(last, key), direction);
    if (!condition) return;
    const equal = Object.fromEntries(keys.slice(0, at).map(([before]) => [before, valueAt(last, before)]));
    branches.push({ ...equal, [key]: condition });
  });
  const [firstKey, firstDirection] = keys[0]!;
  const first = valueAt(last, firstKey);
  const start = first === null ? {} : { [firstKey]: firstDirection === 1 ? { $gte: first } : { $not: { $gt: first } } };
  // Nothing comes after the very last place (`_id` is unique): match nothing.
  return branches.length > 0 ? { ...start, $or: branches } : { _id: { $exists: false } };
}

/**
 * Every document `filter` matches, in `sort` order, a batch per query: each batch is its own find with
 * its own server time limit (OPERATION_TIME_MS), resuming after the last document of the one before
 * (keyset paging on the sort's index), and no cursor is held while the caller writes a batch out.
 *
 * One cursor serving a whole export cannot do this: a cursor's maxTimeMS counts the processing of every
 * batch together (cumulative across getMores), so an export of about a million items was cut off after
 * its 200 had been sent; and with no limit at all a stuck query held the export forever. The driver's
 * per-iteration deadline (`timeoutMS` with `timeoutMode: 'iteration'`) is no answer either: in driver
 * 7.x both options are deprecated no-ops (node_modules/mongodb/lib/cursor/abstract_cursor.js).
 *
 * Not a snapshot, as the one cursor was not either: a document that moves in the sort between two batches
 * (its quantity changed, in a quantity sort) can be seen twice or not at all.
 */
export async function* keysetBatches<T extends Document & { _id: ObjectId }>(
  collection: Collection<T>,
  filter: Filter<T>,
  sort: KeysetSort,
  { batch, skip = 0, timeMs = OPERATION_TIME_MS }: { batch: number; skip?: number; timeMs?: number },
): AsyncGenerator<T[]> {
  let last: T | undefined;
  for (;;) {
    const query = (last ? { $and: [filter, afterFilter(last, sort)] } : filter) as Filter<T>;
    // batchSize as the limit: one round trip a batch (a find's first answer is otherwise 101 documents).
    const cursor = collection.find(query).sort(sort).limit(batch).batchSize(batch).maxTimeMS(timeMs);
    const docs = (await (last === undefined && skip > 0 ? cursor.skip(skip) : cursor).toArray()) as T[];
    if (docs.length === 0) return;
    yield docs;
    if (docs.length < batch) return;
    last = docs[docs.length - 1];
  }
}
