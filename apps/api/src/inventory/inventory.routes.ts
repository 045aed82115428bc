import { z } from 'zod';
import {
  deleteResultSchema,
  idParams,
  insertResultSchema,
  itemSchema,
  stockMovementSchema,
  stockResultSchema,
  updateResultSchema,
} from '@smart-zone/types/api-schemas';
import {
  type Item,
  type ItemListQuery,
  historyQuerySchema,
  itemEtag,
  itemCsvQuerySchema,
  itemInputSchema,
  itemListQuerySchema,
  stockChangeSchema,
  TOTAL_COUNT_HEADER,
} from '@smart-zone/types/item';
import { reasonQuerySchema, reasonSchema } from '@smart-zone/types/audit';
import { ITEM_CSV_COLUMNS } from '@smart-zone/types/csv';
import { reasonRequired } from '@smart-zone/types/roles';
import { currentAuthor, currentRole } from '../auth/require-user';
import { badRequest } from '../errors/app-error';
import { etagOf, expectedVersion } from '../http/preconditions';
import { prepareJson, sendPrepared, type PreparedJson } from '../http/prepared-json';
import { DEFAULT_DOWNLOAD_LIMITS, downloadSlots, type DownloadLimits } from '../http/download-slots';
import { etagHeader, ifMatch, ifNoneMatch, json, totalCountHeader } from '../http/route-docs';
import { route } from '../http/route';
import { streamCsv } from '../http/stream-csv';
import { STALLED_READER_MS, streamJsonArray } from '../http/stream-json';
import type { Store } from '../store/store';
import { inventoryService } from './inventory.service';

/** How the whole list is served: how many downloads at once, and how long a stalled reader is kept. */
export interface ListDownloadOptions extends DownloadLimits {
  stalledReaderMs: number;
}

const itemId = idParams('item');
const REORDER_COLUMNS = ['Item', 'Supplier', 'Quantity', 'Reorder point', 'Shortfall'];
const NO_ITEM = 'No item with that id (not_found)';

const SKU_TAKEN =
  'Another item has this SKU or one of these barcodes (sku_taken; the message names it and the item); nothing changed';
/** An item's fields, and why (kept in the audit entry). */
const itemWrite = itemInputSchema.extend({ reason: reasonSchema });

