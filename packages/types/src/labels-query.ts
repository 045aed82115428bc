import { z } from 'zod';
import {
  LABEL_CODES,
  LABEL_COPIES_MAX,
  LABEL_IDS_MAX,
  LABEL_LAYOUT_NAMES,
  LABEL_TOTAL_MAX,
  type LabelLayoutName,
} from './labels';

const ID = /^[0-9a-fA-F]{24}$/;

/** A list of ids, comma-separated: each 24 hexadecimal characters, at most LABEL_IDS_MAX, a repeat once. */
const idList = (field: string, what: string) =>
  z
    .string({ error: `${field} must be the ${what} to print, as comma-separated ids` })
    .transform((text) => text.split(',').map((id) => id.trim().toLowerCase()))
    .refine(
      (ids) => ids.every((id) => ID.test(id)),
      `${field} must be ids (24 hexadecimal characters), comma-separated`,
    )
    .refine((ids) => ids.length <= LABEL_IDS_MAX, `${field} may name at most ${LABEL_IDS_MAX} ${what}`)
    .transform((ids) => [...new Set(ids)]);

/** GET /labels.pdf's query. */
export const labelsQuerySchema = z
  .object({
    ids: idList('ids', 'items')
      .optional()
      .meta({
        description: `The items, comma-separated (1–${LABEL_IDS_MAX}); each item's labels in this order, a repeated id once`,
      }),
    locationIds: idList('locationIds', 'locations')
      .optional()
      .meta({
        description:
          `Locations, comma-separated (1–${LABEL_IDS_MAX}), after the items: each one's path and a QR code ` +
          'that opens it in the web app (issue 34)',
      }),
    layout: z
      .enum(LABEL_LAYOUT_NAMES as [LabelLayoutName, ...LabelLayoutName[]], {
        error: `layout must be one of ${LABEL_LAYOUT_NAMES.join(', ')}`,
      })
      .default('a4-3x8')
      .meta({ description: 'The sheet or roll; default a4-3x8' }),
    code: z
      .enum(LABEL_CODES, { error: `code must be one of ${LABEL_CODES.join(', ')}` })
      .default('qr')
      .meta({ description: "`qr`: the item's page; `code128`: its SKU. Default qr" }),
    copies: z.coerce
      .number({ error: 'copies must be a whole number' })
      .int('copies must be a whole number')
      .min(1, 'copies must be at least 1')
      .max(LABEL_COPIES_MAX, `copies must be at most ${LABEL_COPIES_MAX}`)
      .default(1)
      .meta({ description: `Labels of each item, 1–${LABEL_COPIES_MAX}; default 1` }),
  })
  .refine(({ ids, locationIds }) => (ids?.length ?? 0) + (locationIds?.length ?? 0) > 0, {
    path: ['ids'],
    message: 'ids is required: the items to print, as comma-separated ids (or locationIds: locations)',
  })
  .refine(({ ids = [], locationIds = [], copies }) => (ids.length + locationIds.length) * copies <= LABEL_TOTAL_MAX, {
    path: ['copies'],
    message: `At most ${LABEL_TOTAL_MAX.toLocaleString('en')} labels at once (items × copies): print fewer items or copies`,
  });
export type LabelsQuery = z.output<typeof labelsQuerySchema>;
