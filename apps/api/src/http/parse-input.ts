import type { z } from 'zod';
import { objectIdSchema } from '@smart-zone/types/ids';
import { badRequest } from '../errors/app-error';

/** A JSON body that is not an object (absent, an array, a string) is refused before any schema runs. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('Request body must be a JSON object (Content-Type: application/json)');
  }
  return schema.parse(body);
}

export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  return schema.parse(query ?? {});
}

export function parseId(value: unknown, what: string): string {
  const id = objectIdSchema.safeParse(value);
  if (!id.success) throw badRequest(`Invalid ${what} id: it must be 24 hexadecimal characters`);
  return id.data;
}
