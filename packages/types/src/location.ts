import { z } from 'zod';
import { limitParam, NOTE_MAX, QUANTITY_MAX, skipParam } from './item';
import { plainText } from './text';

/**
 * Where stock is (issue 34, docs/decisions/019): a tree of locations under one root, `Main`, each named
 * uniquely among its siblings (case aside), at most LOCATION_DEPTH_MAX levels below the root, known by its
 * path of names below the root ("Back room / Shelf A / Bin 3"; the root's path is its name). The root is
 * renamable, never moved or deleted.
 */

/** The root's id, the same in every store: the place of all stock no location names. */
export const MAIN_LOCATION_ID = '000000000000000000000001';
export const MAIN_LOCATION_NAME = 'Main';
/** Levels below the root: a path has at most this many names ("Back room / Shelf A / Bin 3" is 3). */
export const LOCATION_DEPTH_MAX = 6;
export const LOCATION_NAME_MAX = 40;
/** What joins the names of a path. */
export const PATH_SEPARATOR = ' / ';
export const LOCATION_LIMIT_MAX = 500;

const hexId = z.string().regex(/^[0-9a-f]{24}$/);

/** A location as the API answers it. */
export const locationSchema = z
  .object({
    _id: hexId,
    name: z.string(),
    parentId: hexId.nullable().meta({ description: 'The location it is in; null for Main alone' }),
    path: z.string().meta({
      description:
        'The names from below Main down, joined by " / " ("Back room / Shelf A / Bin 3"); Main\'s is its name',
    }),
    depth: z.number().int().min(0).max(LOCATION_DEPTH_MAX).meta({ description: '0 for Main, 1 for its children…' }),
    updatedAt: z.iso.datetime({ offset: true }).meta({ description: 'When it was last renamed or moved' }),
  })
  .meta({ id: 'Location', description: 'A place stock is kept' });
export type Location = z.output<typeof locationSchema>;

/** A location's path below `parent` (the root's children do not repeat the root's name). */
export const childPath = (parent: Pick<Location, 'parentId' | 'path'>, name: string): string =>
  parent.parentId === null ? name : `${parent.path}${PATH_SEPARATOR}${name}`;

/** What makes two sibling names the same: Unicode lower case, spaces collapsed. */
export const locationNameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A text's words as a location search reads them: runs of letters and runs of digits, lower case. */
export const searchWords = (text: string): string[] => text.toLowerCase().match(/\p{L}+|\p{N}+/gu) ?? [];

/**
 * What a location's search is matched against: each word of its path after a space (" shelf a bin 3"). A
 * query matches when each of its words begins a word of the path, in order ("a3" finds "Shelf A / Bin 3",
 * "sh b" too): SQLite reads it with LIKE '% a% 3%', MongoDB with the same pattern as a regex.
 */
export const pathWords = (path: string): string =>
  searchWords(path)
    .map((word) => ` ${word}`)
    .join('');

/** A location's name, as a form or a file's `location` cell gives it. */
export const locationNameSchema = plainText('Name')
  .trim()
  .min(1, 'Name is required')
  .max(LOCATION_NAME_MAX, `Name must be at most ${LOCATION_NAME_MAX} characters`)
  .refine((text) => !text.includes('/'), 'Name cannot contain "/": it separates the names of a path')
  .transform((text) => text.replace(/\s+/g, ' '));
const parentId = z
  .string({ error: 'parentId must be a 24-character hex id' })
  .regex(/^[0-9a-fA-F]{24}$/, 'parentId must be a 24-character hex id')
  .transform((id) => id.toLowerCase());

/** POST /api/locations — without `parentId`, under Main. */
export const newLocationSchema = z
  .object({
    name: locationNameSchema.meta({
      description: `Unique among its siblings, case aside; no "/"; at most ${LOCATION_NAME_MAX}`,
    }),
    parentId: parentId.optional().meta({ description: 'The location it is in (default: Main)' }),
  })
  .strict();
export type NewLocation = z.output<typeof newLocationSchema>;

/** PATCH /api/locations/:id — a new name, a new parent (its sub-locations move with it), or both. */
export const locationPatchSchema = z
  .object({
    name: locationNameSchema.optional(),
    parentId: parentId.optional().meta({ description: 'Move it (and everything under it) here' }),
  })
  .strict()
  .refine((patch) => patch.name !== undefined || patch.parentId !== undefined, 'Give a name or a parentId');
export type LocationPatch = z.output<typeof locationPatchSchema>;

/** GET /api/locations?q=&parentId=&limit=&skip= — by path. */
export const locationListQuerySchema = z.object({
  q: plainText('q')
    .trim()
    .max(100, 'q must be at most 100 characters')
    .optional()
    .meta({ description: 'Words that begin words of the path, in order: "a3" finds "Shelf A / Bin 3"' }),
  parentId: parentId.optional().meta({ description: "Only this location's direct children" }),
  limit: limitParam(LOCATION_LIMIT_MAX).default(100),
  skip: skipParam.default(0),
});
export type LocationListQuery = z.output<typeof locationListQuerySchema>;

