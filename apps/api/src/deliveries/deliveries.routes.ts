import { type RequestHandler, Router } from 'express';
import { deliveryInputSchema, myItemQuerySchema } from '@smart-zone/types/delivery';
import { currentUser } from '../auth/require-user';
import { parseBody, parseId, parseQuery } from '../http/parse-input';
import type { Store } from '../store/store';
import { deliveriesService } from './deliveries.service';

/** Everything under /myitem needs a verified user and touches only their records. */
export function deliveriesRoutes(deps: { store: Store; requireUser: RequestHandler }) {
  const service = deliveriesService(deps.store);
  const router = Router();
  router.use(deps.requireUser);

  router.get('/', async (req, res) => {
    const { email } = parseQuery(myItemQuerySchema, req.query);
    res.json(await service.list(currentUser(res), email));
  });

  router.post('/', async (req, res) => {
    res.status(201).json(await service.create(currentUser(res), parseBody(deliveryInputSchema, req.body)));
  });

  router.delete('/:id', async (req, res) => {
    res.json(await service.cancel(currentUser(res), parseId(req.params.id, 'delivery')));
  });

  return router;
}
