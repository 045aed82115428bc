import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import { assertCodesFree, decideCreate, type SkuHolder } from '../decisions/create-items';
import { editWrite } from '../decisions/edit-item';
import { allInMain } from '../decisions/places';
import type { ImportChunk } from '../import-chunks';
import type { Author } from '../ports/items';
import { ImportConflictError } from '../ports/errors';
import { codeText } from '../search-grams';
import { sqliteItemWriter } from './item-writes';
import { type DeferredGrams, sqliteGramsGathered, type Texts } from './short-search';
import type { SqliteLedger } from './sqlite-ledger';

/** What a chunk wrote: the items it created, and each item it updated with its version after. */
export interface ChunkWritten {
  created: string[];
  updated: { itemId: string; version: number }[];
}

/**
 * An import chunk's writes (issue 32), inside the caller's transaction: the same decisions, rows and ledger
 * entries as its rows written one by one (item-writes.ts, as every single write stores), with less
 * written per row. Each item to update is the one the caller checked is still as the plan read it, so it is
 * not read again. Each item's search grams are gathered and written in key order (short-search.ts); an update
 * that keeps name and supplier leaves the trigram index alone (item-writes.ts); the audit totals are added once
 * per key for the chunk (the ledger's countingTogether). Every row keeps its movement, audit entry, alert and
 * change-feed entry, in the order importChunks gives. A code another item holds (`holderOf`, read now: a write
 * between two chunks may have taken it) throws SkuTakenError. `deferred`: where the new items' grams go
 * instead, to be written after the import's rows (short-search.ts); `searchLater`: the job whose pass puts its
 * new items into the trigram index after its rows (schema-codes.ts).
 */
export function sqliteImportWriter(db: Database.Database, ledger: SqliteLedger) {
  const gathered = sqliteGramsGathered(db);
  let deferTo: DeferredGrams | undefined;
  let laterJob: string | null = null;
  const grams = {
    ...gathered,
    index: (seq: number, texts: Texts & { id?: string }) => (deferTo ?? gathered).index(seq, texts),
  };
  const writer = sqliteItemWriter(db, ledger, grams, () => laterJob);
  const countLocations = db
    .prepare<[string], number>('SELECT COUNT(*) FROM locations WHERE id IN (SELECT value FROM json_each(?))')
    .pluck();
  return (
    { creates, updates }: ImportChunk,
    holderOf: (code: string) => SkuHolder | undefined,
    by: Author,
    at: string,
    deferred?: DeferredGrams,
    searchLater?: string,
  ): ChunkWritten =>
    ledger.countingTogether(() => {
      deferTo = deferred;
      laterJob = searchLater ?? null;
      // The rows' locations are still there (one removed since the plan read it: the import is taken back).
      const named = [...new Set([...creates, ...updates].flatMap(({ locationId }) => locationId ?? []))];
      if (named.length > 0 && countLocations.get(JSON.stringify(named)) !== named.length) {
        throw new ImportConflictError();
      }
      const ids = creates.map(() => new ObjectId().toHexString());
      for (const write of decideCreate(creates, { ids, holderOf }, by, at)) writer.apply(write, null);
      const updated = updates.map(({ item, wanted, reason, locationId }) => {
        // A delivery note's rows are restocks (receive mode); a file's others, imports.
        // Where its units are matters only to a lower quantity (taken where the most are, the row's location
        // first); more goes to the row's location, or Main.
        const holdings =
          wanted.quantity < item.quantity ? writer.holdings(writer.read(item._id)) : allInMain(item.quantity);
        const write = editWrite(item, holdings, wanted, by, at, reason ?? 'import', locationId);
        const codes = codeText(write.item!);
        if (codes !== codeText(item)) assertCodesFree(write.item!, holderOf);
        writer.apply(write, { id: item._id, name: item.name, supplier: item.supplier, codes: codeText(item) });
        return { itemId: item._id, version: write.item!.version };
      });
      gathered.flush();
      return { created: ids, updated };
    });
}
