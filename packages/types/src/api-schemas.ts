import { z } from 'zod';
import { ALERT_CHANNELS, ALERT_KINDS, ALERT_STATES } from './alert';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from './audit';
import { deliveryInputSchema } from './delivery';
import { ERROR_CODES } from './errors';
import { IMPORT_SHOWN_MAX, importErrorSchema } from './imports';
import { barcodesSchema, itemInputSchema, MOVEMENT_REASONS, skuSchema } from './item';
import { REMOVAL_REASONS } from './removal-reasons';
import { PHOTO_SIZES } from './photo';
import { ROLES } from './roles';
import { STATS_DAYS, STATS_TOP_MOVERS } from './stats';

/**
 * The one definition of every answer's shape: the OpenAPI document
 * (GET /api/openapi.json) is made from these, and the types the code uses
 * (Item, StockMovement, InsertResult…, exported by item.ts, delivery.ts,
 * responses.ts…) are their outputs. Request bodies and queries are the input
 * schemas themselves (item.ts, delivery.ts); the entities reuse them. The
 * modules the web app's first page loads take only types from here, so zod
 * stays out of that page.
 */

const id = z.string().regex(/^[0-9a-f]{24}$/);
const timestamp = z.iso.datetime({ offset: true });

/** Who did something: the signed-in user's Firebase uid and email. */
export const actorSchema = z
  .object({ uid: z.string(), email: z.string() })
  .meta({ id: 'Actor', description: "Who did it: a Firebase uid and email ('system' for demo data and the seed)" });

export const itemSchema = itemInputSchema
  .extend({
    _id: id,
    minStock: itemInputSchema.shape.minStock.unwrap(),
    sku: skuSchema.optional().meta({ description: "The item's SKU, unique among the items; absent when it has none" }),
    barcodes: barcodesSchema
      .optional()
      .meta({ description: "The item's other codes, each unique among every item's codes; absent when it has none" }),
    createdAt: timestamp.meta({ description: 'When the item was added' }),
    updatedAt: timestamp.meta({ description: "The item's last change (fields or stock)" }),
    version: z.number().int().min(1).meta({
      description: 'Grows by one with every change; the ETag is `"<version>"`, and a stale If-Match is a 412',
    }),
    // No createdBy/updatedBy: the catalogue is public and names nobody. Who
    // changed what is the staff-only history's (StockMovement.actor).
  })
  .meta({ id: 'Item' });

/** Units of a movement at one location (issue 34). */
export const placeSchema = z
  .object({
    locationId: id,
    delta: z.number().int().meta({ description: 'Units taken from it (< 0) or put there (> 0)' }),
  })
  .meta({ id: 'Place' });

export const stockMovementSchema = z
  .object({
    _id: id,
    itemId: id,
    delta: z.number().int(),
    quantityAfter: z.number().int().min(0),
    reason: z.enum(MOVEMENT_REASONS),
    actor: actorSchema,
    deliveryId: id.optional().meta({ description: 'The delivery a `delivery` or `cancel` movement belongs to' }),
    note: z.string().optional(),
    why: z
      .enum(REMOVAL_REASONS)
      .optional()
      .meta({ description: 'On an `adjust` that removed stock: the reason picked from the short list' }),
    at: timestamp.meta({ description: 'When the change was made' }),
    item: itemSchema.optional().meta({ description: "The item's last state, on a `deleted` movement" }),
    undoOf: id.optional().meta({ description: 'On an `undo` movement: the movement it takes back' }),
    undoneBy: id.optional().meta({ description: 'The `undo` movement that took this one back, once undone' }),
    places: z
      .array(placeSchema)
      .optional()
      .meta({
        description:
          'Where its units were taken or put, when a location other than Main is one of them (absent: all at Main); ' +
          "a `transfer`'s delta is 0 and its places say from where to where",
      }),
  })
  .meta({
    id: 'StockMovement',
    description:
      "One line of an item's stock ledger, written in the same atomic step as the change: the quantity is the sum of the deltas",
  });

