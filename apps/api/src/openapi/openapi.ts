import { Router } from 'express';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import {
  clientConfigSchema,
  deleteResultSchema,
  deliveredItemSchema,
  errorBodySchema,
  healthResultSchema,
  idParamsSchema,
  insertResultSchema,
  itemSchema,
  loginResultSchema,
  meSchema,
  stockMovementSchema,
  stockResultSchema,
  updateResultSchema,
} from '@smart-zone/types/api-schemas';
import { deliveryInputSchema, myItemQuerySchema } from '@smart-zone/types/delivery';
import {
  historyQuerySchema,
  itemInputSchema,
  itemListQuerySchema,
  stockChangeSchema,
  TOTAL_COUNT_HEADER,
} from '@smart-zone/types/item';

/**
 * GET /api/openapi.json: every endpoint under /api as an OpenAPI 3.1
 * document, generated from the shared zod schemas in packages/types (the
 * same ones that parse the requests). test/openapi.test.ts checks that every
 * route Express has is here, and that real answers match it.
 */

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input (bad_request, or validation_failed with `fields`); nothing changed',
  401: 'No, an invalid or an expired token, or a disabled or deleted account (unauthorized)',
  403: 'Not allowed (forbidden): email not verified, not on the staff list, or another user’s record',
  404: 'No such record (not_found)',
  409: 'Not enough stock, or more than the 1,000,000 limit (out_of_stock); nothing changed',
  412: 'If-Match does not name the current version (precondition_failed); nothing changed',
  413: 'Body over 100 kB (payload_too_large)',
  429: 'Too many requests (rate_limited); see Retry-After',
  500: 'Unexpected failure (internal), logged on the server',
  503: 'The account could not be checked with Firebase just now (internal); try again shortly',
};

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

function errors(...statuses: number[]): ZodOpenApiResponsesObject {
  return Object.fromEntries(
    [...statuses, 500].map((status) => [
      String(status),
      { description: ERROR_TEXT[status] ?? 'Error', content: json(errorBodySchema) },
    ]),
  );
}

const totalCount = z.object({
  [TOTAL_COUNT_HEADER]: z.string().regex(/^\d+$/).meta({ description: 'Matching records before paging' }),
});
const etagHeader = z.object({ ETag: z.string().meta({ description: 'Send back as If-None-Match (or If-Match)' }) });
const notModified = { '304': { description: 'Not modified since the ETag sent in If-None-Match' } };
const ifNoneMatch = z.object({ 'If-None-Match': z.string().optional() });

const accessToken = [{ accessToken: [] }];
const STAFF = 'Staff: a verified user on the `STAFF` list (unset: every verified user), within `WRITE_RATE_LIMIT`.';

function staffWrite(op: Omit<ZodOpenApiOperationObject, 'security'>): ZodOpenApiOperationObject {
  return { security: accessToken, ...op, description: [op.description, STAFF].filter(Boolean).join('\n\n') };
}

