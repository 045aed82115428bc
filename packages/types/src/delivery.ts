import { z } from 'zod';
import { objectIdSchema } from './ids';

export const DELIVERY_QUANTITY_MAX = 10_000;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** What POST /myitem accepts; the delivery form validates with it too. */
export const deliveryInputSchema = z.object({
  /** The recipient's name, as typed in the delivery form. */
  name: requiredText('Name', 100),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Email must be a valid email address'))
    .transform((email) => email.toLowerCase()),
  /** The item's name (the spec's field name). */
  inventory: requiredText('Inventory name', 100),
  inventoriesId: objectIdSchema,
  address: requiredText('Address', 300),
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .min(1, 'Phone is required')
    .max(30, 'Phone must be at most 30 characters')
    .regex(/^[0-9+()\-.\s]+$/, 'Phone may contain only digits, spaces and + ( ) - .')
    .refine((phone) => (phone.match(/\d/g) ?? []).length >= 5, 'Phone must have at least 5 digits'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(DELIVERY_QUANTITY_MAX, `Quantity must be at most ${DELIVERY_QUANTITY_MAX}`)
    .default(1),
});

export type DeliveryInput = z.output<typeof deliveryInputSchema>;
export type DeliveryInputDraft = z.input<typeof deliveryInputSchema>;

/** A delivered item record (My Item). */
export interface DeliveredItem extends DeliveryInput {
  _id: string;
  /** ISO-8601 time the delivery was recorded. */
  createdAt: string;
}

export const myItemQuerySchema = z.object({
  email: z
    .string({ error: 'email must be text' })
    .trim()
    .toLowerCase()
    .pipe(z.email('email must be a valid email address'))
    .optional(),
});