export const deliveredItemSchema = z
  .object({
    _id: id,
    uid: z.string().meta({ description: 'The owner: only they read or cancel it' }),
    email: z.string(),
    name: z.string().meta({ description: "The recipient's name ('' when the client sent none)" }),
    inventory: z.string().meta({ description: "The item's name when the delivery was made, taken from the item" }),
    inventoriesId: id,
    address: z.string(),
    phone: z.string(),
    quantity: deliveryInputSchema.shape.quantity.unwrap(),
    createdAt: timestamp.meta({ description: 'When the delivery was recorded' }),
    cancelledAt: timestamp
      .optional()
      .meta({ description: 'When it was cancelled (only in the answers that list cancelled ones: `state=all`)' }),
    cancelledBy: z
      .string()
      .optional()
      .meta({ description: 'The email of who cancelled it (absent for a delivery cancelled before issue 36)' }),
    cancelReason: z.string().optional().meta({ description: 'Why, as they said when cancelling it' }),
  })
  .meta({ id: 'DeliveredItem', description: 'A delivery record (My Item)' });

export const alertSchema = z
  .object({
    _id: id,
    itemId: id,
    itemName: z.string().meta({ description: "The item's name when the alert was raised" }),
    kind: z
      .enum(ALERT_KINDS)
      .meta({ description: '`low`: at or below the reorder point; `out`: none left (kept up to date while open)' }),
    quantity: z
      .number()
      .int()
      .min(0)
      .meta({ description: "The item's quantity while the alert is open; the last low one once resolved" }),
    minStock: z.number().int().min(0).meta({ description: 'The reorder point then' }),
    movementId: id.optional().meta({
      description:
        'The stock movement that made the item low (absent when a create, an edit or a raised reorder point did)',
    }),
    at: timestamp.meta({ description: 'When the item became low (the alert opened)' }),
    state: z.enum(ALERT_STATES).meta({
      description:
        '`open` while the item is at or below its reorder point (one per item); `resolved` once above it or deleted',
    }),
    resolvedAt: timestamp
      .optional()
      .meta({ description: 'When the item rose above its reorder point, or was deleted' }),
    resolvedBy: id
      .optional()
      .meta({ description: 'The stock movement that lifted the item above its reorder point (or deleted it)' }),
    readAt: timestamp.optional().meta({ description: 'When a staff member marked it read' }),
    failed: z
      .array(z.enum(ALERT_CHANNELS))
      .optional()
      .meta({ description: 'Channels that gave up sending it (after 24 h of retries)' }),
  })
  .meta({
    id: 'Alert',
    description:
      'An item at or below its reorder point: opened, kept up to date and resolved in the same transaction as the write that did it',
  });

export const insertResultSchema = z
  .object({ acknowledged: z.literal(true), insertedId: id })
  .meta({ id: 'InsertResult' });
export const updateResultSchema = z
  .object({ acknowledged: z.literal(true), matchedCount: z.number().int(), modifiedCount: z.number().int() })
  .meta({ id: 'UpdateResult' });
export const deleteResultSchema = z
  .object({ acknowledged: z.literal(true), deletedCount: z.number().int() })
  .meta({ id: 'DeleteResult' });
export const stockResultSchema = z
  .object({
    quantity: z.number().int().min(0),
    movementId: id.meta({ description: 'The movement the change appended: POST /movements/{id}/undo takes it back' }),
  })
  .meta({ id: 'StockResult' });
export const loginResultSchema = z
  .object({ accessToken: z.string().meta({ description: 'Our JWT (HS256), sent as `Authorization: Bearer`' }) })
  .meta({ id: 'LoginResult' });
export const healthResultSchema = z
  .object({
    ok: z.boolean(),
    store: z.enum(['sqlite', 'mongo']),
    alertSendsFailed: z
      .number()
      .int()
      .min(0)
      .optional()
      .meta({ description: 'Alert emails and webhook calls given up on after 24 h (when the store answers)' }),
  })
  .meta({ id: 'HealthResult' });
export const meSchema = z
  .object({
    email: z.string(),
    uid: z.string(),
    verified: z.boolean(),
    role: z.enum(ROLES).nullable().meta({
      description: 'The caller’s role in this warehouse’s team; null for a visitor (not a member, or not verified)',
    }),
    staff: z.boolean().meta({ description: 'Has a role (kept for older clients): the same as `role !== null`' }),
    name: z.string().optional().meta({ description: 'Their display name (PUT /me/name), or their account’s' }),
  })
  .meta({ id: 'Me' });

export const INVITATION_EMAIL_STATES = ['sending', 'sent', 'failed'] as const;