function createOpenApiDocument() {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Smart Zone API',
      version: '1.0.0',
      description:
        'Warehouse inventory. Every error answers `{ "error": { "code", "message", "fields"? } }`. ' +
        'While the server trusts the local Auth emulator it answers only requests whose Host is loopback ' +
        '(others: 403).',
    },
    servers: [{ url: '/api' }],
    components: {
      securitySchemes: {
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The accessToken from POST /login',
        },
        firebaseIdToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A Firebase Auth ID token (only for POST /login)',
        },
      },
    },
    paths: {
      '/health': {
        get: {
          summary: 'Whether the store answers (for load balancers and the container healthcheck)',
          responses: {
            '200': { description: 'The store answers', content: json(healthResultSchema) },
            '503': { description: 'The store does not answer', content: json(healthResultSchema) },
          },
        },
      },
      '/config': {
        get: {
          summary: "The web app's Firebase settings at run time",
          responses: { '200': { description: 'Settings', content: json(clientConfigSchema) } },
        },
      },
      '/openapi.json': {
        get: {
          summary: 'This document',
          responses: {
            '200': {
              description: 'OpenAPI 3.1',
              content: json(z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) })),
            },
          },
        },
      },
      '/login': {
        post: {
          summary: 'Exchange a Firebase ID token for an accessToken (an email alone never works)',
          security: [{ firebaseIdToken: [] }],
          responses: {
            '200': { description: 'An accessToken (JWT, JWT_TTL_SECONDS)', content: json(loginResultSchema) },
            ...errors(401, 429),
          },
        },
      },
      '/me': {
        get: {
          summary: 'Who the caller is, and whether they are staff',
          security: accessToken,
          responses: { '200': { description: 'The caller', content: json(meSchema) }, ...errors(401, 503) },
        },
      },
      '/inventory': {
        get: {
          summary: 'List items',
          description:
            'Without `limit`: every matching item (streamed). `q`: case-insensitive substring of name or ' +
            'supplier. `sort`: name, price, quantity, newest; `-` prefix descending; default oldest first.',
          requestParams: { query: itemListQuerySchema, header: ifNoneMatch },
          responses: {
            '200': {
              description: 'Items',
              headers: totalCount.extend(etagHeader.shape),
              content: json(z.array(itemSchema)),
            },
            ...notModified,
            ...errors(400, 429),
          },
        },
        post: staffWrite({
          summary: 'Add an item (a `created` movement of its quantity)',
          requestBody: { required: true, content: json(itemInputSchema) },
          responses: {
            '201': { description: 'Added', content: json(insertResultSchema) },
            ...errors(400, 401, 403, 413, 429, 503),
          },
        }),
      },
      '/inventory/{id}': {
        get: {
          summary: 'One item',
          requestParams: { path: idParamsSchema, header: ifNoneMatch },
          responses: {
            '200': { description: 'The item', headers: etagHeader, content: json(itemSchema) },
            ...notModified,
            ...errors(400, 404),
          },
        },
        put: staffWrite({
          summary: 'Change an item (a changed quantity is an `adjust` movement)',
          requestParams: {
            path: idParamsSchema,
            header: z.object({
              'If-Match': z
                .string()
                .optional()
                .meta({ description: 'The ETag of GET /inventory/{id}, e.g. "3"; stale → 412' }),
            }),
          },
          requestBody: { required: true, content: json(itemInputSchema) },
          responses: {
            '200': { description: 'Changed', content: json(updateResultSchema) },
            ...errors(400, 401, 403, 404, 412, 413, 429, 503),
          },
        }),
        delete: staffWrite({
          summary: 'Delete an item (a `deleted` movement keeps its last state)',
          requestParams: { path: idParamsSchema },
          responses: {
            '200': { description: 'Deleted', content: json(deleteResultSchema) },
            ...errors(400, 401, 403, 404, 429, 503),
          },
        }),
      },
      '/inventory/{id}/stock': {
        post: staffWrite({
          summary: 'Restock (delta > 0) or adjust (delta < 0) an item',
          requestParams: { path: idParamsSchema },
          requestBody: { required: true, content: json(stockChangeSchema) },
          responses: {
            '200': { description: 'The new quantity', content: json(stockResultSchema) },
            ...errors(400, 401, 403, 404, 409, 413, 429, 503),
          },
        }),
      },
      '/inventory/{id}/history': {
        get: staffWrite({
          summary: "An item's stock movements, newest first (also for a deleted item)",
          requestParams: { path: idParamsSchema, query: historyQuerySchema },
          responses: {
            '200': { description: 'Movements', headers: totalCount, content: json(z.array(stockMovementSchema)) },
            ...errors(400, 401, 403, 404, 503),
          },
        }),
      },
      '/myitem': {
        get: {
          summary: "The caller's own deliveries, newest first",
          description: 'A verified user; `email` defaults to the caller and may not name anyone else.',
          security: accessToken,
          requestParams: { query: myItemQuerySchema },
          responses: {
            '200': { description: 'Deliveries', content: json(z.array(deliveredItemSchema)) },
            ...errors(400, 401, 403, 503),
          },
        },
        post: staffWrite({
          summary: 'Record a delivery: takes `quantity` off the item with a `delivery` movement',
          description: 'The body email must be the caller’s.',
          requestBody: { required: true, content: json(deliveryInputSchema) },
          responses: {
            '201': { description: 'Recorded', content: json(insertResultSchema) },
            ...errors(400, 401, 403, 404, 409, 413, 429, 503),
          },
        }),
      },
      '/myitem/{id}': {
        delete: staffWrite({
          summary: 'Cancel a delivery: puts its quantity back with a `cancel` movement, once',
          requestParams: { path: idParamsSchema },
          responses: {
            '200': { description: 'Cancelled', content: json(deleteResultSchema) },
            ...errors(400, 401, 403, 404, 409, 429, 503),
          },
        }),
      },
    },
  });
}

export function openApiRoutes() {
  // Built on the first request, not with every app: most never ask for it.
  let document: string | undefined;
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    document ??= JSON.stringify(createOpenApiDocument());
    res.type('json').send(document);
  });
  return router;
}
