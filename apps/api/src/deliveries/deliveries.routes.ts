import { Router } from 'express';
import { deliveryInputSchema, myItemQuerySchema } from '@smart-zone/types/delivery';
import { currentUser, type Guards } from '../auth/require-user';
import { parseBody, parseId, parseQuery } from '../http/parse-input';
import type { Store } from '../store/store';
import { deliveriesService } from './deliveries.service';

/** /myitem: a verified user reads their own records; recording or cancelling one is a write, for staff. */
export function deliveriesRoutes(deps: { store: Store; guards: Guards }) {
  const service = deliveriesService(deps.store);
  const router = Router();

  router.get('/', deps.guards.verified, async (req, res) => {
    const { email } = parseQuery(myItemQuerySchema, req.query);
    res.json(await service.list(currentUser(res), email));
  });

  router.post('/', deps.guards.staff, async (req, res) => {
    res.status(201).json(await service.create(currentUser(res), parseBody(deliveryInputSchema, req.body)));
  });

  router.delete('/:id', deps.guards.staff, async (req, res) => {
    res.json(await service.cancel(currentUser(res), parseId(req.params.id, 'delivery')));
  });

  return router;
}
