import { PLACES_SEPARATOR } from './csv';
import { z } from 'zod';
import { timeFilter } from './audit';
import { objectIdSchema } from './ids';
import { bomParam } from './text';

/**
 * The stock ledger as CSV (GET /movements.csv), oldest first: each column once, in this order. `kind`: what
 * the movement counts as (movement-kinds.ts: received, delivered, removed, correction, opening, deletion…).
 */
export const MOVEMENT_CSV_COLUMNS = [
  'at',
  'movementId',
  'itemId',
  'item',
  'reason',
  'delta',
  'quantityAfter',
  'actor',
  'note',
  'deliveryId',
  'kind',
  // Issue 33: why a removal was made (removal-reasons.ts), '' for any other movement.
  'why',
  // Issue 34: where its units went (placesCell), '' when all at Main.
  'places',
] as const;

/**
 * A movement's `places` cell (issue 34): each location it names, by its path (`pathOf`), with its signed units,
 * in the movement's order: "Main -2; Back room / Shelf A / Bin 3 +2" (ASCII signs). '' for a movement without
 * places: all its units at Main.
 */
export function placesCell(
  places: readonly { locationId: string; delta: number }[] | undefined,
  pathOf: (locationId: string) => string,
): string {
  return (places ?? [])
    .map(({ locationId, delta }) => `${pathOf(locationId)} ${delta < 0 ? '-' : '+'}${Math.abs(delta)}`)
    .join(PLACES_SEPARATOR);
}

/** GET /movements.csv?itemId=&from=&to=&bom= — one item's or every item's movements, in a time range. */
export const movementCsvQuerySchema = z.object({
  itemId: objectIdSchema.optional(),
  from: timeFilter('from').optional(),
  to: timeFilter('to').optional(),
  bom: bomParam,
});
export type MovementCsvQuery = z.output<typeof movementCsvQuerySchema>;