/** Why a location write was refused (the routes' answers: 404, 409, 400). */
export type LocationRefusal =
  | 'not_found'
  | 'parent_not_found'
  | 'name_taken'
  | 'too_deep'
  | 'under_itself'
  | 'root'
  | 'has_children'
  | 'holds_stock';

/** GET /api/inventory/:id/stock — one line per location holding some of the item, Main first. */
export const itemStockLineSchema = z
  .object({
    locationId: hexId,
    path: z.string().meta({ description: "The location's path (Main's name for Main)" }),
    quantity: z.number().int().min(1),
  })
  .meta({ id: 'ItemStockLine', description: 'Units of an item at one location' });
export type ItemStockLine = z.output<typeof itemStockLineSchema>;

const hexRef = (what: string) =>
  z
    .string({ error: `${what} must be a 24-character hex id` })
    .regex(/^[0-9a-fA-F]{24}$/, `${what} must be a 24-character hex id`)
    .transform((id) => id.toLowerCase());

const transferQuantity = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(QUANTITY_MAX, `Quantity must be at most ${QUANTITY_MAX}`);
const transferNote = plainText('Note')
  .trim()
  .max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`)
  .optional()
  .transform((note) => note || undefined);

/** GET /api/inventory/:id/default-location — where a receipt that names no location goes. */
export const itemDefaultLocationSchema = z
  .object({
    locationId: hexId.nullable().meta({ description: 'null: none (a receipt goes to Main)' }),
    path: z.string().nullable(),
  })
  .meta({ id: 'ItemDefaultLocation', description: "An item's default location" });
export type ItemDefaultLocation = z.output<typeof itemDefaultLocationSchema>;

/** PUT /api/inventory/:id/default-location — sets it, or (null) clears it. */
export const setDefaultLocationSchema = z
  .object({ locationId: hexRef('locationId').nullable() })
  .strict()
  .meta({ id: 'SetDefaultLocation' });

/** POST /api/inventory/:id/transfer — units moved from one location to another; the item's quantity stays. */
export const transferSchema = z
  .object({
    from: hexRef('from').meta({ description: 'The location the units leave' }),
    to: hexRef('to').meta({ description: 'The location they go to' }),
    quantity: transferQuantity,
    note: transferNote,
  })
  .strict()
  .refine((transfer) => transfer.from !== transfer.to, { path: ['to'], message: 'from and to must differ' });
/** A move of units; without `from` (a batch's line), from the locations holding the most first, `to` aside. */
export type Transfer = { from?: string; to: string; quantity: number; note?: string };

export const TRANSFER_LINES_MAX = 500;

/** POST /api/transfers — many items' units moved to one location (a bin scanned, then its items): all or none. */
export const batchTransferSchema = z
  .object({
    to: hexRef('to').meta({ description: 'The location every line goes to' }),
    note: transferNote,
    lines: z
      .array(
        z
          .object({
            itemId: hexRef('itemId'),
            from: hexRef('from')
              .optional()
              .meta({ description: 'Where its units leave (default: the locations holding the most first)' }),
            quantity: transferQuantity,
          })
          .strict(),
        { error: 'lines must be a list' },
      )
      .min(1, 'Give at least one line')
      .max(TRANSFER_LINES_MAX, `At most ${TRANSFER_LINES_MAX} lines at once`),
  })
  .strict()
  .refine((batch) => batch.lines.every((line) => line.from !== batch.to), {
    path: ['lines'],
    message: 'A line cannot move units from the location they go to',
  });
export type BatchTransfer = Omit<z.output<typeof batchTransferSchema>, 'note'> & { note?: string };

/** GET /api/locations/:id/items — one line per item holding units there. */
export const locationItemSchema = z
  .object({
    itemId: hexId,
    name: z.string(),
    sku: z.string().optional(),
    quantity: z.number().int().min(1).meta({ description: 'Its units there (with `deep`, there and below)' }),
  })
  .meta({ id: 'LocationItem', description: 'An item held at a location, and how many there' });
export type LocationItem = z.output<typeof locationItemSchema>;

/** GET /api/locations/:id/items?deep=&limit=&skip= — in the order the items were added. */
export const locationItemsQuerySchema = z.object({
  deep: z
    .enum(['true', 'false'], { error: 'deep must be true or false' })
    .optional()
    .transform((deep) => deep === 'true')
    .meta({ description: 'Its sub-locations too (each item once, its units summed)' }),
  limit: limitParam(LOCATION_LIMIT_MAX).default(50),
  skip: skipParam.default(0),
});
export type LocationItemsQuery = z.output<typeof locationItemsQuerySchema>;
