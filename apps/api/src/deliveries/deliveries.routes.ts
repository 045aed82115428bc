import { z } from 'zod';
import { deleteResultSchema, deliveredItemSchema, idParams, insertResultSchema } from '@smart-zone/types/api-schemas';
import { reasonQuerySchema, reasonSchema } from '@smart-zone/types/audit';
import { deliveryInputSchema, deliveryListQuerySchema, myItemQuerySchema } from '@smart-zone/types/delivery';
import { TOTAL_COUNT_HEADER } from '@smart-zone/types/item';
import { reasonRequired } from '@smart-zone/types/roles';
import { currentAuthor, currentRole, currentUser } from '../auth/require-user';
import { badRequest } from '../errors/app-error';
import { json, totalCountHeader } from '../http/route-docs';
import { sendJson } from '../http/prepared-json';
import { route } from '../http/route';
import type { Store } from '../store/store';
import { deliveriesService } from './deliveries.service';

/**
 * /myitem: a verified user reads their own records; recording one, or cancelling one's own, needs a clerk
 * (a clerk says why they cancel); a manager cancels anyone's. /deliveries: every delivery, for the team.
 */
export function deliveriesRoutes(deps: { store: Store }) {
  const service = deliveriesService(deps.store);
  return [
    route({
      method: 'get',
      path: '/myitem',
      operationId: 'listMyDeliveries',
      tag: 'deliveries',
      summary: "The caller's own deliveries, newest first",
      description:
        'A verified user; `email` defaults to the caller and may not name anyone else. Without `state`, the ' +
        'ones not cancelled (the spec’s My Item); `state=all` lists the cancelled ones too, in their place, each ' +
        'with `cancelledAt`, `cancelledBy` and `cancelReason`.',
      access: 'verified',
      query: myItemQuerySchema,
      responses: { '200': { description: 'Deliveries', content: json(z.array(deliveredItemSchema)) } },
      refusals: { 403: '`email` names someone else (forbidden)' },
      async handle({ query }, _req, res) {
        res.json(await service.list(currentUser(res), query.email, query.state));
      },
    }),

    route({
      method: 'post',
      path: '/myitem',
      operationId: 'createDelivery',
      tag: 'deliveries',
      summary: 'Record a delivery: takes `quantity` off the item with a `delivery` movement',
      description: 'The body email must be the caller’s.',
      access: 'deliver',
      body: deliveryInputSchema.extend({ reason: reasonSchema }),
      responses: { '201': { description: 'Recorded', content: json(insertResultSchema) } },
      refusals: {
        403: 'The body email is someone else’s (forbidden)',
        404: 'No item with that inventoriesId (not_found)',
        409: 'Not enough stock for that quantity (out_of_stock); nothing changed',
      },
      async handle({ body: { reason, ...delivery } }, req, res) {
        sendJson(req, res, 201, await service.create(currentAuthor(res, reason), delivery));
      },
    }),

    route({
      method: 'delete',
      path: '/myitem/:id',
      operationId: 'cancelDelivery',
      tag: 'deliveries',
      summary:
        'Cancel one of your deliveries: puts its quantity back where it was taken from, with a `cancel` movement, once',
      description:
        'My Item is the caller’s own: another user’s delivery answers 404, like an unknown id, whatever the role ' +
        '(a manager cancels anyone’s through DELETE /deliveries/{id}). A clerk must say why in `reason`.',
      access: 'deliver',
      params: idParams('delivery'),
      query: reasonQuerySchema,
      responses: { '200': { description: 'Cancelled', content: json(deleteResultSchema) } },
      refusals: {
        400: 'A clerk gave no `reason` (validation_failed); nothing changed',
        404: 'No delivery of the caller’s with that id, or it was cancelled already (not_found)',
        409: 'Putting it back would make the stock more than the 1,000,000 limit (out_of_stock); nothing changed',
      },
      async handle({ params, query }, _req, res) {
        if (!query.reason && reasonRequired(currentRole(res), 'cancelDelivery')) {
          throw badRequest('Say why you are cancelling this delivery', {
            reason: 'A clerk must give a reason to cancel a delivery',
          });
        }
        res.json(await service.cancel(currentAuthor(res, query.reason), params.id, false));
      },
    }),

    route({
      method: 'delete',
      path: '/deliveries/:id',
      operationId: 'cancelAnyDelivery',
      tag: 'deliveries',
      summary: 'Cancel anyone’s delivery (the Deliveries page): its quantity back where it was taken from, once',
      description: 'As DELETE /myitem/{id}, for any user’s delivery; `reason` (optional) is kept in the audit entry.',
      access: 'cancelAnyDelivery',
      params: idParams('delivery'),
      query: reasonQuerySchema,
      responses: { '200': { description: 'Cancelled', content: json(deleteResultSchema) } },
      refusals: {
        404: 'No delivery with that id, or it was cancelled already (not_found)',
        409: 'Putting it back would make the stock more than the 1,000,000 limit (out_of_stock); nothing changed',
      },
      async handle({ params, query }, _req, res) {
        res.json(await service.cancel(currentAuthor(res, query.reason), params.id, true));
      },
    }),

    route({
      method: 'get',
      path: '/deliveries',
      operationId: 'listDeliveries',
      tag: 'deliveries',
      summary: 'Every delivery not cancelled (or, with `state=all`, every one), newest first, a page at a time',
      description:
        'Filters: `email` (who recorded it), `itemId`, `from` and `to` (dates or date-times, inclusive), `state` ' +
        '(`all`: the cancelled ones too, marked with `cancelledAt`, `cancelledBy` and `cancelReason`). ' +
        'X-Total-Count answers how many match.',
      access: 'readDeliveries',
      query: deliveryListQuerySchema,
      responses: {
        '200': {
          description: 'Deliveries',
          headers: totalCountHeader,
          content: json(z.array(deliveredItemSchema)),
        },
      },
      async handle({ query: { limit, skip, ...filter } }, _req, res) {
        const page = await deps.store.deliveries.list(filter, { limit, skip });
        res.set(TOTAL_COUNT_HEADER, String(page.total)).json(page.deliveries);
      },
    }),
  ];
}
