import { z } from 'zod';
import type { alertSchema } from './api-schemas';
import { limitParam, skipParam } from './item';

/** `low`: at or below the reorder point; `out`: none left. */
export const ALERT_KINDS = ['low', 'out'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Where alerts are sent besides the app (each configured in the API's settings). */
export const ALERT_CHANNELS = ['email', 'webhook'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** A low-stock alert (its schema: api-schemas.ts). */
export type Alert = z.output<typeof alertSchema>;

export const ALERT_LIMIT_MAX = 200;

/** GET /alerts?unread=true&limit=&skip= — newest first. */
export const alertListQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .optional()
    .transform((unread) => unread === 'true'),
  limit: limitParam(ALERT_LIMIT_MAX).default(20),
  skip: skipParam.default(0),
});
