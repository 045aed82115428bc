import { z } from 'zod';
import {
  addCountSchema,
  applyCountSchema,
  COUNT_REFUSALS,
  COUNT_SHEET_COLUMNS,
  countApplyResultSchema,
  countLineSchema,
  countLinesQuerySchema,
  countListQuerySchema,
  countSchema,
  type Count,
  type CountRefusal,
  newCountSchema,
  setCountSchema,
} from '@smart-zone/types/count';
import { idParams } from '@smart-zone/types/api-schemas';
import type { ErrorCode } from '@smart-zone/types/errors';
import { TOTAL_COUNT_HEADER } from '@smart-zone/types/item';
import { currentAuthor, currentRole } from '../auth/require-user';
import { AppError, badRequest, forbidden } from '../errors/app-error';
import { json, totalCountHeader } from '../http/route-docs';
import { route } from '../http/route';
import { streamCsv } from '../http/stream-csv';
import type { CountOutcome, Store } from '../store/store';
import { countsService, seesExpected, visibleCount, visibleLine } from './counts.service';

/** Each refusal of a count's read or write, as the API answers it: its status and error code. */
const STATUS: Readonly<Record<CountRefusal, [404 | 409 | 422, ErrorCode]>> = {
  not_found: [404, 'not_found'],
  item_not_found: [404, 'item_not_found'],
  location_not_found: [404, 'location_not_found'],
  not_open: [409, 'count_not_open'],
  too_large: [422, 'count_too_large'],
  below_zero: [409, 'count_below_zero'],
};

function answered<T>(outcome: CountOutcome<T>): T {
  if (outcome.ok) return outcome.value;
  const [status, code] = STATUS[outcome.reason];
  throw new AppError(status, code, COUNT_REFUSALS[outcome.reason]);
}

const refusals = (...reasons: CountRefusal[]) => {
  const byStatus: Partial<Record<404 | 409 | 422, string>> = {};
  for (const reason of reasons) {
    const [status, code] = STATUS[reason];
    byStatus[status] = `${byStatus[status] ? `${byStatus[status]}; ` : ''}${COUNT_REFUSALS[reason]} (${code})`;
  }
  return byStatus;
};

const lineParams = idParams('count').extend({
  itemId: z
    .string()
    .regex(/^[0-9a-fA-F]{24}$/, 'Invalid item id: it must be 24 hexadecimal characters')
    .transform((value) => value.toLowerCase())
    .meta({ description: "The item's id: 24 hexadecimal characters" }),
});

/** The largest count sheet read back. */
const SHEET_BYTES_MAX = 8 * 1024 * 1024;

