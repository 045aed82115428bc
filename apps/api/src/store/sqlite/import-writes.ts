import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import { decideCreate } from '../decisions/create-items';
import { editWrite } from '../decisions/edit-item';
import type { ImportChunk } from '../import-chunks';
import type { ImportLookup } from '../import-plan';
import type { Author } from '../ports/items';
import { codeText } from '../search-grams';
import { sqliteItemWriter } from './item-writes';
import { sqliteGramsGathered } from './short-search';
import type { SqliteLedger } from './sqlite-ledger';

/**
 * An import's writes (issue 32), inside the caller's transaction: the same decisions, rows and ledger
 * entries as its rows written one by one (item-writes.ts, as every single write stores), with less
 * written per row. The plan's reads stand for the write's own: the items it read (in this transaction)
 * are not read again, nor each new SKU's holder (a clean plan has none: planImport). Each item's search
 * grams are gathered and written in key order (short-search.ts); an update that keeps name and supplier
 * leaves the trigram index alone (item-writes.ts); the audit totals are added once per key for the whole
 * import (the ledger's countingTogether). Every row keeps its movement, audit entry, alert and change-feed
 * entry, in the order importChunks gives.
 */
export function sqliteImportWriter(db: Database.Database, ledger: SqliteLedger) {
  const grams = sqliteGramsGathered(db);
  const writer = sqliteItemWriter(db, ledger, grams);
  return (chunks: readonly ImportChunk[], lookup: ImportLookup, by: Author, at: string): void => {
    const holderOf = (sku: string) => {
      const holder = lookup.bySku(sku);
      return holder && { id: holder._id, name: holder.name };
    };
    ledger.countingTogether(() => {
      for (const { creates, updates } of chunks) {
        const ids = creates.map(() => new ObjectId().toHexString());
        for (const write of decideCreate(creates, { ids, holderOf }, by, at)) writer.apply(write, null);
        for (const { item, wanted, reason } of updates) {
          // A delivery note's rows are restocks (receive mode); a file's others, imports.
          writer.apply(editWrite(item, wanted, by, at, reason ?? 'import'), {
            id: item._id,
            name: item.name,
            supplier: item.supplier,
            codes: codeText(item),
          });
        }
      }
      grams.flush();
    });
  };
}
