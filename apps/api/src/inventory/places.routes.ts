import { z } from 'zod';
import { idParams, stockResultSchema } from '@smart-zone/types/api-schemas';
import {
  batchTransferSchema,
  itemDefaultLocationSchema,
  itemStockLineSchema,
  setDefaultLocationSchema,
  TRANSFER_LINES_MAX,
  transferSchema,
} from '@smart-zone/types/location';
import { currentAuthor } from '../auth/require-user';
import { json } from '../http/route-docs';
import { route } from '../http/route';
import type { Store } from '../store/store';
import { placesService } from './places.service';

const itemId = idParams('item');
const NO_ITEM = 'No item with that id (not_found)';

/** Where an item's units are and moves between locations (issue 34; docs/decisions/019): staff read, clerks move. */
export function placesRoutes(deps: { store: Store }) {
  const service = placesService(deps.store);
  return [
    route({
      method: 'get',
      path: '/inventory/:id/stock',
      operationId: 'getItemStock',
      tag: 'inventory',
      summary: "Where an item's units are: a line per location holding some, Main first",
      description: "The quantities add up to the item's quantity; an item with none answers [].",
      access: 'readStock',
      params: itemId,
      responses: { '200': { description: 'Its stock by location', content: json(z.array(itemStockLineSchema)) } },
      refusals: { 404: NO_ITEM },
      async handle({ params }, _req, res) {
        res.json(await service.stockByLocation(params.id));
      },
    }),

    route({
      method: 'get',
      path: '/inventory/:id/default-location',
      operationId: 'getItemDefaultLocation',
      tag: 'inventory',
      summary: 'Where a receipt of an item goes when it names no location',
      description:
        'A restock without `locationId` goes there; a removal without one takes from there when it holds enough ' +
        '(else from Main). Both null: none, or its location was removed since (receipts go to Main).',
      access: 'readStock',
      params: itemId,
      responses: { '200': { description: 'Its default location', content: json(itemDefaultLocationSchema) } },
      refusals: { 404: NO_ITEM },
      async handle({ params }, _req, res) {
        res.json(await service.defaultLocation(params.id));
      },
    }),

    route({
      method: 'put',
      path: '/inventory/:id/default-location',
      operationId: 'setItemDefaultLocation',
      tag: 'inventory',
      summary: "Set (or, with null, clear) an item's default location",
      description: "Moves no stock and is not an edit of the item: its version and the list's ETag stay.",
      access: 'moveStock',
      params: itemId,
      body: setDefaultLocationSchema,
      responses: { '200': { description: 'Its default location now', content: json(itemDefaultLocationSchema) } },
      refusals: { 400: 'locationId names no location (location_not_found); nothing changed', 404: NO_ITEM },
      async handle({ params, body }, _req, res) {
        res.json(await service.setDefaultLocation(params.id, body.locationId));
      },
    }),

    route({
      method: 'post',
      path: '/inventory/:id/transfer',
      operationId: 'transferStock',
      tag: 'inventory',
      summary: 'Move units of an item from one location to another',
      description:
        'One `transfer` movement of delta 0 whose places say −quantity at `from` and +quantity at `to`: the ' +
        "item's quantity stays. Undone as a restock is (POST /movements/{id}/undo moves them back).",
      access: 'moveStock',
      params: itemId,
      body: transferSchema,
      responses: { '200': { description: 'The quantity (unchanged)', content: json(stockResultSchema) } },
      refusals: {
        400: 'from or to names no location (location_not_found); nothing changed',
        404: NO_ITEM,
        409: '`from` holds fewer than `quantity` (out_of_stock; the message says how many); nothing changed',
      },
      async handle({ params, body }, _req, res) {
        res.json(await service.transfer(params.id, body, currentAuthor(res)));
      },
    }),

    route({
      method: 'post',
      path: '/transfers',
      operationId: 'transferMany',
      tag: 'inventory',
      summary: "Move many items' units to one location, all or none",
      description:
        `Up to ${TRANSFER_LINES_MAX} lines, each a \`transfer\` movement as POST /inventory/{id}/transfer makes it; ` +
        'a line without `from` takes its units from the locations holding the most first (`to` aside). The ' +
        '"scan a bin, then its items" flow sends one. The first line that cannot be moved is named (1-based) and ' +
        'nothing is moved.',
      access: 'moveStock',
      body: batchTransferSchema,
      responses: {
        '200': {
          description: 'Each line’s movement, in order',
          content: json(z.object({ movementIds: z.array(z.string()) })),
        },
      },
      refusals: {
        400: 'A location named is not one (location_not_found; the line is named); nothing moved',
        404: "A line's item is not one (not_found; the line is named); nothing moved",
        409: 'A line asks for more than is there (out_of_stock; the line and the count are named); nothing moved',
      },
      async handle({ body }, _req, res) {
        res.json(await service.transferMany(body, currentAuthor(res)));
      },
    }),
  ];
}