/** The request's body as text, refused past `max` bytes (413, nothing written). */
async function bodyText(req: import('express').Request, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new AppError(413, 'payload_too_large', `A count sheet is at most ${max / 1024 / 1024} MB`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const blindHidden = 'In a blind count, `expected`, `variance` and `value` are left out for anyone below manager.';

/**
 * Stock counts (issue 35): clerks and above read the sessions and count their lines; managers and owners open,
 * apply and cancel them, and alone see what a blind count expects.
 */
export function countsRoutes(deps: { store: Store }) {
  const { counts } = deps.store;
  const service = countsService(deps.store);
  /** The count, or a 404. */
  const countOr404 = async (id: string): Promise<Count> => {
    const count = await counts.get(id);
    return answered<Count>(count ? { ok: true, value: count } : { ok: false, reason: 'not_found' });
  };

  return [
    route({
      method: 'get',
      path: '/counts',
      operationId: 'listCounts',
      tag: 'counts',
      summary: 'Count sessions, newest first',
      description: `\`state\`: open, applied or cancelled. A page (\`limit\` 1–200, default 50; \`skip\`), with X-Total-Count. ${blindHidden}`,
      access: 'countStock',
      query: countListQuerySchema,
      responses: {
        '200': { description: 'Counts', headers: totalCountHeader, content: json(z.array(countSchema)) },
      },
      async handle({ query }, _req, res) {
        const { counts: page, total } = await counts.list({ ...(query.state ? { state: query.state } : {}) }, query);
        const role = currentRole(res);
        res.set(TOTAL_COUNT_HEADER, String(total)).json(page.map((count) => visibleCount(count, role)));
      },
    }),

    route({
      method: 'post',
      path: '/counts',
      operationId: 'openCount',
      tag: 'counts',
      summary: 'Open a count session over the items in a scope',
      description:
        'Its lines are the items the scope holds when it opens (every filter given narrows it; none: every item), ' +
        'at most 100,000: at a location, what that location holds of each. `blind`: counters below manager never ' +
        'see what the ledger expects.',
      access: 'manageCounts',
      body: newCountSchema,
      responses: { '201': { description: 'The session, open', content: json(countSchema) } },
      refusals: refusals('location_not_found', 'too_large'),
      async handle({ body }, _req, res) {
        res.status(201).json(answered(await service.open(body, currentAuthor(res))));
      },
    }),

    route({
      method: 'get',
      path: '/counts/:id',
      operationId: 'getCount',
      tag: 'counts',
      summary: 'One count session, with its progress',
      description: `Its lines, how many are counted, and the variance so far in units and money. ${blindHidden}`,
      access: 'countStock',
      params: idParams('count'),
      responses: { '200': { description: 'The session', content: json(countSchema) } },
      refusals: refusals('not_found'),
      async handle({ params }, _req, res) {
        res.json(visibleCount(await countOr404(params.id), currentRole(res)));
      },
    }),

    route({
      method: 'get',
      path: '/counts/:id/lines',
      operationId: 'getCountLines',
      tag: 'counts',
      summary: "A count's lines",
      description:
        'By name (`uncounted` too), the last counted first (`counted`), or the counted lines off the ledger, the ' +
        `largest difference in money first (\`variance\`: managers, or a count that is not blind). A page, with X-Total-Count. ${blindHidden}`,
      access: 'countStock',
      params: idParams('count'),
      query: countLinesQuerySchema,
      responses: {
        '200': { description: 'Lines', headers: totalCountHeader, content: json(z.array(countLineSchema)) },
      },
      refusals: { ...refusals('not_found'), 403: "A blind count's variances are for managers and owners" },
      async handle({ params, query }, _req, res) {
        const count = await countOr404(params.id);
        const shown = seesExpected(count, currentRole(res));
        if (query.filter === 'variance' && !shown) {
          throw forbidden("A blind count's variances are for managers and owners");
        }
        const page = (await counts.lines(params.id, query.filter, query))!;
        res.set(TOTAL_COUNT_HEADER, String(page.total)).json(page.lines.map((line) => visibleLine(line, shown)));
      },
    }),

    route({
      method: 'put',
      path: '/counts/:id/lines/:itemId',
      operationId: 'setCountLine',
      tag: 'counts',
      summary: 'Set what was counted of an item',
      description:
        "Keeps the ledger's units of the item at this moment (at the count's location): the apply keeps every " +
        'movement made after. An item the count does not hold becomes a line of it (found where it was not ' +
        `expected). ${blindHidden}`,
      access: 'countStock',
      params: lineParams,
      body: setCountSchema,
      responses: { '200': { description: 'The line', content: json(countLineSchema) } },
      refusals: refusals('not_found', 'item_not_found', 'not_open'),
      async handle({ params, body }, _req, res) {
        const count = await countOr404(params.id);
        const line = answered(await counts.record(params.id, params.itemId, { set: body.counted }, currentAuthor(res)));
        res.json(visibleLine(line, seesExpected(count, currentRole(res))));
      },
    }),

    route({
      method: 'post',
      path: '/counts/:id/lines/:itemId/add',
      operationId: 'addToCountLine',
      tag: 'counts',
      summary: 'Add units to what was counted of an item (a scan: +1)',
      description:
        'Atomically: counters adding to one line at once lose nothing. −1 takes back a wrong scan; a line never ' +
        `goes below 0. As a set, it keeps the ledger's units at this moment. ${blindHidden}`,
      access: 'countStock',
      params: lineParams,
      body: addCountSchema,
      responses: { '200': { description: 'The line', content: json(countLineSchema) } },
      refusals: refusals('not_found', 'item_not_found', 'not_open', 'below_zero'),
      async handle({ params, body }, _req, res) {
        const count = await countOr404(params.id);
        const line = answered(await counts.record(params.id, params.itemId, { add: body.units }, currentAuthor(res)));
        res.json(visibleLine(line, seesExpected(count, currentRole(res))));
      },
    }),

    route({
      method: 'post',
      path: '/counts/:id/apply',
      operationId: 'applyCount',
      tag: 'counts',
      summary: "Write a count's variances to the ledger and close it",
      description:
        "For each counted line, counted − the ledger's units when it was counted, as one `count` movement on the " +
        'item as it is now (movements made after it was counted stay), every line in one transaction; each ' +
        'movement can be undone. `uncounted: zero` counts the lines nobody counted as 0. Once only: again is a 409.',
      access: 'manageCounts',
      params: idParams('count'),
      body: applyCountSchema,
      responses: { '200': { description: 'Applied', content: json(countApplyResultSchema) } },
      refusals: refusals('not_found', 'not_open'),
      async handle({ params, body }, _req, res) {
        res.json(answered(await counts.apply(params.id, body.uncounted, currentAuthor(res))));
      },
    }),

    route({
      method: 'post',
      path: '/counts/:id/cancel',
      operationId: 'cancelCount',
      tag: 'counts',
      summary: 'Close a count without writing anything',
      description: 'Its lines stay readable; nothing in the ledger changes.',
      access: 'manageCounts',
      params: idParams('count'),
      responses: { '200': { description: 'Cancelled', content: json(countSchema) } },
      refusals: refusals('not_found', 'not_open'),
      async handle({ params }, _req, res) {
        res.json(answered(await counts.cancel(params.id, currentAuthor(res))));
      },
    }),

    route({
      method: 'get',
      path: '/counts/:id/sheet.csv',
      operationId: 'getCountSheet',
      tag: 'counts',
      summary: "A count's sheet, as CSV",
      description:
        `Every line by name (${COUNT_SHEET_COLUMNS.join(', ')}); fill \`counted\` and send it back to ` +
        `POST /counts/{id}/sheet. ${blindHidden.replace('`expected`, `variance` and `value` are', '`expected` is')}`,
      access: 'countStock',
      params: idParams('count'),
      responses: { '200': { description: 'The sheet', content: { 'text/csv': { schema: z.string() } } } },
      refusals: refusals('not_found'),
      async handle({ params }, _req, res) {
        const count = await countOr404(params.id);
        const shown = seesExpected(count, currentRole(res));
        async function* rows() {
          for await (const lines of counts.sheet(params.id)) {
            yield lines.map((line) => [
              line.itemId,
              line.sku ?? '',
              line.name,
              shown ? (line.expected ?? '') : '',
              line.counted ?? '',
            ]);
          }
        }
        await streamCsv(res, `count-${params.id}.csv`, COUNT_SHEET_COLUMNS, rows());
      },
    }),

    route({
      method: 'post',
      path: '/counts/:id/sheet',
      operationId: 'readCountSheet',
      tag: 'counts',
      summary: 'Set counted quantities from a count sheet',
      description:
        'The CSV of GET /counts/{id}/sheet.csv with `counted` filled in: each row with a number sets its line ' +
        '(by `itemId`, else by `sku`), as PUT /counts/{id}/lines/{itemId} does; empty ones are skipped. Each row ' +
        'is its own write: the answer lists the rows that could not be read (the first 50).',
      access: 'countStock',
      params: idParams('count'),
      upload: {
        mediaType: 'text/csv',
        maxBytes: SHEET_BYTES_MAX,
        description: `The sheet, header first (${COUNT_SHEET_COLUMNS.join(',')})`,
      },
      responses: {
        '200': {
          description: 'How many lines were set, and the rows that could not be',
          content: json(
            z.object({
              updated: z.number().int(),
              errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
            }),
          ),
        },
      },
      refusals: { ...refusals('not_found', 'not_open'), 413: 'A sheet over 8 MB (payload_too_large)' },
      async handle({ params }, req, res) {
        if (!/^text\/(csv|plain)\b/i.test(req.get('content-type') ?? '')) {
          throw badRequest('Send the count sheet itself as the request body, with Content-Type: text/csv');
        }
        const text = await bodyText(req, SHEET_BYTES_MAX);
        res.json(answered(await service.readSheet(params.id, text, currentAuthor(res))));
      },
    }),
  ];
}
