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
  /** Check afterwards that stock and delivery records agree. */
  checkStock?: boolean;
}

export interface ScenarioContext {
  /** An item in the middle of the catalogue. */
  itemId: string;
  /** A search term that matches a few of the synthetic items. */
  searchTerm: string;
  token: string;
  deliveryBody: string;
}

/**
 * "phone K" with K = N/10 − 1 matches Phone K and Phone K0..K9: eleven
 * items whatever N is (at 100,000: "phone 9999", the query of issue 8).
 */
export function searchTermFor(items: number): string {
  return `phone ${Math.max(1, Math.floor(items / 10) - 1)}`;
}

export function scenarios(options: BenchOptions, context: ScenarioContext): Scenario[] {
  const timed = { connections: options.connections, seconds: options.seconds };
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
      load: {
        connections: 64,
        seconds: options.seconds,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
        body: context.deliveryBody,
      },
      checkStock: true,
    },
  ];
}
