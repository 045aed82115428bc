import { z } from 'zod';
import type { alertSchema } from './api-schemas';
import { limitParam, skipParam } from './item';

/** `low`: at or below the reorder point; `out`: none left. */
export const ALERT_KINDS = ['low', 'out'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** An alert is `open` while its item is low (one per item), `resolved` once the item is above its reorder point or gone. */
export const ALERT_STATES = ['open', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** What an alert's email or webhook call tells: it opened, or (when the owner asks for it) it resolved. */
export const ALERT_EVENTS = ['opened', 'resolved'] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];

/** Where alerts are sent besides the app (each configured in the API's settings). */
export const ALERT_CHANNELS = ['email', 'webhook'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** A low-stock alert (its schema: api-schemas.ts). */
export type Alert = z.output<typeof alertSchema>;

export const ALERT_LIMIT_MAX = 200;

/** GET /alerts?state=open|resolved|all&unread=true&limit=&skip= — newest first (default: the open ones). */
export const alertListQuerySchema = z.object({
  state: z.enum([...ALERT_STATES, 'all'], { error: 'state must be open, resolved or all' }).default('open'),
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .optional()
    .transform((unread) => unread === 'true'),
  limit: limitParam(ALERT_LIMIT_MAX).default(20),
  skip: skipParam.default(0),
});
