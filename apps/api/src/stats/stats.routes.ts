import { statsSchema } from '@smart-zone/types/api-schemas';
import { STATS_DAYS, STATS_TOP_MOVERS } from '@smart-zone/types/stats';
import { json } from '../http/route-docs';
import { route } from '../http/route';
import type { Store } from '../store/store';

/** The dashboard's figures (issue 22): every team role reads them, as the reorder list. */
export function statsRoutes(deps: { store: Store }) {
  const { stats } = deps.store;
  return [
    route({
      method: 'get',
      path: '/stats',
      operationId: 'getStats',
      tag: 'stats',
      summary: 'The warehouse at a glance',
      description:
        `Items, units on hand, stock value, low and out; units in and out per UTC day over the last ${STATS_DAYS} ` +
        `days and the ${STATS_TOP_MOVERS} items with the most units out. Answered from totals every write keeps ` +
        'in its own transaction (never by reading the ledger); not cached: a change is in the next answer.',
      access: 'readStock',
      responses: { '200': { description: 'The figures', content: json(statsSchema) } },
      async handle(_input, _req, res) {
        res.set('Cache-Control', 'private, no-store').json(await stats.read());
      },
    }),
  ];
}
