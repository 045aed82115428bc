import type { StockResult } from '@smart-zone/types/item';
import type { BatchTransfer, ItemDefaultLocation, ItemStockLine, Transfer } from '@smart-zone/types/location';
import { AppError, notFound } from '../errors/app-error';
import type { TransferOutcome } from '../store/ports/items';
import type { Author, Store } from '../store/store';
import { ITEM_NOT_FOUND, noLocation } from './inventory.service';

/** A refused move as the answer says it (`line`: a batch's, 1-based, with its item's id). */
function refusalOf(
  refusal: Exclude<TransferOutcome, { ok: true }>,
  quantity: number,
  line?: { n: number; itemId: string },
) {
  const where = line ? `Line ${line.n} (item ${line.itemId}): ` : '';
  if (refusal.reason === 'not_found') return new AppError(404, 'not_found', `${where}${ITEM_NOT_FOUND}`);
  if (refusal.reason === 'location_not_found') {
    return line
      ? new AppError(400, 'location_not_found', `${where}No location with that id (from or to): nothing changed`)
      : noLocation('from or to');
  }
  return new AppError(409, 'out_of_stock', `${where}Only ${refusal.available} there: cannot move ${quantity}`);
}

/** Where an item's units are, and moves between locations (issue 34): who may is the routes'; what happens, the store's. */
export function placesService(store: Store) {
  return {
    /** Where an item's units are, a line per location holding some (Main first). */
    async stockByLocation(id: string): Promise<ItemStockLine[]> {
      const lines = await store.items.stockByLocation(id);
      if (!lines) throw notFound(ITEM_NOT_FOUND);
      return lines;
    },

    /** Where a receipt that names no location goes. */
    async defaultLocation(id: string): Promise<ItemDefaultLocation> {
      const chosen = await store.locations.defaultOf(id);
      if (!chosen) throw notFound(ITEM_NOT_FOUND);
      return chosen;
    },

    /** Sets (or clears) it: 404 without the item, 400 without the location. */
    async setDefaultLocation(id: string, locationId: string | null): Promise<ItemDefaultLocation> {
      const outcome = await store.locations.setDefault(id, locationId);
      if (outcome === 'not_found') throw notFound(ITEM_NOT_FOUND);
      if (outcome === 'location_not_found') throw noLocation('locationId');
      return this.defaultLocation(id);
    },

    /** Units moved between two locations: 409 when `from` holds fewer (its count named). */
    async transfer(id: string, transfer: Transfer, actor: Author): Promise<StockResult> {
      const outcome = await store.items.transfer(id, transfer, actor);
      if (!outcome.ok) throw refusalOf(outcome, transfer.quantity);
      return { quantity: outcome.item.quantity, movementId: outcome.movementId };
    },

    /** Every line moved, or none: the first refused line is named (1-based) with why. */
    async transferMany(batch: BatchTransfer, actor: Author): Promise<{ movementIds: string[] }> {
      const outcome = await store.items.transferMany(batch, actor);
      if (!outcome.ok) {
        const { line, itemId, refusal } = outcome;
        throw refusalOf(refusal, batch.lines[line]!.quantity, { n: line + 1, itemId });
      }
      return { movementIds: outcome.movementIds };
    },
  };
}
