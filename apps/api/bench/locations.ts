/**
 * Issue 34: the locations' search (`GET /api/locations?q=`) at 10,000 locations, 32 connections, a staff
 * token, beside the floor. The tree is seeded before the API starts (seed-locations.ts, through the store's
 * own `locations.create`); its scenarios run with the others, or alone with `--only locations`.
 */
import path from 'node:path';
import { apiEnv } from './api-server';
import type { BenchOptions } from './options';
import { exited, firstMessage, forkTs } from './processes';
import type { Scenario } from './scenarios';

/** The tree: rooms "Room 1".."Room 10", each with shelves "Shelf A".."Shelf J", each with bins "Bin 1".."Bin 99". */
export const LOCATION_TREE = { rooms: 10, shelves: 10, bins: 99 } as const;
/** Every location below Main: 10 rooms + 100 shelves + 9,900 bins = 10,010. */
export const LOCATIONS_SEEDED = LOCATION_TREE.rooms * (1 + LOCATION_TREE.shelves * (1 + LOCATION_TREE.bins));

/**
 * The searches, as a person types them (searchWords: runs of letters and of digits, each beginning a word of
 * the path, in order):
 * - "r1 c4" (r, 1, c, 4): Room 1 and Room 10, Shelf C, Bin 4 and 40–49: 22 bins, a page of 20 and a count
 *   that reads every row;
 * - "b4" (b, 4): Bin 4 and 40–49 on every shelf: 1,100, the page found in the first rooms.
 */
export const LOCATION_QUERIES = ['r1 c4', 'b4'] as const;

const scenarioName = (q: string) => `GET /api/locations?q=${q}&limit=20`;
/** What one location holds at 100,000 items: the bin's own rows, and its room's with `deep` (three levels up). */
const ITEMS_SCENARIOS = ['GET /api/locations/:bin/items?limit=20', 'GET /api/locations/:room/items?deep=true&limit=20'];
export const LOCATION_SCENARIOS = [...LOCATION_QUERIES.map(scenarioName), ...ITEMS_SCENARIOS];

/** One location to create: its name and its parent's index in the order created (null: under Main). */
export interface TreeLocation {
  name: string;
  parent: number | null;
}

/** The tree in the order it is created: each room, then its shelves, each followed by its bins. */
export function* locationTree(): Generator<TreeLocation> {
  let index = 0;
  for (let room = 1; room <= LOCATION_TREE.rooms; room += 1) {
    const roomIndex = index++;
    yield { name: `Room ${room}`, parent: null };
    for (let shelf = 0; shelf < LOCATION_TREE.shelves; shelf += 1) {
      const shelfIndex = index++;
      yield { name: `Shelf ${String.fromCharCode(65 + shelf)}`, parent: roomIndex };
      for (let bin = 1; bin <= LOCATION_TREE.bins; bin += 1) {
        index += 1;
        yield { name: `Bin ${bin}`, parent: shelfIndex };
      }
    }
  }
}

/** seed-locations.ts's one message: how many it created, in how many seconds; the bin every item was moved to. */
export interface SeededLocations {
  created: number;
  seconds: number;
  /** Room 1 / Shelf A / Bin 1, which holds every item with units, and Room 1 (its sub-locations hold them). */
  bin: string;
  room: string;
  itemsInBin: number;
}

/** Whether `--only` (or its absence) picks a locations scenario: then the tree is seeded. */
export function wantsLocations(options: BenchOptions): boolean {
  return !options.only || options.only.some((text) => LOCATION_SCENARIOS.some((name) => name.includes(text)));
}

/** seed-locations.ts on `dataDir`'s store, in its own process, before the API opens it. */
export async function seedLocations(dataDir: string): Promise<SeededLocations> {
  const child = forkTs(path.join('bench', 'seed-locations.ts'), { env: apiEnv(dataDir) });
  const seeded = await firstMessage<SeededLocations>(child, 'the locations seed');
  await exited(child, 'the locations seed');
  if (seeded.created !== LOCATIONS_SEEDED) {
    throw new Error(`the locations seed created ${seeded.created} locations, not ${LOCATIONS_SEEDED}`);
  }
  return seeded;
}

/**
 * A page of 20 of each search, as a signed-in team member reads it (the bench's token; any role may read the
 * locations), beside the floor and the ceiling answering the same bytes, like the other staff reads.
 */
export function locationScenarios(options: BenchOptions, token: string, seeded?: SeededLocations | null): Scenario[] {
  const load = {
    connections: options.connections,
    seconds: options.seconds,
    headers: { authorization: `Bearer ${token}` },
  };
  const searches = LOCATION_QUERIES.map((q) => ({
    name: scenarioName(q),
    path: `/api/locations?q=${encodeURIComponent(q)}&limit=20`,
    load,
    hasFloor: true,
  }));
  if (!seeded?.bin) return searches;
  return [
    ...searches,
    { name: ITEMS_SCENARIOS[0]!, path: `/api/locations/${seeded.bin}/items?limit=20`, load, hasFloor: true },
    { name: ITEMS_SCENARIOS[1]!, path: `/api/locations/${seeded.room}/items?deep=true&limit=20`, load, hasFloor: true },
  ];
}
