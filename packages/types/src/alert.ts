import type { z } from 'zod';
import type { alertSchema } from './api-schemas';

/** `low`: at or below the reorder point; `out`: none left. */
export const ALERT_KINDS = ['low', 'out'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Where alerts are sent besides the app (each configured in the API's settings). */
export const ALERT_CHANNELS = ['email', 'webhook'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** A low-stock alert (its schema: api-schemas.ts). */
export type Alert = z.output<typeof alertSchema>;