/** Reads are public; writes and the history need a role (roles.ts). */
export function inventoryRoutes(deps: { store: Store; downloads?: Partial<ListDownloadOptions> }) {
  const service = inventoryService(deps.store);
  const slots = downloadSlots({ ...DEFAULT_DOWNLOAD_LIMITS, ...deps.downloads });
  const stalledReaderMs = deps.downloads?.stalledReaderMs ?? STALLED_READER_MS;

  // A query as one text, for the page cache and the ETag: made once per parsed query (the router keeps those).
  const canonical = new WeakMap<ItemListQuery, string>();
  const canonicalOf = (query: ItemListQuery) => {
    let text = canonical.get(query);
    if (text === undefined) {
      text = JSON.stringify(query);
      canonical.set(query, text);
    }
    return text;
  };
  // An item's JSON, made once per object the store hands out: the SQLite
  // store hands out the same object while the item's version stays the same.
  const itemJson = new WeakMap<Item, PreparedJson>();

  return [
    route({
      method: 'get',
      path: '/inventory',
      operationId: 'listItems',
      tag: 'inventory',
      summary: 'List items',
      description:
        'Without `limit`: every matching item (streamed). `q`: case-insensitive substring of name, ' +
        'supplier, SKU or a barcode. `sort`: name, price, quantity, newest; `-` prefix descending; default oldest first. ' +
        '`sku`: the item with exactly that SKU, as `[item]`, or `[]`. `code`: the item with exactly that code, ' +
        "its SKU or one of its barcodes, as `[item]`, or `[]` (a scanner's lookup).",
      access: 'public',
      query: itemListQuerySchema,
      headers: ifNoneMatch,
      responses: {
        '200': {
          description: 'Items',
          headers: totalCountHeader.extend(etagHeader.shape),
          content: json(z.array(itemSchema)),
        },
      },
      refusals: {
        429: 'Too many whole-list downloads from this address at once, or the catalogue is busy (rate_limited); see Retry-After',
      },
      async handle({ query }, req, res) {
        if (query.sku !== undefined || query.code !== undefined) {
          // Exactly this SKU, or this code (SKU or barcode): an index lookup, the one item that has it, or none.
          const found = query.code !== undefined ? await service.byCode(query.code) : await service.bySku(query.sku!);
          res.set(TOTAL_COUNT_HEADER, found ? '1' : '0').json(found ? [found] : []);
          return;
        }
        const key = canonicalOf(query);
        if (query.limit !== undefined) {
          const page = await service.page(query, key);
          sendPrepared(req, res, page, { [TOTAL_COUNT_HEADER]: String(page.total) });
          return;
        }
        // No limit: the spec's whole list, streamed, and not sent again while unchanged.
        const all = await service.all(query);
        res.set('ETag', etagOf(`${all.revision}?${key}`));
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
      },
    }),

    route({
      method: 'get',
      path: '/inventory.csv',
      operationId: 'exportItems',
      tag: 'inventory',
      summary: 'Every matching item as CSV, the file the import reads back',
      description:
        `Columns: ${ITEM_CSV_COLUMNS.join(', ')} (the public fields; the import's header). The list's \`q\`, ` +
        '`stock` and `sort`. Streamed in constant memory, RFC 4180, UTF-8 (`bom=1` for Excel); a text cell ' +
        'starting with = + - @, a tab or a carriage return (after any apostrophes) gets one more leading ' +
        'apostrophe (CSV injection), which the import takes off again.',
      access: 'public',
      query: itemCsvQuerySchema,
      responses: {
        '200': {
          description: 'The CSV file, offered for saving as inventory-<date>.csv',
          content: { 'text/csv': { schema: z.string() } },
        },
      },
      refusals: {
        429: 'Too many whole-list downloads from this address at once, or the catalogue is busy (rate_limited); see Retry-After',
      },
      async handle({ query: { bom, ...query } }, req, res) {
        const rows = await service.csvRows(query);
        slots.take(req, res);
        const day = new Date().toISOString().slice(0, 10);
        await streamCsv(res, `inventory-${day}.csv`, ITEM_CSV_COLUMNS, rows, stalledReaderMs, { bom: bom === '1' });
      },
    }),

    route({
      method: 'get',
      // Before /inventory/:id, which would take `reorder.csv` for an id.
      path: '/inventory/reorder.csv',
      operationId: 'downloadReorderList',
      tag: 'inventory',
      summary: 'The reorder list as CSV: every low item, largest shortfall first',
      description:
        'Columns: Item, Supplier, Quantity, Reorder point, Shortfall (reorder point − quantity). RFC 4180, UTF-8; ' +
        'a cell starting with = + - @, a tab or a carriage return gets a leading apostrophe (CSV injection).',
      access: 'readStock',
      responses: {
        '200': {
          description: 'The CSV file, offered for saving as reorder-list-<date>.csv',
          content: { 'text/csv': { schema: z.string() } },
        },
      },
      async handle(_input, _req, res) {
        const day = new Date().toISOString().slice(0, 10);
        await streamCsv(res, `reorder-list-${day}.csv`, REORDER_COLUMNS, service.reorderRows(), stalledReaderMs);
      },
    }),

    route({
      method: 'get',
      path: '/inventory/:id',
      operationId: 'getItem',
      tag: 'inventory',
      summary: 'One item',
      description: 'Its ETag is `"<version>"`: send it back as If-None-Match for a 304, or as If-Match to PUT.',
      access: 'public',
      params: itemId,
      headers: ifNoneMatch,
      responses: {
        '200': { description: 'The item', headers: etagHeader, content: json(itemSchema) },
      },
      refusals: { 404: NO_ITEM },
      async handle({ params }, req, res) {
        const item = await service.get(params.id);
        let prepared = itemJson.get(item);
        if (!prepared) {
          prepared = prepareJson(item, itemEtag(item));
          itemJson.set(item, prepared);
        }
        sendPrepared(req, res, prepared);
      },
    }),

    route({
      method: 'get',
      path: '/inventory/:id/history',
      operationId: 'getItemHistory',
      tag: 'inventory',
      summary: "An item's stock movements, newest first (also for a deleted item)",
      description: '`limit` (1–200, default 20) and `skip` page it; X-Total-Count says how many there are.',
      access: 'readStock',
      params: itemId,
      query: historyQuerySchema,
      responses: {
        '200': { description: 'Movements', headers: totalCountHeader, content: json(z.array(stockMovementSchema)) },
      },
      refusals: { 404: 'No item with that id has ever existed (not_found)' },
      async handle({ params, query }, req, res) {
        const history = await service.history(params.id, query);
        sendPrepared(req, res, history, { [TOTAL_COUNT_HEADER]: String(history.total) });
      },
    }),

    route({
      method: 'post',
      path: '/inventory',
      operationId: 'createItem',
      tag: 'inventory',
      summary: 'Add an item (a `created` movement of its quantity)',
      description: '`description` and `img` default to empty.',
      access: 'manageItems',
      body: itemWrite,
      responses: { '201': { description: 'Added', content: json(insertResultSchema) } },
      refusals: { 409: SKU_TAKEN },
      async handle({ body: { reason, ...item } }, _req, res) {
        res.status(201).json(await service.create(item, currentAuthor(res, reason)));
      },
    }),

    route({
      method: 'put',
      path: '/inventory/:id',
      operationId: 'updateItem',
      tag: 'inventory',
      summary: 'Change an item (a changed quantity is an `edit` movement)',
      description: 'The whole item is sent. With If-Match, only while the item is still at that version.',
      access: 'manageItems',
      params: itemId,
      headers: ifMatch,
      body: itemWrite,
      responses: { '200': { description: 'Changed', content: json(updateResultSchema) } },
      refusals: {
        404: NO_ITEM,
        409: SKU_TAKEN,
        412: 'If-Match does not name the current version (precondition_failed); nothing changed',
      },
      async handle({ params, body: { reason, ...item } }, req, res) {
        const version = expectedVersion(req.get('if-match'));
        res.json(await service.update(params.id, item, currentAuthor(res, reason), version));
      },
    }),

    route({
      method: 'post',
      path: '/inventory/:id/stock',
      operationId: 'changeStock',
      tag: 'inventory',
      summary: 'Restock (delta > 0) or adjust (delta < 0) an item',
      description:
        'Stock moves by a delta, never to an absolute number: two clerks restocking at once both count. ' +
        'A removal may say `why` (damaged, lost, returned, used, correction), kept with its movement; `why` and ' +
        'the `note` are the reason the audit keeps. A clerk must give one of them to remove stock.',
      access: 'moveStock',
      params: itemId,
      body: stockChangeSchema,
      responses: { '200': { description: 'The new quantity', content: json(stockResultSchema) } },
      refusals: {
        404: NO_ITEM,
        400: 'locationId names no location (location_not_found); nothing changed',
        409: 'Not enough stock (at the location, when one is named), or more than the 1,000,000 limit (out_of_stock); nothing changed',
      },
      async handle({ params, body }, _req, res) {
        if (body.delta < 0 && !body.note && !body.why && reasonRequired(currentRole(res), 'removeStock')) {
          throw badRequest('Say why you are removing stock', { note: 'A clerk must give a reason to remove stock' });
        }
        res.json(await service.changeStock(params.id, body, currentAuthor(res)));
      },
    }),

    route({
      method: 'delete',
      path: '/inventory/:id',
      operationId: 'deleteItem',
      tag: 'inventory',
      summary: 'Delete an item (a `deleted` movement keeps its last state)',
      description: 'Its history stays readable by staff. `reason` (optional) is kept in the audit entry.',
      access: 'manageItems',
      params: itemId,
      query: reasonQuerySchema,
      responses: { '200': { description: 'Deleted', content: json(deleteResultSchema) } },
      refusals: { 404: NO_ITEM },
      async handle({ params, query }, _req, res) {
        res.json(await service.remove(params.id, currentAuthor(res, query.reason)));
      },
    }),
  ];
}
