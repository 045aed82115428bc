/**
 * Manage Inventories narrowed to one location (issue 34): `?location=<id>` the location, `&deep=0` what it
 * holds there only (by default, and with `deep=1`, the locations inside it too). Here, not with its component,
 * so the first visit's early data request (router.tsx) reads the address as the page does.
 */

/** The address's keys, as useListParams reads them ('text': any id; checked below). */
export const LOCATION_FILTER_KEYS = { location: 'text', deep: ['0', '1'] } as const;

export interface LocationFilter {
  locationId: string;
  /** The locations inside it too. */
  deep: boolean;
}

const LOCATION_ID = /^[0-9a-fA-F]{24}$/;

/** The location the address asks for, or null (none, or not an id). */
export function readLocationFilter(location: string | null, deep: string | null): LocationFilter | null {
  const id = location?.trim() ?? '';
  return LOCATION_ID.test(id) ? { locationId: id.toLowerCase(), deep: deep?.trim() !== '0' } : null;
}
