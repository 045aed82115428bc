import { inspect } from 'node:util';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { ErrorBody } from '@smart-zone/types/errors';
import { fieldErrors } from '@smart-zone/types/errors';
import { ZodError } from 'zod';
import { answerUnread } from '../http/unread-body';
import { noteOutcome, requestIdOf } from '../logging/request-log';
import { IdempotencyTakenError, StoreBusyError, WriteOutcomeUnknownError } from '../store/store';
import { AppError } from './app-error';

/** The error body, with the request id the log line carries; the code (and the reason, if any) go to that line. */
function send(
  req: Request,
  res: Response,
  status: number,
  error: Omit<ErrorBody['error'], 'requestId'>,
  reason?: string,
  unexpected?: Error,
) {
  noteOutcome(res, { code: error.code, reason, error: unexpected });
  const body = { error: { ...error, requestId: requestIdOf(req) } } satisfies ErrorBody;
  answerUnread(req, () => res.status(status).json(body));
}

/** JSON 404 for any path under the API base that no route claimed. */
export const apiNotFound: RequestHandler = (req, res) => {
  send(req, res, 404, {
    code: 'not_found',
    message: `No API route for ${req.method} ${req.originalUrl.split('?')[0]}`,
  });
};

/** The status (0 when none) and type that body-parser and http-errors put on a client error. */
function httpErrorOf(err: unknown): { status: number; type: unknown } {
  if (typeof err !== 'object' || err === null) return { status: 0, type: undefined };
  const { status, statusCode, type } = err as { status?: unknown; statusCode?: unknown; type?: unknown };
  return { status: typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : 0, type };
}

/** What pino's error serializer can read: the Error itself, or a thrown string, number or object described. */
const asError = (err: unknown) =>
  err instanceof Error
    ? err
    : new Error(`Non-Error value thrown: ${inspect(err, { depth: 2, breakLength: Infinity })}`);

/**
 * Every failure leaves in the one shape. The request line (logging/request-log.ts) says what it was: a refusal's
 * code and reason; an unexpected error once, with its stack, at error level.
 */
export function errorHandler(): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      // Too late for an error body: log it on the request line and cut the answer short, as Express would
      // (whose final handler would also print it to stderr, outside the log).
      noteOutcome(res, { code: 'internal', error: asError(err) });
      req.socket.destroy();
      return;
    }
    // The store refused more work for now (an import's commit to wait for): nothing was written.
    if (err instanceof StoreBusyError) {
      res.set('Retry-After', '5');
      return send(req, res, 429, { code: 'rate_limited', message: err.message }, 'store busy');
    }
    // The database did not confirm the commit: the write may have been saved. Not a refusal (a client that
    // retries blindly may do it twice: the message says to check first), not a plain 500 either; logged whole.
    if (err instanceof WriteOutcomeUnknownError) {
      res.set('Retry-After', '5');
      return send(req, res, 503, { code: 'internal', message: err.message }, 'write outcome unknown', err);
    }
    // A write whose Idempotency-Key another request claimed while it ran (another instance): nothing written.
    if (err instanceof IdempotencyTakenError) {
      return send(req, res, 409, { code: 'idempotency_in_flight', message: err.message }, 'idempotency key taken');
    }
    if (err instanceof AppError) {
      return send(
        req,
        res,
        err.status,
        { code: err.code, message: err.message, fields: err.fields, rows: err.rows },
        err.reason,
      );
    }
    if (err instanceof ZodError) {
      const fields = fieldErrors(err.issues);
      const first = Object.values(fields)[0] ?? 'Invalid input';
      return send(req, res, 400, { code: 'validation_failed', message: first, fields });
    }
    // body-parser and friends mark client errors with a status (malformed JSON, oversize, bad charset).
    const { status, type } = httpErrorOf(err);
    if (status === 413) {
      return send(req, res, 413, { code: 'payload_too_large', message: 'Request body is too large' });
    }
    if (status >= 400 && status < 500) {
      const message = type === 'entity.parse.failed' ? 'Request body is not valid JSON' : 'Bad request';
      return send(req, res, 400, { code: 'bad_request', message });
    }
    return send(
      req,
      res,
      500,
      { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
      undefined,
      asError(err),
    );
  };
}
