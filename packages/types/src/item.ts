import { z } from 'zod';

export const NAME_MAX = 20;
export const SUPPLIER_MAX = 20;
export const DESCRIPTION_MAX = 2000;
export const IMG_MAX = 2048;
export const PRICE_MAX = 10_000_000;
export const QUANTITY_MAX = 1_000_000;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * An image is an http(s) URL, a site-relative path (/images/x.svg) or empty.
 * Anything else (javascript:, data:, protocol-relative //host) is refused: it
 * ends up in an <img src>, and a stored script URL is a stored attack.
 */
export const imgSchema = z
  .string({ error: 'Image must be a URL' })
  .trim()
  .max(IMG_MAX, `Image URL must be at most ${IMG_MAX} characters`)
  .refine((value) => value === '' || isSafeImageUrl(value), {
    message: 'Image must be an http(s) URL or a path starting with /',
  });

function isSafeImageUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** What POST /inventory and PUT /inventory/:id accept; the add and update forms validate with it too. */
export const itemInputSchema = z.object({
  name: requiredText('Name', NAME_MAX),
  supplier: requiredText('Supplier', SUPPLIER_MAX),
  price: z
    .number({ error: 'Price must be a number' })
    .finite('Price must be a number')
    .min(0, 'Price cannot be negative')
    .max(PRICE_MAX, `Price must be at most ${PRICE_MAX}`),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity cannot be negative')
    .max(QUANTITY_MAX, `Quantity must be at most ${QUANTITY_MAX}`),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`)
    .default(''),
  img: imgSchema.default(''),
});

export type ItemInput = z.output<typeof itemInputSchema>;
/** What a form or client sends before defaults are applied. */
export type ItemInputDraft = z.input<typeof itemInputSchema>;

export interface Item extends ItemInput {
  _id: string;
  /** ISO-8601 time the item was added. */
  createdAt: string;
}

export const ITEM_SORTS = ['name', 'price', 'quantity', 'newest'] as const;
export type ItemSortKey = (typeof ITEM_SORTS)[number];
export const LIST_LIMIT_MAX = 500;

/** GET /inventory?limit=&skip=&q=&sort= — no parameters answers every item, oldest first. */
export const itemListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIST_LIMIT_MAX, `limit must be at most ${LIST_LIMIT_MAX}`)
    .optional(),
  skip: z.coerce
    .number({ error: 'skip must be a number' })
    .int('skip must be a whole number')
    .min(0, 'skip cannot be negative')
    .optional(),
  q: z.string({ error: 'q must be text' }).trim().max(100, 'q must be at most 100 characters').optional(),
  sort: z
    .string({ error: 'sort must be text' })
    .regex(
      new RegExp(`^-?(${ITEM_SORTS.join('|')})$`),
      `sort must be one of ${ITEM_SORTS.join(', ')}, optionally prefixed with -`,
    )
    .optional(),
});

export type ItemListQuery = z.output<typeof itemListQuerySchema>;

export interface ItemSort {
  key: ItemSortKey;
  descending: boolean;
}

export function parseItemSort(sort: string | undefined): ItemSort | undefined {
  if (!sort) return undefined;
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as ItemSortKey, descending };
}
