import { z } from 'zod';
import type { deliveredItemSchema } from './api-schemas';
import { emailFilter, timeFilter } from './audit';
import { objectIdSchema } from './ids';
import { limitParam, skipParam } from './item';
import { plainText } from './text';

export const DELIVERY_QUANTITY_MAX = 10_000;

const requiredText = (label: string, max: number) =>
  plainText(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** What POST /myitem accepts; the delivery form validates with it too. */
export const deliveryInputSchema = z.object({
  /**
   * The recipient's name. The delivery form asks for it; on the wire it is
   * optional, because the spec's payload (email, inventory, inventoriesId,
   * address, phone) has none.
   */
  name: plainText('Name')
    .trim()
    .max(100, 'Name must be at most 100 characters')
    .optional()
    .transform((name) => name ?? ''),
  email: plainText('Email', { error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Email must be a valid email address'))
    .transform((email) => email.toLowerCase()),
  /**
   * The item's name (the spec's field name). Accepted for the spec's client,
   * but the stored name always comes from the item itself.
   */
  inventory: plainText('Inventory name').trim().max(100, 'Inventory name must be at most 100 characters').optional(),
  inventoriesId: objectIdSchema,
  address: requiredText('Address', 300),
  phone: plainText('Phone', { error: 'Phone is required' })
    .trim()
    .min(1, 'Phone is required')
    .max(40, 'Phone must be at most 40 characters')
    .regex(/\d/, 'Phone must contain at least one digit'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(DELIVERY_QUANTITY_MAX, `Quantity must be at most ${DELIVERY_QUANTITY_MAX}`)
    .default(1),
  /** Where the units leave (issue 34); without it, from the locations holding the most first. */
  locationId: objectIdSchema.optional(),
});

export type DeliveryInput = z.output<typeof deliveryInputSchema>;
export type DeliveryInputDraft = z.input<typeof deliveryInputSchema>;

/**
 * The form's own schema: the same rules, but the recipient's name is required
 * (the spec's delivery form asks for it).
 */
export const deliveryFormSchema = deliveryInputSchema.extend({
  name: requiredText('Name', 100),
  inventory: requiredText('Inventory name', 100),
});
export type DeliveryFormInput = z.output<typeof deliveryFormSchema>;

/** A delivered item record (My Item), which belongs to the uid that made it (its schema: api-schemas.ts). */
export type DeliveredItem = z.output<typeof deliveredItemSchema>;

/**
 * Which deliveries a list answers: `active` (the default, the spec's My Item: the ones not cancelled) or `all`
 * (the cancelled ones too, in their place, each with when, by whom and why it was cancelled).
 */
export const DELIVERY_STATES = ['active', 'all'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
const deliveryState = z
  .enum(DELIVERY_STATES)
  .default('active')
  .meta({ description: '`active`: not cancelled (the default); `all`: the cancelled ones too, marked' });

export const myItemQuerySchema = z.object({
  email: plainText('email').trim().toLowerCase().pipe(z.email('email must be a valid email address')).optional(),
  state: deliveryState,
});

export const DELIVERY_LIST_LIMIT_MAX = 200;

/** GET /api/deliveries?email=&itemId=&from=&to=&state=&limit=&skip= — every delivery (not cancelled), newest first. */
export const deliveryListQuerySchema = z.object({
  state: deliveryState,
  email: emailFilter.optional().meta({ description: "The staff member's email who recorded it" }),
  itemId: objectIdSchema.optional(),
  from: timeFilter('from').optional(),
  to: timeFilter('to').optional(),
  limit: limitParam(DELIVERY_LIST_LIMIT_MAX).default(50),
  skip: skipParam.default(0),
});
export type DeliveryListQuery = z.output<typeof deliveryListQuerySchema>;