export const invitationEmailSchema = z
  .object({
    state: z.enum(INVITATION_EMAIL_STATES),
    at: timestamp.meta({ description: 'When the email was handed to the relay, or when it was sent or failed' }),
    error: z.string().optional().meta({ description: "When it failed: the relay's answer or the connection error" }),
  })
  .meta({
    id: 'InvitationEmail',
    description: 'The email this member was last sent (with SMTP_URL set), since the server started',
  });

export const memberSchema = z
  .object({
    email: z.string().meta({ description: 'Trimmed and lower-cased' }),
    role: z.enum(ROLES),
    invitedBy: z
      .string()
      .meta({ description: "The inviter's email, or `OWNER_EMAILS` for an owner the settings name" }),
    at: timestamp.meta({ description: 'When the member was invited or their role last changed' }),
    fixed: z
      .boolean()
      .meta({ description: 'Named by the OWNER_EMAILS setting: an owner the app cannot demote or remove' }),
    invitationEmail: invitationEmailSchema.optional(),
    name: z.string().optional().meta({ description: 'Their display name, once they signed in or set one' }),
    signedInAt: timestamp.optional().meta({ description: 'When they last signed in (absent: not yet)' }),
  })
  .meta({ id: 'Member', description: 'A team member: their role takes effect whenever that email signs in verified' });

export const teamSchema = z
  .object({
    members: z.array(memberSchema).meta({ description: 'Owners first, then by role, then by email' }),
    staff: z
      .array(z.string())
      .meta({ description: 'The STAFF setting (read-only here): emails and @domains who are clerks unless a member' }),
    open: z.boolean().meta({
      description: 'Neither OWNER_EMAILS nor STAFF is set: every verified user who is not a member is a manager',
    }),
    invitationEmails: z.boolean().meta({
      description: 'SMTP_URL is set: each invitation is emailed to the invitee, saying how to join',
    }),
  })
  .meta({ id: 'Team' });

const auditValue = z.union([z.string(), z.number(), z.null()]);

export const auditEntrySchema = z
  .object({
    _id: id,
    at: timestamp,
    actor: actorSchema,
    action: z.enum(AUDIT_ACTIONS),
    target: z.object({
      kind: z.enum(AUDIT_TARGETS),
      id: z.string().meta({ description: "The item's or delivery's id, or the member's email" }),
      name: z.string().meta({ description: "The item's name then, or the member's email" }),
      itemId: id.optional().meta({ description: 'The item a delivery (or an item entry) is about' }),
    }),
    changes: z
      .record(z.string(), z.array(auditValue).length(2).meta({ description: '[old, new]' }))
      .optional()
      .meta({ description: 'Each changed field as [old, new]; null where there was none (created, deleted)' }),
    reason: z.string().optional(),
    movementId: id.optional().meta({ description: 'The stock movement the write appended' }),
    requestId: z.string().meta({ description: "The request's X-Request-Id ('' for the seed and the demo data)" }),
  })
  .meta({ id: 'AuditEntry', description: 'One write, recorded in the same transaction as the write' });
export const clientConfigSchema = z
  .object({
    firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() }),
    authEmulatorUrl: z
      .string()
      .nullable()
      .meta({ description: 'Set while the API trusts the local Auth emulator: the web app must talk to the same one' }),
    currency: z
      .string()
      .meta({ description: 'The ISO 4217 code every price and value is in (the CURRENCY setting), e.g. USD' }),
  })
  .meta({ id: 'ClientConfig' });

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string().meta({ description: 'For people: shown as it is' }),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: 'For validation_failed: the first message per field' }),
      rows: z
        .array(importErrorSchema)
        .optional()
        .meta({ description: `For import_invalid: what is wrong, by row and column (the first ${IMPORT_SHOWN_MAX})` }),
      requestId: z
        .string()
        .meta({ description: "The answer's X-Request-Id; the server's log line for this request carries it" }),
    }),
  })
  .meta({ id: 'Error' });

/** The path parameter of /inventory/:id (what = 'item') and /myitem/:id ('delivery'). */
export const idParams = (what: string) =>
  z.object({
    id: z
      .string()
      .regex(/^[0-9a-fA-F]{24}$/, `Invalid ${what} id: it must be 24 hexadecimal characters`)
      .transform((value) => value.toLowerCase())
      .meta({ description: `The ${what}'s id: 24 hexadecimal characters` }),
  });

/** GET /api/events: each event's data, by its type (live.ts). */
export const liveItemEventSchema = z
  .object({
    type: z.literal('item'),
    itemId: id,
    quantity: z.number().int().min(0),
    version: z.number().int().min(1),
    at: timestamp,
  })
  .meta({
    id: 'LiveItemEvent',
    description: 'An item was created or changed (fields or stock): its quantity and version now',
  });
