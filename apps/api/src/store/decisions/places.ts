import { MAIN_LOCATION_ID } from '@smart-zone/types/location';

/**
 * Where an item's units are (issue 34, docs/decisions/019): Main holds what no other location does (the item's
 * quantity less its `placed` units), each other location holding some has its count (> 0). The adapters read it
 * with the item (SQLite: only when `placed` > 0, so an item all in Main costs a write no query more).
 */
export interface Holdings {
  main: number;
  others: ReadonlyMap<string, number>;
}

/** Units of a movement at one location (MAIN_LOCATION_ID for Main): − taken from it, + put there. */
export interface PlaceDelta {
  locationId: string;
  delta: number;
}

/** An item whose units are all in Main (every item before issue 34, and every item no one placed). */
export const allInMain = (quantity: number): Holdings => ({ main: quantity, others: new Map() });

/** Holdings from an item's quantity and the units it has at other locations. */
export function holdingsOf(quantity: number, placed: Iterable<{ locationId: string; quantity: number }>): Holdings {
  const others = new Map<string, number>();
  let elsewhere = 0;
  for (const { locationId, quantity: units } of placed) {
    if (units <= 0 || locationId === MAIN_LOCATION_ID) continue;
    others.set(locationId, units);
    elsewhere += units;
  }
  return { main: quantity - elsewhere, others };
}

/** The units at `locationId` (Main's when it is Main). */
export const unitsAt = (holdings: Holdings, locationId: string): number =>
  locationId === MAIN_LOCATION_ID ? holdings.main : (holdings.others.get(locationId) ?? 0);

/** Every location holding units, Main first, then the others by id: an item's stock by location. */
export function heldList(holdings: Holdings): { locationId: string; quantity: number }[] {
  const others = [...holdings.others].sort(([a], [b]) => (a < b ? -1 : 1));
  return [...(holdings.main > 0 ? [[MAIN_LOCATION_ID, holdings.main] as const] : []), ...others].map(
    ([locationId, quantity]) => ({ locationId, quantity }),
  );
}

/**
 * `units` taken from the locations holding the most first, across several when one holds too few (Main is one of
 * them; ties go to Main, then by id), never below 0 anywhere: the places of a delivery without a location, of a
 * quantity lowered by an edit or an import. `first`: a location taken from before the others (an import row's
 * `location`). Null when all of them together hold fewer.
 */
export function takeFrom(holdings: Holdings, units: number, first?: string): PlaceDelta[] | null {
  if (units <= 0) return [];
  // All at Main (every item no one placed): the delivery's hot path allocates no more than this.
  if (holdings.others.size === 0)
    return holdings.main >= units ? [{ locationId: MAIN_LOCATION_ID, delta: -units }] : null;
  const held = heldList(holdings).sort(
    (a, b) => Number(b.locationId === first) - Number(a.locationId === first) || b.quantity - a.quantity,
  );
  const places: PlaceDelta[] = [];
  let left = units;
  for (const { locationId, quantity } of held) {
    if (left === 0) break;
    const taken = Math.min(quantity, left);
    places.push({ locationId, delta: -taken });
    left -= taken;
  }
  return left === 0 ? places : null;
}

/** The holdings after `places`, or null when one of them would go below 0. */
export function afterPlaces(holdings: Holdings, places: readonly PlaceDelta[]): Holdings | null {
  let main = holdings.main;
  const others = new Map(holdings.others);
  for (const { locationId, delta } of places) {
    if (locationId === MAIN_LOCATION_ID) main += delta;
    else others.set(locationId, (others.get(locationId) ?? 0) + delta);
  }
  if (main < 0 || [...others.values()].some((units) => units < 0)) return null;
  for (const [locationId, units] of others) if (units === 0) others.delete(locationId);
  return { main, others };
}

/**
 * A movement's places taken back (an undo, a cancel): each the other way, at the same location while it still
 * exists (`exists`), else at Main; none given (all in Main), none back.
 */
export function placesBack(
  places: readonly PlaceDelta[] | undefined,
  exists: (locationId: string) => boolean,
): PlaceDelta[] | undefined {
  if (!places) return undefined;
  return places.map(({ locationId, delta }) => ({
    locationId: locationId === MAIN_LOCATION_ID || exists(locationId) ? locationId : MAIN_LOCATION_ID,
    delta: 0 - delta,
  }));
}

/** What a movement keeps of its places: all of them when one is not Main; none (all in Main) otherwise. */
export function keptPlaces(places: readonly PlaceDelta[] | undefined): PlaceDelta[] | undefined {
  if (!places || places.every((place) => place.locationId === MAIN_LOCATION_ID)) return undefined;
  // One line per location, in the order first named; lines that come to 0 dropped unless all do (a transfer).
  const merged = new Map<string, number>();
  for (const { locationId, delta } of places) merged.set(locationId, (merged.get(locationId) ?? 0) + delta);
  const lines = [...merged].map(([locationId, delta]) => ({ locationId, delta }));
  const moving = lines.filter((line) => line.delta !== 0);
  return moving.length > 0 ? moving : undefined;
}

/** The units a movement's places put at locations other than Main (what the item's `placed` moves by). */
export const placedDelta = (places: readonly PlaceDelta[] | undefined): number =>
  (places ?? []).reduce((sum, { locationId, delta }) => (locationId === MAIN_LOCATION_ID ? sum : sum + delta), 0);
