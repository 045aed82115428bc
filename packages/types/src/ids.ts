import { z } from 'zod';

/** Ids are 24-hex ObjectId strings in every store, so URLs look the same whatever the adapter. */
export const objectIdSchema = z
  .string({ error: 'must be a 24-character hex id' })
  .regex(/^[0-9a-fA-F]{24}$/, 'must be a 24-character hex id')
  .transform((id) => id.toLowerCase());

export type ObjectIdString = string;
