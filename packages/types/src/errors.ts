import type { z } from 'zod';
import type { errorBodySchema } from './api-schemas';

/** Every error code an API answer may carry (no zod here: the web app's first page reads these). */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'out_of_stock',
  'precondition_failed',
  /** 409 on /api/team: the email is a member already. */
  'member_exists',
  /** 409 on /api/team: the change would leave the team without an owner. */
  'last_owner',
  /** 409 on /api/team: OWNER_EMAILS names this owner; only the settings can change them. */
  'owner_from_settings',
  /** 409 on an item write: another item has this SKU (the message names it). */
  'sku_taken',
  /** 400 on /api/imports: the file has errors (listed by row and column): nothing was imported. */
  'import_invalid',
  /** 409 on /api/imports?stale=refuse: rows' items changed in the app since the export (listed): nothing was imported. */
  'import_stale',
  /** 409 on /api/imports: items changed or a code was taken while the import was written: it was taken back, nothing imported. */
  'import_conflict',
  /** 409 on /api/movements/:id/undo: this movement cannot be undone (the message says why). */
  'cannot_undo',
  /** 400 on /api/locations: the parent named is not there. */
  'parent_not_found',
  /** 409 on /api/locations: a location of that name is already there. */
  'name_taken',
  /** 400 on /api/locations: deeper than LOCATION_DEPTH_MAX below Main. */
  'too_deep',
  /** 400 on /api/locations/:id: a move under itself or a location inside it. */
  'under_itself',
  /** 409 on /api/locations/:id: Main is renamed only. */
  'root',
  /** 409 on DELETE /api/locations/:id: locations are inside it. */
  'has_children',
  /** 409 on DELETE /api/locations/:id: it holds stock. */
  'holds_stock',
  /** 400 on a stock write: a locationId (from, to) names no location. */
  'location_not_found',
  /** 404 on a count's line: no item has that id. */
  'item_not_found',
  /** 409 on a count's write: it was applied or cancelled. */
  'count_not_open',
  /** 422 on POST /api/counts: the scope holds more than COUNT_LINES_MAX items. */
  'count_too_large',
  /** 409 on a count's line: it would go below 0. */
  'count_below_zero',
  /** 409 on DELETE /api/demo-data: the store holds a shop's own data, not only the demo's. */
  'not_demo',
  /** 422 on a write: its Idempotency-Key was used by this caller for a different request (method, path, query or body). */
  'idempotency_mismatch',
  /** 409 on a write: its Idempotency-Key's first request has not answered yet: ask again shortly. */
  'idempotency_in_flight',
  'payload_too_large',
  /** 422 on PUT /api/inventory/:id/photo: over PHOTO_PIXELS_MAX pixels (told by its header, before any pixel is decoded). */
  'image_too_large',
  /** 422 on PUT /api/inventory/:id/photo: its header says an image, but its pixels cannot be read (cut off, damaged). */
  'image_unreadable',
  /** 415 on /api/imports: the body is compressed in a way the server does not read (the message says how to send it). */
  'unsupported_media_type',
  'rate_limited',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error body every failing API call answers with (its schema: api-schemas.ts). */
export type ErrorBody = z.output<typeof errorBodySchema>;

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = value.error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

/** Zod issues → { field: first message }, the `fields` of an ErrorBody and of a form. */
export function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
