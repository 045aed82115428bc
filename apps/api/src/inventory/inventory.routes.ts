import { Router, type Request } from 'express';
import { LRUCache } from 'lru-cache';
import {
  type Item,
  type ItemListQuery,
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
import { prepareJson, sendPrepared, type PreparedJson } from '../http/prepared-json';
import { DEFAULT_DOWNLOAD_LIMITS, downloadSlots, type DownloadLimits } from '../http/download-slots';
import { STALLED_READER_MS, streamJsonArray } from '../http/stream-json';
import type { Store } from '../store/store';
import { inventoryService } from './inventory.service';

/** How the whole list is served: how many downloads at once, and how long a stalled reader is kept. */
export interface ListDownloadOptions extends DownloadLimits {
  stalledReaderMs: number;
}

/** Reads are public; every write needs staff; the history is for staff only. */
export function inventoryRoutes(deps: { store: Store; guards: Guards; downloads?: Partial<ListDownloadOptions> }) {
  const service = inventoryService(deps.store);
  const slots = downloadSlots({ ...DEFAULT_DOWNLOAD_LIMITS, ...deps.downloads });
  const stalledReaderMs = deps.downloads?.stalledReaderMs ?? STALLED_READER_MS;
  const { staff, staffRead } = deps.guards;
  const router = Router();

  // The same query text always parses the same: parse a text once, answer its
  // parse from memory after (bad queries are not kept, they throw every time).
  const queries = new LRUCache<string, { query: ItemListQuery; canonical: string }>({
    maxSize: 1024 * 1024,
    sizeCalculation: (parsed, text) => text.length + parsed.canonical.length + 64,
  });
  const listQuery = (req: Request) => {
    const at = req.url.indexOf('?');
    const text = at < 0 ? '' : req.url.slice(at + 1);
    let parsed = queries.get(text);
    if (!parsed) {
      const query = parseQuery(itemListQuerySchema, req.query);
      parsed = { query, canonical: JSON.stringify(query) };
      queries.set(text, parsed);
    }
    return parsed;
  };

  // An item's JSON, made once per object the store hands out: the SQLite
  // store hands out the same object while the item's version stays the same.
  const itemJson = new WeakMap<Item, PreparedJson>();

  router.get('/', async (req, res) => {
    const { query, canonical } = listQuery(req);
    if (query.limit !== undefined) {
      const page = await service.page(query, canonical);
      sendPrepared(req, res, page, { [TOTAL_COUNT_HEADER]: String(page.total) });
      return;
    }
    // No limit: the spec's whole list, streamed, and not sent again while unchanged.
    const all = await service.all(query);
    res.set('ETag', etagOf(`${all.revision}?${canonical}`));
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    try {
      slots.take(req, res);
    } catch (refused) {
      res.removeHeader('ETag');
      throw refused;
    }
    res.set(TOTAL_COUNT_HEADER, String(all.total));
    await streamJsonArray(res, all.batches, stalledReaderMs);
  });

  router.get('/:id', async (req, res) => {
    const item = await service.get(parseId(req.params.id, 'item'));
    let prepared = itemJson.get(item);
    if (!prepared) {
      prepared = prepareJson(item, itemEtag(item));
      itemJson.set(item, prepared);
    }
    sendPrepared(req, res, prepared);
  });

  router.get('/:id/history', staffRead, async (req, res) => {
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
