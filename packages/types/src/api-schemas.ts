import { z } from 'zod';
import type { Me } from './auth';
import type { ClientConfig } from './client-config';
import { deliveryInputSchema, type DeliveredItem } from './delivery';
import type { ErrorBody, ErrorCode } from './errors';
import { objectIdSchema } from './ids';
import { type Actor, type Item, itemInputSchema, MOVEMENT_REASONS, type StockMovement, type StockResult } from './item';
import type { DeleteResult, HealthResult, InsertResult, LoginResult, UpdateResult } from './responses';

/**
 * The responses' shapes as zod schemas, for the OpenAPI document
 * (GET /api/openapi.json) and its conformance test. Request bodies and
 * queries are the input schemas themselves (item.ts, delivery.ts); the
 * entities reuse them. Each schema is checked at compile time against the
 * interface the code uses (the `…Matches` types below): change one without
 * the other and `pnpm typecheck` fails.
 */

const id = z.string().regex(/^[0-9a-f]{24}$/);
const timestamp = z.iso.datetime({ offset: true });

const actorSchema = z.object({ uid: z.string(), email: z.string() }).meta({ id: 'Actor' });

export const itemSchema = itemInputSchema
  .extend({
    _id: id,
    createdAt: timestamp,
    updatedAt: timestamp,
    version: z.number().int().min(1),
  })
  .meta({ id: 'Item' });

export const stockMovementSchema = z
  .object({
    _id: id,
    itemId: id,
    delta: z.number().int(),
    quantityAfter: z.number().int().min(0),
    reason: z.enum(MOVEMENT_REASONS),
    actor: actorSchema,
    deliveryId: id.optional(),
    note: z.string().optional(),
    at: timestamp,
    item: itemSchema.optional().meta({ description: "The item's last state, on a `deleted` movement" }),
  })
  .meta({ id: 'StockMovement' });

export const deliveredItemSchema = z
  .object({
    _id: id,
    uid: z.string(),
    email: z.string(),
    name: z.string(),
    inventory: z.string(),
    inventoriesId: id,
    address: z.string(),
    phone: z.string(),
    quantity: deliveryInputSchema.shape.quantity.unwrap(),
    createdAt: timestamp,
  })
  .meta({ id: 'DeliveredItem' });

export const insertResultSchema = z
  .object({ acknowledged: z.literal(true), insertedId: id })
  .meta({ id: 'InsertResult' });
export const updateResultSchema = z
  .object({ acknowledged: z.literal(true), matchedCount: z.number().int(), modifiedCount: z.number().int() })
  .meta({ id: 'UpdateResult' });
export const deleteResultSchema = z
  .object({ acknowledged: z.literal(true), deletedCount: z.number().int() })
  .meta({ id: 'DeleteResult' });
export const stockResultSchema = z.object({ quantity: z.number().int().min(0) }).meta({ id: 'StockResult' });
export const loginResultSchema = z
  .object({ accessToken: z.string().meta({ description: 'Our JWT (HS256), sent as `Authorization: Bearer`' }) })
  .meta({ id: 'LoginResult' });
export const healthResultSchema = z
  .object({ ok: z.boolean(), store: z.enum(['sqlite', 'mongo']) })
  .meta({ id: 'HealthResult' });
export const meSchema = z
  .object({ email: z.string(), uid: z.string(), verified: z.boolean(), staff: z.boolean() })
  .meta({ id: 'Me' });
export const clientConfigSchema = z
  .object({
    firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() }),
    authEmulatorUrl: z.string().nullable(),
  })
  .meta({ id: 'ClientConfig' });

const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'out_of_stock',
  'precondition_failed',
  'payload_too_large',
  'rate_limited',
  'internal',
] as const;

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: 'For validation_failed: the first message per field' }),
      requestId: z
        .string()
        .meta({ description: "The answer's X-Request-Id; the server's log line for this request carries it" }),
    }),
  })
  .meta({ id: 'Error' });

/** The path parameter of /inventory/:id and /myitem/:id. */
export const idParamsSchema = z.object({ id: objectIdSchema.meta({ description: '24 hexadecimal characters' }) });

// Compile-time checks: each schema describes exactly the interface the code uses.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/** @public Compile-time only: nothing imports it. */
export type SchemaMatches = [
  Assert<Same<z.output<typeof actorSchema>, Actor>>,
  Assert<Same<z.output<typeof itemSchema>, Item>>,
  Assert<Same<z.output<typeof stockMovementSchema>, StockMovement>>,
  Assert<Same<z.output<typeof deliveredItemSchema>, DeliveredItem>>,
  Assert<Same<z.output<typeof insertResultSchema>, InsertResult>>,
  Assert<Same<z.output<typeof updateResultSchema>, UpdateResult>>,
  Assert<Same<z.output<typeof deleteResultSchema>, DeleteResult>>,
  Assert<Same<z.output<typeof stockResultSchema>, StockResult>>,
  Assert<Same<z.output<typeof loginResultSchema>, LoginResult>>,
  Assert<Same<z.output<typeof healthResultSchema>, HealthResult>>,
  Assert<Same<z.output<typeof meSchema>, Me>>,
  Assert<Same<z.output<typeof clientConfigSchema>, ClientConfig>>,
  Assert<Same<(typeof ERROR_CODES)[number], ErrorCode>>,
  Assert<Same<z.output<typeof errorBodySchema>, ErrorBody>>,
];
