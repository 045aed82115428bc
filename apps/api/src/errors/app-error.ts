import type { ErrorCode } from '@smart-zone/types/errors';
import type { ImportError } from '@smart-zone/types/imports';

/**
 * The one error class: a code from the shared catalogue, a message for people, and its HTTP status.
 * `reason` is for the operator's log only (why a sign-in failed, which limit refused): never sent.
 */
export class AppError extends Error {
  /** For import_invalid: what is wrong with the file, by row and column. */
  rows?: ImportError[];

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, fields ? 'validation_failed' : 'bad_request', message, fields);
export const unauthorized = (message = 'Sign in to do this', reason?: string) =>
  new AppError(401, 'unauthorized', message, undefined, reason);
export const forbidden = (message: string, reason?: string) =>
  new AppError(403, 'forbidden', message, undefined, reason);
export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const outOfStock = (message: string) => new AppError(409, 'out_of_stock', message);
