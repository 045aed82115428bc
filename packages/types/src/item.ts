import { z } from 'zod';
import type { actorSchema, itemSchema, stockMovementSchema, stockResultSchema } from './api-schemas';
import { REMOVAL_REASONS } from './removal-reasons';
import { STOCK_FILTERS } from './stock';
import { objectIdSchema } from './ids';
import { bomParam, plainText } from './text';

export const NAME_MAX = 20;
export const SUPPLIER_MAX = 20;
export const DESCRIPTION_MAX = 2000;
export const IMG_MAX = 2048;
export const PRICE_MAX = 10_000_000;
export const QUANTITY_MAX = 1_000_000;
export const SKU_MAX = 64;

const requiredText = (label: string, max: number) =>
  plainText(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * An image is an http(s) URL, a site-relative path (/images/x.svg) or empty.
 * Anything else (javascript:, data:, protocol-relative //host) is refused: it
 * ends up in an <img src>, and a stored script URL is a stored attack.
 */
export const imgSchema = plainText('Image', { error: 'Image must be a URL' })
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

/**
 * A stock-keeping unit: the shop's own code for an item, to find it by (EAN-13 or UPC-A digits, Code 128
 * text, or any code of the shop's): 1–64 printable characters, no spaces at the ends (trimmed), unique
 * among the items when set.
 */
export const skuSchema = plainText('SKU')
  .trim()
  .min(1, 'SKU cannot be empty')
  .max(SKU_MAX, `SKU must be at most ${SKU_MAX} characters`);

export const BARCODES_MAX = 10;
export const BARCODE_MAX = 64;
/** What a barcode may hold: printable ASCII without spaces (EAN/UPC digits, Code 128 and Code 39 text, a supplier's code). */
const BARCODE_CHARACTERS = /^[\x21-\x7e]*$/;

/**
 * One of an item's barcodes (issue 33): a manufacturer's EAN/UPC or a supplier's code, beside the SKU. Trimmed,
 * 1–64 printable ASCII characters without spaces (what a scanner types), unique across every item's SKU and
 * barcodes.
 */
export const barcodeSchema = plainText('Barcode')
  .trim()
  .min(1, 'A barcode cannot be empty')
  .max(BARCODE_MAX, `A barcode must be at most ${BARCODE_MAX} characters`)
  .regex(BARCODE_CHARACTERS, 'A barcode may hold letters, digits and symbols, but no spaces or accents');

/** An item's barcodes besides its SKU: at most BARCODES_MAX, each once. */
export const barcodesSchema = z
  .array(barcodeSchema, { error: 'Barcodes must be a list of codes' })
  .max(BARCODES_MAX, `At most ${BARCODES_MAX} barcodes an item`)
  .refine((codes) => new Set(codes).size === codes.length, 'A barcode is listed twice');

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
  description: plainText('Description', { multiLine: true })
    .trim()
    .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`)
    .default(''),
  img: imgSchema.default(''),
  /**
   * The reorder point: at or below it the item is low and one alert is raised. 0 (the default) means no
   * alert. Absent from a PUT, the item keeps the one it has (the spec's client does not know it).
   */
  minStock: z
    .number({ error: 'Reorder point must be a number' })
    .int('Reorder point must be a whole number')
    .min(0, 'Reorder point cannot be negative')
    .max(QUANTITY_MAX, `Reorder point must be at most ${QUANTITY_MAX}`)
    .optional()
    .meta({ description: 'The reorder point: low at or below it; 0 = no alert. Absent from a PUT: unchanged' }),
  /** The item's SKU; '' or null clears it. Absent from a PUT, the item keeps the one it has. */
  sku: skuSchema
    .or(z.literal(''))
    .nullable()
    .optional()
    .meta({ description: "The item's SKU, unique when set; '' or null clears it. Absent from a PUT: unchanged" }),
  /** The item's other codes; [] clears them. Absent from a PUT, the item keeps the ones it has. */
  barcodes: barcodesSchema.optional().meta({
    description: `Up to ${BARCODES_MAX} more codes (EAN/UPC, a supplier's), each unique among every item's SKU and barcodes; [] clears them. Absent from a PUT: unchanged`,
  }),
});

export type ItemInput = z.output<typeof itemInputSchema>;
export type ItemField = keyof ItemInput;
/**
 * The fields a person edits (the add and update forms, POST and PUT): the one list both store adapters,
 * the service and the form use, so a new field cannot be saved by one and dropped by another.
 */
export const ITEM_FIELDS = Object.keys(itemInputSchema.shape) as ItemField[];

export { isLowStock, isOutOfStock, STOCK_FILTERS, type StockFilter } from './stock';
/** What a form or client sends before defaults are applied. */
export type ItemInputDraft = z.input<typeof itemInputSchema>;

// The shapes of answers are defined once, as schemas in api-schemas.ts; these are their types.
/** Who did something: the signed-in user's Firebase uid and email. */
export type Actor = z.output<typeof actorSchema>;
/** An item of the catalogue: its input fields, _id, createdAt, updatedAt and version (the ETag). */
export type Item = z.output<typeof itemSchema>;
/** One line of an item's stock ledger (see stockMovementSchema). */
export type StockMovement = z.output<typeof stockMovementSchema>;
/** The answer of POST /inventory/:id/stock. */
export type StockResult = z.output<typeof stockResultSchema>;

/** A SKU as stored: a code, or null for none ('' clears). Undefined (absent from a PUT) keeps the item's. */
export function storedSku(sku: string | null | undefined): string | null | undefined {
  return sku === '' ? null : sku;
}

/** Every code an item is found by: its SKU, then its barcodes. */
export const codesOf = (item: { sku?: string | null; barcodes?: readonly string[] }): string[] => [
  ...(item.sku ? [item.sku] : []),
  ...(item.barcodes ?? []),
];

/** The actor of changes no person made (demo data, `pnpm seed`). */
export const SYSTEM_ACTOR: Actor = { uid: 'system', email: 'system' };

/**
 * An item as stored before the catalogue stopped naming people: a `deleted`
 * movement's snapshot written then still carries createdBy/updatedBy. The
 * adapters read snapshots through this, so no answer carries them.
 */
export function withoutActors(stored: Item & { createdBy?: unknown; updatedBy?: unknown }): Item {
  const { createdBy: _createdBy, updatedBy: _updatedBy, ...item } = stored;
  return item;
}

/** The limit every path that sets or moves stock keeps (create, PUT, restock, cancel, seed). */
export const quantityLimitMessage = (quantity: number) =>
  `That would make the stock ${quantity}, over the limit of ${QUANTITY_MAX}: nothing was changed.`;

/** For writers that take items without a schema in front (the seed, the demo data): refuses before writing. */
export function assertStorableQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > QUANTITY_MAX) {
    throw new RangeError(`Quantity ${quantity} must be a whole number from 0 to ${QUANTITY_MAX}: nothing was written.`);
  }
}

/** `shortfall`: reorder point − quantity, largest first (what to reorder first). */
export const ITEM_SORTS = ['name', 'price', 'quantity', 'newest', 'shortfall'] as const;
export type ItemSortKey = (typeof ITEM_SORTS)[number];
export const LIST_LIMIT_MAX = 500;
// Defined beside the other answer shapes (no zod there: the web app's first page needs it alone).
export { TOTAL_COUNT_HEADER } from './responses';

/** The paging parameters of every list: `limit` (1..max) and `skip`, as query text. */
export const limitParam = (max: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`);
export const skipParam = z.coerce
  .number({ error: 'skip must be a number' })
  .int('skip must be a whole number')
  .min(0, 'skip cannot be negative');

/** GET /inventory?limit=&skip=&q=&sort=&sku=&code= — no parameters answers every item, oldest first. */
export const itemListQuerySchema = z.object({
  code: barcodeSchema.optional().meta({
    description:
      'Exactly this code, an SKU or a barcode: the one item that has it, or none (`[]`); the other parameters do not apply',
  }),
  sku: skuSchema.optional().meta({
    description: 'Exactly this SKU: the one item that has it, or none (`[]`); the other parameters do not apply',
  }),
  limit: limitParam(LIST_LIMIT_MAX).optional(),
  skip: skipParam.optional(),
  q: plainText('q').trim().max(100, 'q must be at most 100 characters').optional(),
  stock: z
    .enum(STOCK_FILTERS, { error: `stock must be one of ${STOCK_FILTERS.join(', ')}` })
    .optional()
    .meta({ description: '`low`: at or below the reorder point (reorder point set); `out`: quantity 0' }),
  sort: plainText('sort')
    .regex(
      new RegExp(`^-?(${ITEM_SORTS.join('|')})$`),
      `sort must be one of ${ITEM_SORTS.join(', ')}, optionally prefixed with -`,
    )
    .optional(),
});

export type ItemListQuery = z.output<typeof itemListQuerySchema>;

/** GET /inventory.csv?q=&stock=&sort=&bom= — the list's filters and order, every matching item. */
export const itemCsvQuerySchema = itemListQuerySchema.pick({ q: true, stock: true, sort: true }).extend({
  bom: bomParam,
});

export interface ItemSort {
  key: ItemSortKey;
  descending: boolean;
}

export function parseItemSort(sort: string | undefined): ItemSort | undefined {
  if (!sort) return undefined;
  const descending = sort.startsWith('-');
  return { key: (descending ? sort.slice(1) : sort) as ItemSortKey, descending };
}

/** The ETag of one item: strong, quoted, its version. */
export const itemEtag = (item: Pick<Item, 'version'>) => `"${item.version}"`;

// Why an item's quantity moved, and what each reason counts as: one table (movement-kinds.ts).
export { isUndoable, MOVEMENT_REASONS, type MovementReason, UNDOABLE_REASONS } from './movement-kinds';

export const NOTE_MAX = 200;

/** POST /inventory/:id/stock: add (restock) or remove (adjust) stock as a delta, never as an absolute number. */
export const stockChangeSchema = z
  .object({
    delta: z
      .number({ error: 'Delta must be a number' })
      .int('Delta must be a whole number')
      .min(-QUANTITY_MAX, `Delta must be at least -${QUANTITY_MAX}`)
      .max(QUANTITY_MAX, `Delta must be at most ${QUANTITY_MAX}`)
      .refine((delta) => delta !== 0, 'Delta cannot be 0')
      // The refinement above, said in the OpenAPI document too.
      .meta({ not: { const: 0 }, description: 'Units to add (> 0) or take away (< 0); never 0' }),
    note: plainText('Note')
      .trim()
      .max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`)
      .optional()
      .transform((note) => note || undefined),
    why: z
      .enum(REMOVAL_REASONS, { error: `Why must be one of ${REMOVAL_REASONS.join(', ')}` })
      .optional()
      .meta({ description: 'Why stock is removed (only with delta < 0); kept with the movement, and in the audit' }),
    locationId: objectIdSchema.optional().meta({
      description: 'Where the units are put or taken from (default: Main); a removal takes only what it holds',
    }),
  })
  .refine((change) => change.why === undefined || change.delta < 0, {
    path: ['why'],
    message: 'Why is given only when removing stock (a negative delta)',
  });
export type StockChange = z.output<typeof stockChangeSchema>;
export type StockChangeDraft = z.input<typeof stockChangeSchema>;

export const HISTORY_LIMIT_MAX = 200;

/** GET /inventory/:id/history?limit=&skip= — newest first. */
export const historyQuerySchema = z.object({
  limit: limitParam(HISTORY_LIMIT_MAX).default(20),
  skip: skipParam.default(0),
});
export type HistoryQuery = z.output<typeof historyQuerySchema>;
