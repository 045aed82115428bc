import { z } from 'zod';
import { objectIdSchema } from './ids';
import { limitParam, QUANTITY_MAX, skipParam } from './item';
import { STOCK_FILTERS } from './stock';
import { plainText } from './text';

/**
 * Stock counts (issue 35, docs/decisions/020): a session over the items in a scope (a location's, a search's,
 * the low or empty ones, a list, or every item), counted line by line by any clerk, several at once, then applied
 * by a manager. Each recording keeps the ledger's quantity of its item at that moment (at the session's location,
 * when it has one) and the item's version (its ledger position): the apply writes counted − that quantity as a
 * `count` movement, so every movement made after the line was counted stays (a delivery of 3 between
 * "counted 10" and the apply leaves 7).
 *
 * A blind session never tells anyone below manager what the ledger expects: no `expected`, `variance` or
 * `value`, in any answer.
 */

export const COUNT_STATES = ['open', 'applied', 'cancelled'] as const;
export type CountState = (typeof COUNT_STATES)[number];

/** Lines a session holds at most (its scope's items when it opens). */
export const COUNT_LINES_MAX = 100_000;
/** Items a scope may name one by one. */
export const COUNT_ITEM_IDS_MAX = 1_000;
export const COUNT_NAME_MAX = 60;
export const COUNT_LIST_LIMIT_MAX = 200;
export const COUNT_LINES_LIMIT_MAX = 500;

/** What a session's lines are: its items when it opened; at a location, what that location held of each. */
export const countScopeSchema = z
  .object({
    locationId: objectIdSchema
      .optional()
      .meta({ description: 'The items holding units at this location (Main: units no other location holds)' }),
    q: plainText('q').trim().max(100, 'q must be at most 100 characters').optional(),
    stock: z.enum(STOCK_FILTERS, { error: `stock must be one of ${STOCK_FILTERS.join(', ')}` }).optional(),
    itemIds: z
      .array(objectIdSchema)
      .min(1, 'itemIds must name at least one item')
      .max(COUNT_ITEM_IDS_MAX, `itemIds must name at most ${COUNT_ITEM_IDS_MAX} items`)
      .optional()
      .meta({ description: 'These items alone (the other filters narrow them further)' }),
  })
  .strict()
  .meta({ id: 'CountScope', description: 'Which items a count is over: every filter given narrows it' });
export type CountScope = z.output<typeof countScopeSchema>;

/** POST /api/counts */
export const newCountSchema = z
  .object({
    name: plainText('name')
      .trim()
      .max(COUNT_NAME_MAX, `name must be at most ${COUNT_NAME_MAX} characters`)
      .optional()
      .meta({ description: 'Default: "Count of <location or scope>, <date>"' }),
    scope: countScopeSchema.default({}),
    blind: z.boolean({ error: 'blind must be true or false' }).default(false).meta({
      description: 'Counters below manager never see what the ledger expects',
    }),
  })
  .strict();
export type NewCount = z.output<typeof newCountSchema>;

const units = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(-QUANTITY_MAX, `${name} must be at least -${QUANTITY_MAX}`)
    .max(QUANTITY_MAX, `${name} must be at most ${QUANTITY_MAX}`);

/** PUT /api/counts/:id/lines/:itemId */
export const setCountSchema = z
  .object({ counted: units('counted').min(0, 'counted cannot be negative') })
  .strict()
  .meta({ description: 'The units counted, replacing what the line had' });
/** POST /api/counts/:id/lines/:itemId/add — a scan is +1; −1 takes a wrong scan back. */
export const addCountSchema = z
  .object({ units: units('units').refine((value) => value !== 0, 'units cannot be 0') })
  .strict()
  .meta({ description: 'Units added to the line (atomically: counters on one line lose nothing)' });

/** What an apply does with the lines nobody counted: nothing, or count them as 0 (all gone). */
export const UNCOUNTED_CHOICES = ['keep', 'zero'] as const;
export const applyCountSchema = z
  .object({
    uncounted: z
      .enum(UNCOUNTED_CHOICES, { error: `uncounted must be one of ${UNCOUNTED_CHOICES.join(', ')}` })
      .default('keep'),
  })
  .strict();
export type ApplyCount = z.output<typeof applyCountSchema>;

export const countListQuerySchema = z.object({
  state: z.enum(COUNT_STATES, { error: `state must be one of ${COUNT_STATES.join(', ')}` }).optional(),
  limit: limitParam(COUNT_LIST_LIMIT_MAX).default(50),
  skip: skipParam.default(0),
});

