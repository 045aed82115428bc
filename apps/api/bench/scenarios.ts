import path from 'node:path';
import { seedClerk } from '../src/seed-activity';
import { syntheticSku } from '../src/store/ean13';
import { createDeliveryItems, deliveryBody, type StockItem } from './deliveries';
import { locationScenarios, type SeededLocations } from './locations';
import type { BenchOptions } from './options';
import type { LoadSpec } from './protocol';

/** One line of the bench: a call, how hard to push it, and what to check around it. */
export interface Scenario {
  name: string;
  /** Path and query, the same on the API, the floor and the ceiling. */
  path: string;
  load: Omit<LoadSpec, 'url'>;
  /** The floor and the ceiling answer this call too, so it gets a ratio. */
  hasFloor?: boolean;
  /** Report how much the API's resident memory grew during the run. */
  watchMemory?: boolean;
  /** Runs once before the warm-up (creates what the scenario needs). */
  before?: () => Promise<void>;
  /** The items its deliveries take from: checked afterwards that stock and delivery records agree. */
  stock?: StockItem[];
  /** Count the alerts raised during the measured runs. */
  countAlerts?: boolean;
  /** Scenarios with the same key run in interleaved rounds (A, B, A, B…) and are compared with each other. */
  interleave?: string;
}

export interface ScenarioContext {
  /** An item in the middle of the catalogue. */
  itemId: string;
  /** An item with deliveries and stock moves (the newest delivery's), or itemId when the seed made none. */
  activeItemId: string;
  /** A search term that matches a few of the synthetic items. */
  searchTerm: string;
  token: string;
  base: string;
  /** Where a scenario may keep files (the bench's temp folder). */
  workDir: string;
  /** Issue 34's tree, when it was seeded: the bin that holds every item. */
  locations?: SeededLocations | null;
  /** The one item with all the stock an item may hold, which the issue-9 deliveries take from. */
  stockItem: StockItem;
}

/** Issue 19's delivery items: how many, and how much stock each starts with (never runs out in a run). */
const DELIVERY_ITEMS = 5000;
const DELIVERY_QUANTITY = 1000;
/** With alerts on, item i crosses its reorder point at its (1 + i % 6)-th delivery: crossings all through a run. */
const CROSSING_SPREAD = 6;

/**
 * "phone K" with K = N/10 − 1 matches Phone K and Phone K0..K9: eleven
 * items whatever N is (at 100,000: "phone 9999", the query of issue 8).
 */
export function searchTermFor(items: number): string {
  return `phone ${Math.max(1, Math.floor(items / 10) - 1)}`;
}

/** Eight digits from the middle of the seeded SKU of the middle item (seed.ts: syntheticSku): one item or a few. */
export function skuPartFor(items: number): string {
  return syntheticSku(Math.ceil(items / 2)).slice(4, 12);
}

