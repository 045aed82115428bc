import { z } from 'zod';
import { TOTAL_COUNT_HEADER } from '@smart-zone/types/item';

/** Pieces the route declarations share in their answers and headers. */

export const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

export const totalCountHeader = z.object({
  [TOTAL_COUNT_HEADER]: z.string().regex(/^\d+$/).meta({ description: 'How many records match, before paging' }),
});
export const etagHeader = z.object({
  ETag: z.string().meta({ description: 'Send back as If-None-Match (or If-Match)' }),
});
export const ifNoneMatch = z.object({
  'If-None-Match': z.string().optional().meta({ description: 'An ETag from an earlier answer: 304 while unchanged' }),
});
export const ifMatch = z.object({
  'If-Match': z.string().optional().meta({ description: 'The ETag of GET /inventory/{id}, e.g. "3"; stale → 412' }),
});
