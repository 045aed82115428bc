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

/** GET /labels.pdf's query. */
export const labelsQuerySchema = z
  .object({
    ids: z
      .string({ error: 'ids is required: the items to print, as comma-separated ids' })
      .transform((text) => text.split(',').map((id) => id.trim().toLowerCase()))
      .refine(
        (ids) => ids.every((id) => ID.test(id)),
        'ids must be item ids (24 hexadecimal characters), comma-separated',
      )
      .refine((ids) => ids.length <= LABEL_IDS_MAX, `ids may name at most ${LABEL_IDS_MAX} items`)
      .transform((ids) => [...new Set(ids)])
      .meta({
        description: `The items, comma-separated (1–${LABEL_IDS_MAX}); each item's labels in this order, a repeated id once`,
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
  .refine(({ ids, copies }) => ids.length * copies <= LABEL_TOTAL_MAX, {
    path: ['copies'],
    message: `At most ${LABEL_TOTAL_MAX.toLocaleString('en')} labels at once (items × copies): print fewer items or copies`,
  });
export type LabelsQuery = z.output<typeof labelsQuerySchema>;
