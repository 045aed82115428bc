import type { Location, LocationItem, LocationPatch, LocationRefusal, NewLocation } from '@smart-zone/types/location';
import type { Author } from './items';

/** Where every placed unit is (LocationRepository.placements). */
export interface Placements {
  paths: Map<string, string>;
  places: Map<string, { locationId: string; quantity: number }[]>;
}

/** What a location write came to: nothing is written unless `ok` (the refusals: decisions/locations.ts). */
export type LocationOutcome = { ok: true; location: Location } | { ok: false; reason: LocationRefusal };

/**
 * The locations' tree (issue 34): one root, Main, never moved or deleted. Every change appends its audit
 * entry in its transaction; two changes at once never make a loop or two siblings of one name.
 */
export interface LocationRepository {
  /**
   * By path (the root first), a page, and how many match: `q`'s words each begin a word of the path, in order;
   * `parentId`: its direct children only.
   */
  list(
    filter: { q?: string; parentId?: string },
    page: { limit: number; skip: number },
  ): Promise<{ locations: Location[]; total: number }>;
  get(id: string): Promise<Location | null>;
  /**
   * The items holding units at a location (`deep`: or below it; each item once, its units summed), in the order
   * they were added, a page, and how many there are; null when there is no such location.
   */
  items(
    id: string,
    deep: boolean,
    page: { limit: number; skip: number },
  ): Promise<{ items: LocationItem[]; total: number } | null>;
  /**
   * Moves on with every location write, in its transaction (by any process): a list answered at one revision
   * is the list until the next (locations/locations.service.ts keeps pages by it).
   */
  revision(): Promise<number>;
  /**
   * Every location's path (Main's among them), and each item's units at locations other than Main (item id →
   * its lines; an item all in Main has none), read together: what the CSV export's `location` column is made of.
   */
  placements(): Promise<Placements>;
  /**
   * Where a receipt of the item goes when it names no location (its default), with its path; both null when it
   * has none (or its location was removed since); null when there is no such item.
   */
  defaultOf(itemId: string): Promise<{ locationId: string | null; path: string | null } | null>;
  /** Sets an item's default location (null clears it); nothing is written unless `ok`. */
  setDefault(itemId: string, locationId: string | null): Promise<'ok' | 'not_found' | 'location_not_found'>;
  /** Under `parentId`, or Main. */
  create(input: NewLocation, by: Author): Promise<LocationOutcome>;
  /** A rename and/or a move; everything under it moves with it. */
  update(id: string, patch: LocationPatch, by: Author): Promise<LocationOutcome>;
  /** The answer's location is the one removed. */
  remove(id: string, by: Author): Promise<LocationOutcome>;
}
