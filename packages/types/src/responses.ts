import type { z } from 'zod';
import type {
  deleteResultSchema,
  healthResultSchema,
  insertResultSchema,
  loginResultSchema,
  updateResultSchema,
} from './api-schemas';

// Answers keep the MongoDB driver's shapes, whatever the store: the spec's client reads them.
// Their schemas (api-schemas.ts) are the definition; these are their types.
export type InsertResult = z.output<typeof insertResultSchema>;
export type UpdateResult = z.output<typeof updateResultSchema>;
export type DeleteResult = z.output<typeof deleteResultSchema>;
export type LoginResult = z.output<typeof loginResultSchema>;
export type HealthResult = z.output<typeof healthResultSchema>;

/** The header of every list answer: how many items match, before paging. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
