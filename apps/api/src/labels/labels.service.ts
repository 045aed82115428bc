import type { LabelsQuery } from '@smart-zone/types/labels-query';
import { AppError } from '../errors/app-error';
import type { Store } from '../store/store';
import { labelRunner, LabelsBusyError } from './label-runner';
import type { LabelSpec, RenderedLabels } from './render-labels';

/** Items read at once (a MongoDB store answers each `get` with a round trip). */
const READ_BATCH = 50;
/** Unknown ids named in a 404 at most (the rest are counted). */
const NAMED_MAX = 20;

/** A price as the web app shows it (apps/web/src/lib/format-price.ts): `$1,299.5`, cents only when there are some. */
const formatPrice = (price: number) =>
  `$${price.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/** The web app's page of an item (apps/web/src/config/paths.ts `inventory.detail`), at `origin`. */
export const itemPageUrl = (origin: string, id: string) => `${origin}/inventory/${encodeURIComponent(id)}`;

/** The web app's page of a location (apps/web/src/features/locations/components/LocationRow.tsx `locationHref`). */
export const locationPageUrl = (origin: string, id: string) => `${origin}/locations?in=${encodeURIComponent(id)}`;

/** Each id's record, read a batch at a time; a 404 naming the ids nothing has (`what`: "item", "location"). */
async function readAll<T>(ids: readonly string[], read: (id: string) => Promise<T | null>, what: string): Promise<T[]> {
  const found: (T | null)[] = [];
  for (let at = 0; at < ids.length; at += READ_BATCH) {
    found.push(...(await Promise.all(ids.slice(at, at + READ_BATCH).map(read))));
  }
  const missing = ids.filter((_, index) => !found[index]);
  if (missing.length > 0) {
    const named = missing.slice(0, NAMED_MAX).join(', ');
    const more = missing.length > NAMED_MAX ? ` and ${missing.length - NAMED_MAX} more` : '';
    throw new AppError(
      404,
      'not_found',
      `No ${what} has ${missing.length === 1 ? 'this id' : 'these ids'}: ${named}${more}. They may have been deleted; nothing was printed.`,
    );
  }
  return found as T[];
}

/**
 * Labels of items and locations (GET /labels.pdf): anyone on the staff may print them (the route's
 * `readStock`); every item and location named must exist. The PDF is drawn in the label worker, never on the server's thread.
 */
export function labelsService(store: Store) {
  const runner = labelRunner();
  return {
    /** The PDF of `query`'s items, then its locations, each `copies` times in a row, their QR codes naming pages at `origin`. */
    async pdf(query: LabelsQuery, origin: string): Promise<RenderedLabels> {
      const items = await readAll(query.ids ?? [], (id) => store.items.get(id), 'item');
      const locations = await readAll(query.locationIds ?? [], (id) => store.locations.get(id), 'location');
      const labels: LabelSpec[] = [];
      const add = (label: LabelSpec) => {
        for (let copy = 0; copy < query.copies; copy++) labels.push(label);
      };
      for (const item of items) {
        add({
          name: item.name,
          price: formatPrice(item.price),
          sku: item.sku ?? null,
          url: itemPageUrl(origin, item._id),
        });
      }
      // A location's label: its path, and a QR code of its page (it has no SKU for bars: code128 falls back to QR).
      for (const location of locations) {
        add({ name: location.path, price: '', sku: null, url: locationPageUrl(origin, location._id) });
      }
      try {
        return await runner.render({ layout: query.layout, code: query.code, labels });
      } catch (error) {
        if (error instanceof LabelsBusyError) {
          throw new AppError(
            429,
            'rate_limited',
            'Other label sheets are being drawn: try again in a moment',
            undefined,
            error.message,
          );
        }
        throw error;
      }
    },
  };
}