export const liveDeletedEventSchema = z
  .object({ type: z.literal('deleted'), itemId: id, at: timestamp })
  .meta({ id: 'LiveDeletedEvent', description: 'An item was deleted' });
export const liveAlertEventSchema = z
  .object({ type: z.literal('alert'), itemId: id, kind: z.enum(ALERT_KINDS), at: timestamp })
  .meta({
    id: 'LiveAlertEvent',
    description:
      "An item's alert opened (it went low or out of stock) or resolved (it rose above its reorder point, or was deleted): staff's bell counts again",
  });
export const liveResetEventSchema = z.object({ type: z.literal('reset') }).meta({
  id: 'LiveResetEvent',
  description: 'Events were missed (a reconnect after the resume window): refetch what is shown',
});
export const liveEventSchema = z.discriminatedUnion('type', [
  liveItemEventSchema,
  liveDeletedEventSchema,
  liveAlertEventSchema,
  liveResetEventSchema,
]);

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ description: 'A UTC day, YYYY-MM-DD' });
const units = z.number().int().min(0);
/** A day bucket's units: signed, as an undo or a cancel on a later day than its movement takes them off that later day. */
const signedUnits = z.number().int();

/** GET /api/stats (stats.ts). */
export const statsSchema = z
  .object({
    items: units.meta({ description: 'Items in the catalogue' }),
    units: units.meta({ description: 'Units on hand, all items together' }),
    stockValue: z.number().min(0).meta({ description: 'Price × quantity over every item, to the cent' }),
    low: units.meta({ description: 'Items at or below their reorder point (as `?stock=low`)' }),
    out: units.meta({ description: 'Items with none left (as `?stock=out`)' }),
    movementsByDay: z
      .array(
        z.object({
          day,
          received: signedUnits.meta({
            description: 'Units received: restocks and imports that add, less their undos',
          }),
          delivered: signedUnits.meta({ description: 'Units delivered, less the deliveries cancelled' }),
          removed: signedUnits.meta({
            description:
              'Units taken away for a reason (the stock form, an edit that lowers the quantity), less their undos',
          }),
          corrections: signedUnits.meta({
            description:
              'The quantity set right, signed (+ up, − down): edits that raise it, imports that lower it, and their undos',
          }),
          opening: signedUnits.meta({ description: 'The stock items were created with' }),
          deletions: signedUnits.meta({ description: 'The stock of items deleted' }),
          in: signedUnits.meta({ description: 'Units in: `received` (kept for older clients)' }),
          out: signedUnits.meta({ description: 'Units out: `delivered` + `removed` (kept for older clients)' }),
        }),
      )
      .length(STATS_DAYS)
      .meta({
        description: `What each UTC day's movements were, the last ${STATS_DAYS} days oldest first (today last), each movement in the bucket of its kind (the movement kinds table); an undo takes its movement back out of that movement's bucket, on the undo's day`,
      }),
    topMovers: z
      .array(
        z.object({
          itemId: id,
          name: z.string(),
          out: units.meta({ description: `Units delivered over the last ${STATS_DAYS} days, less those cancelled` }),
        }),
      )
      .max(STATS_TOP_MOVERS)
      .meta({
        description: `The ${STATS_TOP_MOVERS} items with the most units delivered (less cancels) over the last ${STATS_DAYS} days, most first (ties by id); deleted items are not named`,
      }),
  })
  .meta({ id: 'Stats', description: 'The warehouse at a glance (the dashboard)' });

/** The answer of PUT /inventory/:id/photo: the item's `img` now (the card) and each size's URL and bytes. */
export const itemPhotoSchema = z
  .object({
    img: z.string().meta({ description: "The item's `img` now: the card's URL" }),
    thumb: z.string().meta({ description: `At most ${PHOTO_SIZES.thumb} px on its longest side` }),
    card: z.string().meta({ description: `At most ${PHOTO_SIZES.card} px` }),
    full: z.string().meta({ description: `At most ${PHOTO_SIZES.full} px` }),
    bytes: z.object({ thumb: z.number().int(), card: z.number().int(), full: z.number().int() }),
  })
  .meta({ id: 'ItemPhoto' });
export type ItemPhoto = z.output<typeof itemPhotoSchema>;
