import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorBody } from '@smart-zone/types/errors';
import { fieldErrors } from '@smart-zone/types/errors';
import { ZodError } from 'zod';
import { AppError } from './app-error';

function send(res: Parameters<RequestHandler>[1], status: number, error: ErrorBody['error']) {
  res.status(status).json({ error } satisfies ErrorBody);
}

/** JSON 404 for any path under the API base that no route claimed. */
export const apiNotFound: RequestHandler = (req, res) => {
  send(res, 404, { code: 'not_found', message: `No API route for ${req.method} ${req.originalUrl.split('?')[0]}` });
};

/** The status (0 when none) and type that body-parser and http-errors put on a client error. */
function httpErrorOf(err: unknown): { status: number; type: unknown } {
  if (typeof err !== 'object' || err === null) return { status: 0, type: undefined };
  const { status, statusCode, type } = err as { status?: unknown; statusCode?: unknown; type?: unknown };
  return { status: typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : 0, type };
}

/** Every failure leaves in the one shape; only the unexpected ones are logged, once, with their cause. */
export function errorHandler(log: (...args: unknown[]) => void = console.error): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    if (err instanceof AppError) {
      return send(res, err.status, { code: err.code, message: err.message, fields: err.fields });
    }
    if (err instanceof ZodError) {
      const fields = fieldErrors(err.issues);
      const first = Object.values(fields)[0] ?? 'Invalid input';
      return send(res, 400, { code: 'validation_failed', message: first, fields });
    }
    // body-parser and friends mark client errors with a status (malformed JSON, oversize, bad charset).
    const { status, type } = httpErrorOf(err);
    if (status === 413) {
      return send(res, 413, { code: 'payload_too_large', message: 'Request body is too large' });
    }
    if (status >= 400 && status < 500) {
      const message = type === 'entity.parse.failed' ? 'Request body is not valid JSON' : 'Bad request';
      return send(res, 400, { code: 'bad_request', message });
    }
    log(`Unexpected error on ${req.method} ${req.originalUrl}:`, err);
    return send(res, 500, { code: 'internal', message: 'Something went wrong on our side. Please try again.' });
  };
}