export function scenarios(options: BenchOptions, context: ScenarioContext): Scenario[] {
  const timed = { connections: options.connections, seconds: options.seconds };
  const delivering = {
    connections: 64,
    seconds: options.seconds,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
  };
  /**
   * Issue 19: the same deliveries with alerts on and with every reorder
   * point 0, each over its own DELIVERY_ITEMS items picked at random (one
   * item can cross only once until restocked, so crossings need many items).
   */
  const deliveries = (name: string, short: string, minStock: (i: number) => number): Scenario => {
    const items: StockItem[] = [];
    const bodies = path.join(context.workDir, `${name.replaceAll(' ', '-')}.json`);
    return {
      name: `POST /api/myitem (deliver 1, ${name})`,
      path: '/api/myitem',
      load: { ...delivering, bodies },
      before: () =>
        createDeliveryItems(
          context.base,
          context.token,
          { name: `Bench ${short}`, count: DELIVERY_ITEMS, quantity: DELIVERY_QUANTITY, minStock, bodiesFile: bodies },
          items,
        ),
      stock: items,
      countAlerts: true,
      interleave: 'issue 19 deliveries',
    };
  };
  return [
    { name: 'GET /api/inventory/:id', path: `/api/inventory/${context.itemId}`, load: timed, hasFloor: true },
    { name: 'GET /api/inventory?limit=6', path: '/api/inventory?limit=6', load: timed, hasFloor: true },
    // The floor serves this one too: a 20-item page is what the sorted and
    // searched reads answer as well, so it says what Express alone can do there.
    { name: 'paged ?limit=20&skip=40', path: '/api/inventory?limit=20&skip=40', load: timed, hasFloor: true },
    { name: 'sorted ?sort=-price&limit=20', path: '/api/inventory?sort=-price&limit=20', load: timed },
    {
      name: `searched ?q=${encodeURIComponent(context.searchTerm)}&limit=20`,
      path: `/api/inventory?q=${encodeURIComponent(context.searchTerm)}&limit=20`,
      load: timed,
    },
    // Issue 33: a part of a SKU searched (the trigram index over the codes), and a whole code looked up.
    {
      name: `searched by part of a SKU ?q=${skuPartFor(options.items)}&limit=20`,
      path: `/api/inventory?q=${skuPartFor(options.items)}&limit=20`,
      load: timed,
    },
    {
      name: `code ?code=${syntheticSku(Math.ceil(options.items / 2))}`,
      path: `/api/inventory?code=${syntheticSku(Math.ceil(options.items / 2))}`,
      load: timed,
    },
    {
      // Every connection downloads the whole list once, all at the same time:
      // at 100,000 items one answer takes seconds, so a timed run would end
      // with most of them cut off, and the memory peak is what we are after.
      name: 'whole list GET /api/inventory',
      path: '/api/inventory',
      load: { connections: options.connections, amount: options.connections, timeout: 600 },
      watchMemory: true,
    },
    {
      // 64 connections, as issue 9 measures deliveries: enough to queue commits.
      name: 'POST /api/myitem (deliver 1)',
      path: '/api/myitem',
      load: { ...delivering, body: deliveryBody(context.stockItem) },
      stock: [context.stockItem],
    },
    // Issue 19: the low list, from the seed's spread of reorder points, as fast as the other lists.
    { name: 'GET /api/inventory?stock=low&limit=20', path: '/api/inventory?stock=low&limit=20', load: timed },
    deliveries('alerts on', 'on', (i) => DELIVERY_QUANTITY - 1 - (i % CROSSING_SPREAD)),
    deliveries('minStock 0', 'off', () => 0),
    ...teamReads(options, context),
    // Issue 34: the locations' search at 10,000 locations (seeded before the API started: locations.ts).
    ...locationScenarios(options, context.token, context.locations),
  ];
}

/**
 * Issue 20: a manager's first page of the audit and of every delivery, with
 * no filter and with each filter the seed gives something to find (one of
 * its clerks, an item it delivered from, removals). Pages of 20, as the
 * Audit and Deliveries pages ask for, and the unfiltered lists at the API's
 * default of 50 too. The floor and the ceiling serve the same answers, so each
 * read gets its ratio: what the token, the role and the query cost.
 */
function teamReads(options: BenchOptions, context: ScenarioContext): Scenario[] {
  const load = {
    connections: options.connections,
    seconds: options.seconds,
    headers: { authorization: `Bearer ${context.token}` },
  };
  const clerk = seedClerk(0).email;
  const item = context.activeItemId;
  const read = (list: 'audit' | 'deliveries', filter?: [string, string], limit = 20): Scenario => {
    const query = filter ? `${filter[0]}=${encodeURIComponent(filter[1])}&limit=${limit}` : `limit=${limit}`;
    return {
      name: `GET /api/${list}?${filter ? `${filter[0]}=${filter[1]}&` : ''}limit=${limit}`,
      path: `/api/${list}?${query}`,
      load,
      hasFloor: true,
    };
  };
  return [
    {
      // Issue 31: a signed-in staff read, the item's history page as the web's ItemHistory asks for it.
      name: 'GET /api/inventory/:id/history?limit=20',
      path: `/api/inventory/${encodeURIComponent(item)}/history?limit=20`,
      load,
      hasFloor: true,
    },
    read('audit'),
    read('audit', undefined, 50),
    read('audit', ['actor', clerk]),
    read('audit', ['itemId', item]),
    read('audit', ['action', 'stock.remove']),
    read('deliveries'),
    read('deliveries', undefined, 50),
    read('deliveries', ['email', clerk]),
    read('deliveries', ['itemId', item]),
  ];
}
