import { MongoBulkWriteError, MongoServerError, type Collection, type Document } from 'mongodb';
import { SkuTakenError } from '../ports/errors';
import { type ItemDoc, SKU_INDEX, skuIs } from './documents';
import { OPERATION_TIME_MS } from './mongo-ledger';

export const DUPLICATE_KEY = 11000;

/** The SKU a bulk write's operation wrote: an insert's document's, or an update's `$set`. */
function skuWritten(operation: Document | undefined): unknown {
  const update = (operation?.u as { $set?: { sku?: unknown } } | undefined)?.$set;
  return operation?.sku ?? update?.sku;
}

/**
 * The SKU of MongoDB's duplicate key error on the SKU's unique index (a concurrent write took it first).
 * A single write's error names the key (keyValue); a bulk write's (insertMany, bulkWrite) does not: each
 * of its writeErrors says the index in its message, and gives back the operation it refused.
 */
function conflictingSku(error: unknown): string | undefined {
  if (!(error instanceof MongoServerError)) return undefined;
  if (error.code === DUPLICATE_KEY) {
    const sku = (error.keyValue as { sku?: unknown } | undefined)?.sku;
    if (typeof sku === 'string') return sku;
  }
  if (!(error instanceof MongoBulkWriteError)) return undefined;
  for (const writeError of [error.writeErrors].flat()) {
    if (writeError.code !== DUPLICATE_KEY || !writeError.errmsg?.includes(SKU_INDEX)) continue;
    const sku = skuWritten(writeError.getOperation());
    if (typeof sku === 'string') return sku;
  }
  return undefined;
}

/**
 * A write that gives items SKUs. Each write checks inside its transaction; when a concurrent one took the
 * SKU between that check and the commit, the unique index refuses this one (a duplicate key, which is not
 * retried): answered as SkuTakenError naming the item that has it, as the check would have.
 */
export async function skuChecked<T>(items: Collection<ItemDoc>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const sku = conflictingSku(error);
    if (sku === undefined) throw error;
    const holder = await items.findOne({ sku: skuIs(sku) }, { projection: { name: 1 }, maxTimeMS: OPERATION_TIME_MS });
    if (!holder) throw error;
    throw new SkuTakenError(sku, { id: holder._id.toHexString(), name: holder.name });
  }
}
