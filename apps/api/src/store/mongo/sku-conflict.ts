import { MongoBulkWriteError, MongoServerError, type Collection, type Document } from 'mongodb';
import { SkuTakenError } from '../ports/errors';
import { CODES_INDEX, codeIs, type ItemDoc, SKU_INDEX } from './documents';
import { OPERATION_TIME_MS } from './mongo-ledger';

export const DUPLICATE_KEY = 11000;

/** The codes a bulk write's operation wrote: an insert's document's, or an update's `$set` (its SKU, then its codes). */
function codesWritten(operation: Document | undefined): unknown[] {
  const written = (operation?.u as { $set?: Document } | undefined)?.$set ?? operation;
  return [written?.sku, ...((written?.codes as unknown[] | undefined) ?? [])];
}

/**
 * The codes that may be the one of MongoDB's duplicate key error on the SKU's or the codes' unique index (a
 * concurrent write took it first). A single write's error names the key (keyValue); a bulk write's
 * (insertMany, bulkWrite) does not: each of its writeErrors says the index in its message, and gives back
 * the operation it refused, whose codes are the candidates (the holder is the other item that has one).
 */
function conflictingCodes(error: unknown): string[] {
  if (!(error instanceof MongoServerError)) return [];
  if (error.code === DUPLICATE_KEY) {
    const key = error.keyValue as { sku?: unknown; codes?: unknown } | undefined;
    const code = key?.codes ?? key?.sku;
    if (typeof code === 'string') return [code];
  }
  if (!(error instanceof MongoBulkWriteError)) return [];
  for (const writeError of [error.writeErrors].flat()) {
    const index = writeError.errmsg ?? '';
    if (writeError.code !== DUPLICATE_KEY || !(index.includes(SKU_INDEX) || index.includes(CODES_INDEX))) continue;
    const codes = codesWritten(writeError.getOperation()).filter((code) => typeof code === 'string');
    if (codes.length > 0) return [...new Set(codes)];
  }
  return [];
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
    for (const code of conflictingCodes(error)) {
      const holder = await items.findOne(
        { codes: codeIs(code) },
        { projection: { name: 1, sku: 1 }, maxTimeMS: OPERATION_TIME_MS },
      );
      if (!holder) continue;
      throw new SkuTakenError(
        code,
        { id: holder._id.toHexString(), name: holder.name },
        holder.sku === code ? 'sku' : 'barcodes',
      );
    }
    throw error;
  }
}