export const COUNT_LINE_FILTERS = ['uncounted', 'counted', 'variance'] as const;
export type CountLineFilter = (typeof COUNT_LINE_FILTERS)[number];
export const countLinesQuerySchema = z.object({
  filter: z
    .enum(COUNT_LINE_FILTERS, { error: `filter must be one of ${COUNT_LINE_FILTERS.join(', ')}` })
    .optional()
    .meta({
      description:
        'None: every line by name; `uncounted` by name; `counted` the last counted first; `variance` (managers, or a ' +
        'session that is not blind): counted lines off the ledger, the largest difference in money first',
    }),
  limit: limitParam(COUNT_LINES_LIMIT_MAX).default(100),
  skip: skipParam.default(0),
});

const at = z.iso.datetime({ offset: true });
/** An id in an answer (24 lower-case hex characters): no transform, as output schemas have none. */
const hexId = z.string().regex(/^[0-9a-f]{24}$/);
const variance = z.object({
  units: z.number().int().meta({ description: 'Counted − expected, summed over the counted lines' }),
  value: z.number().meta({ description: "The same in money: each line's units × its price when counted" }),
});

export const countSchema = z
  .object({
    _id: hexId,
    name: z.string(),
    state: z.enum(COUNT_STATES),
    blind: z.boolean(),
    scope: z.object({
      locationId: z.string().optional(),
      path: z.string().optional().meta({ description: "The location's path when the session opened" }),
      q: z.string().optional(),
      stock: z.enum(STOCK_FILTERS).optional(),
      items: z.number().int().optional().meta({ description: 'How many items the scope named one by one' }),
    }),
    createdBy: z.string().meta({ description: "The opener's email" }),
    at,
    lines: z.number().int(),
    counted: z.number().int().meta({ description: 'Lines counted so far' }),
    variance: variance.optional().meta({ description: 'Absent in a blind session for anyone below manager' }),
    closedBy: z.string().optional().meta({ description: 'Who applied or cancelled it' }),
    closedAt: at.optional(),
    movements: z.number().int().optional().meta({ description: 'The `count` movements its apply wrote' }),
  })
  .meta({ id: 'Count', description: 'A stock count session' });
export type Count = z.output<typeof countSchema>;

export const countLineSchema = z
  .object({
    itemId: hexId,
    name: z.string(),
    sku: z.string().optional(),
    expected: z
      .number()
      .int()
      .optional()
      .meta({
        description:
          "The ledger's units (at the session's location): when counted, as they were then; else as they are now. " +
          'Absent in a blind session for anyone below manager',
      }),
    counted: z.number().int().optional(),
    countedBy: z.string().optional().meta({ description: 'The email of who counted it last' }),
    countedAt: at.optional(),
    variance: z.number().int().optional().meta({ description: 'counted − expected (counted lines)' }),
    value: z.number().optional().meta({ description: 'variance × the price when counted' }),
  })
  .meta({ id: 'CountLine', description: 'One item of a count' });
export type CountLine = z.output<typeof countLineSchema>;

export const countApplyResultSchema = z
  .object({
    count: countSchema,
    movements: z.number().int().meta({ description: '`count` movements written (one per line off the ledger)' }),
    skipped: z.number().int().meta({ description: 'Lines whose item was deleted since: nothing written for them' }),
  })
  .meta({ id: 'CountApplied' });
export type CountApplyResult = z.output<typeof countApplyResultSchema>;

/** The count sheet's columns (GET /api/counts/:id/sheet.csv; POST it back with `counted` filled). */
export const COUNT_SHEET_COLUMNS = ['itemId', 'sku', 'name', 'expected', 'counted'] as const;

/** The name a session gets when none is given. */
export const defaultCountName = (where: string, date: Date): string =>
  `Count of ${where}, ${date.toISOString().slice(0, 10)}`.slice(0, COUNT_NAME_MAX);

/** Refusals a count's write may answer (besides validation): their error codes. */
export const COUNT_REFUSALS = {
  not_found: 'No such count',
  item_not_found: 'No such item',
  location_not_found: 'No such location',
  not_open: 'This count is no longer open',
  too_large: `A count holds at most ${COUNT_LINES_MAX.toLocaleString('en-US')} items: narrow its scope`,
  below_zero: 'A line cannot be counted below 0',
} as const;
export type CountRefusal = keyof typeof COUNT_REFUSALS;
