import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { currentAuthor } from '../auth/require-user';
import { json } from '../http/route-docs';
import { route } from '../http/route';
import type { Store } from '../store/store';

/** Why the demo items are cleared: each deletion's audit entry says so. */
export const EMPTY_WAREHOUSE_REASON = 'Start with an empty warehouse';

const demoStateSchema = z
  .object({
    demoOnly: z.boolean().meta({
      description: "Only the first run's demo items are there: no stock moved by a person, no delivery",
    }),
  })
  .meta({ id: 'DemoData' });

/**
 * The owner's first hour (issue 36): a new shop holds the demo items; while nothing but them is there, the owner
 * clears them at once ("Start with an empty warehouse"), each deletion in the audit with that reason.
 */
export function demoDataRoutes(deps: { store: Store }) {
  const { items } = deps.store;
  return [
    route({
      method: 'get',
      path: '/demo-data',
      operationId: 'getDemoData',
      tag: 'inventory',
      summary: "Whether only the first run's demo items are there",
      description: 'True while no stock was moved by a person and no delivery made, with at most 100 items.',
      access: 'clearDemo',
      responses: { '200': { description: 'The demo data', content: json(demoStateSchema) } },
      async handle(_input, _req, res) {
        res.json({ demoOnly: await items.demoOnly() });
      },
    }),

    route({
      method: 'delete',
      path: '/demo-data',
      operationId: 'clearDemoData',
      tag: 'inventory',
      summary: 'Start with an empty warehouse: every demo item deleted',
      description:
        'Only while only the demo items are there (GET /demo-data): all of them deleted in one transaction, each ' +
        `with its \`deleted\` movement and an \`item.delete\` audit entry whose reason is "${EMPTY_WAREHOUSE_REASON}".`,
      access: 'clearDemo',
      responses: {
        '200': {
          description: 'Cleared',
          content: json(z.object({ removed: z.number().int().meta({ description: 'Items deleted' }) })),
        },
      },
      refusals: {
        409: 'Stock was moved by a person, or a delivery made: this is a shop now (not_demo); nothing changed',
      },
      async handle(_input, _req, res) {
        const outcome = await items.emptyDemo(currentAuthor(res, EMPTY_WAREHOUSE_REASON));
        if (!outcome.ok) {
          throw new AppError(409, 'not_demo', 'This warehouse holds its own data now: delete items one by one instead');
        }
        res.json({ removed: outcome.removed });
      },
    }),
  ];
}
