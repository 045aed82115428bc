import { Router } from 'express';
import {
  historyQuerySchema,
  itemEtag,
  itemInputSchema,
  itemListQuerySchema,
  stockChangeSchema,
  TOTAL_COUNT_HEADER,
} from '@smart-zone/types/item';
import { currentActor, type Guards } from '../auth/require-user';
import { parseBody, parseId, parseQuery } from '../http/parse-input';
import { etagOf, expectedVersion } from '../http/preconditions';
import { streamJsonArray } from '../http/stream-json';
import type { Store } from '../store/store';
import { inventoryService } from './inventory.service';

/** Reads are public; every write needs staff; the history is for staff only. */
export function inventoryRoutes(deps: { store: Store; guards: Guards }) {
  const service = inventoryService(deps.store);
  const { staff } = deps.guards;
  const router = Router();

  router.get('/', async (req, res) => {
    const query = parseQuery(itemListQuerySchema, req.query);
    if (query.limit !== undefined) {
      const page = await service.page(query);
      res.set('ETag', etagOf(page.key));
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.set(TOTAL_COUNT_HEADER, String(page.total)).type('json').send(page.body);
      return;
    }
    // No limit: the spec's whole list, streamed, and not sent again while unchanged.
    const all = await service.all(query);
    res.set('ETag', etagOf(`${all.revision}?${JSON.stringify(query)}`));
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.set(TOTAL_COUNT_HEADER, String(all.total));
    await streamJsonArray(res, all.batches);
  });

  router.get('/:id', async (req, res) => {
    const item = await service.get(parseId(req.params.id, 'item'));
    res.set('ETag', itemEtag(item));
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.json(item);
  });

  router.get('/:id/history', staff, async (req, res) => {
    const id = parseId(req.params.id, 'item');
    const history = await service.history(id, parseQuery(historyQuerySchema, req.query));
    res.set(TOTAL_COUNT_HEADER, String(history.total)).json(history.movements);
  });

  router.post('/', staff, async (req, res) => {
    res.status(201).json(await service.create(parseBody(itemInputSchema, req.body), currentActor(res)));
  });

  router.put('/:id', staff, async (req, res) => {
    const id = parseId(req.params.id, 'item');
    const version = expectedVersion(req.get('if-match'));
    res.json(await service.update(id, parseBody(itemInputSchema, req.body), currentActor(res), version));
  });

  router.post('/:id/stock', staff, async (req, res) => {
    const id = parseId(req.params.id, 'item');
    res.json(await service.changeStock(id, parseBody(stockChangeSchema, req.body), currentActor(res)));
  });

  router.delete('/:id', staff, async (req, res) => {
    res.json(await service.remove(parseId(req.params.id, 'item'), currentActor(res)));
  });

  return router;
}
