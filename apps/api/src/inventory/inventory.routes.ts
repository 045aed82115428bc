import { type RequestHandler, Router } from 'express';
import { itemInputSchema, itemListQuerySchema } from '@smart-zone/types/item';
import { parseBody, parseId, parseQuery } from '../http/parse-input';
import type { Store } from '../store/store';
import { inventoryService } from './inventory.service';

/** Reads are public; every write needs a verified user. */
export function inventoryRoutes(deps: { store: Store; requireUser: RequestHandler }) {
  const service = inventoryService(deps.store);
  const router = Router();

  router.get('/', async (req, res) => {
    res.json(await service.list(parseQuery(itemListQuerySchema, req.query)));
  });

  router.get('/:id', async (req, res) => {
    res.json(await service.get(parseId(req.params.id, 'item')));
  });

  router.post('/', deps.requireUser, async (req, res) => {
    res.status(201).json(await service.create(parseBody(itemInputSchema, req.body)));
  });

  router.put('/:id', deps.requireUser, async (req, res) => {
    const id = parseId(req.params.id, 'item');
    res.json(await service.update(id, parseBody(itemInputSchema, req.body)));
  });

  router.delete('/:id', deps.requireUser, async (req, res) => {
    res.json(await service.remove(parseId(req.params.id, 'item')));
  });

  return router;
}
