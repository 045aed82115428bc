import { z } from 'zod';
import { deleteResultSchema, deliveredItemSchema, idParams, insertResultSchema } from '@smart-zone/types/api-schemas';
import { deliveryInputSchema, myItemQuerySchema } from '@smart-zone/types/delivery';
import { currentUser } from '../auth/require-user';
import { json } from '../http/route-docs';
import { route } from '../http/route';
import type { Store } from '../store/store';
import { deliveriesService } from './deliveries.service';

/** /myitem: a verified user reads their own records; recording or cancelling one is a write, for staff. */
export function deliveriesRoutes(deps: { store: Store }) {
  const service = deliveriesService(deps.store);
  return [
    route({
      method: 'get',
      path: '/myitem',
      operationId: 'listMyDeliveries',
      tag: 'deliveries',
      summary: "The caller's own deliveries, newest first",
      description: 'A verified user; `email` defaults to the caller and may not name anyone else.',
      access: 'verified',
      query: myItemQuerySchema,
      responses: { '200': { description: 'Deliveries', content: json(z.array(deliveredItemSchema)) } },
      refusals: { 403: '`email` names someone else (forbidden)' },
      async handle({ query }, _req, res) {
        res.json(await service.list(currentUser(res), query.email));
      },
    }),

    route({
      method: 'post',
      path: '/myitem',
      operationId: 'createDelivery',
      tag: 'deliveries',
      summary: 'Record a delivery: takes `quantity` off the item with a `delivery` movement',
      description: 'The body email must be the caller’s.',
      access: 'staff',
      body: deliveryInputSchema,
      responses: { '201': { description: 'Recorded', content: json(insertResultSchema) } },
      refusals: {
        403: 'The body email is someone else’s (forbidden)',
        404: 'No item with that inventoriesId (not_found)',
        409: 'Not enough stock for that quantity (out_of_stock); nothing changed',
      },
      async handle({ body }, _req, res) {
        res.status(201).json(await service.create(currentUser(res), body));
      },
    }),

    route({
      method: 'delete',
      path: '/myitem/:id',
      operationId: 'cancelDelivery',
      tag: 'deliveries',
      summary: 'Cancel a delivery: puts its quantity back with a `cancel` movement, once',
      description: 'Only the caller’s own deliveries: another user’s answers 404, like an unknown id.',
      access: 'staff',
      params: idParams('delivery'),
      responses: { '200': { description: 'Cancelled', content: json(deleteResultSchema) } },
      refusals: {
        404: 'No delivery of the caller’s with that id, or it was cancelled already (not_found)',
        409: 'Putting it back would make the stock more than the 1,000,000 limit (out_of_stock); nothing changed',
      },
      async handle({ params }, _req, res) {
        res.json(await service.cancel(currentUser(res), params.id));
      },
    }),
  ];
}
