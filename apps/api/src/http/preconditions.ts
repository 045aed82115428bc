import { createHash } from 'node:crypto';
import { AppError } from '../errors/app-error';

/** A strong ETag for any text: the list's revision and its query, say. */
export const etagOf = (text: string) => `"${createHash('sha1').update(text).digest('base64url')}"`;

/**
 * The version an `If-Match: "<version>"` header asks for; undefined when the
 * header is absent or `*` (the spec's client sends none). Anything else
 * cannot match an item's ETag, so it is a 412 before anything is written.
 */
export function expectedVersion(ifMatch: string | undefined): number | undefined {
  if (ifMatch === undefined || ifMatch.trim() === '*') return undefined;
  const match = /^\s*"(\d{1,15})"\s*$/.exec(ifMatch);
  if (!match) {
    throw new AppError(412, 'precondition_failed', 'If-Match must be the ETag of GET /inventory/:id, e.g. "3"');
  }
  return Number(match[1]);
}
