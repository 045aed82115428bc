/**
 * The one error shape (DESIGN.md), at the handler itself: each kind of thrown
 * value a route or body-parser can produce, and what leaves the server.
 */
import express, { type RequestHandler } from 'express';
import request from 'supertest';
import type { ErrorBody } from '@smart-zone/types/errors';
import { z } from 'zod';
import { badRequest, unauthorized } from '../src/errors/app-error';
import { apiNotFound, errorHandler } from '../src/errors/error-handler';
import { requestLog } from '../src/logging/request-log';
import { captureLog, LEVEL } from './helpers/log-capture';

/** An app with the request log in front, as createApp has it: every error body carries the answer's request id. */
function appThrowing(thrown: unknown, log = captureLog()) {
  const app = express();
  app.use(requestLog(app, log.logger, false));
  app.get('/boom', () => {
    throw thrown;
  });
  app.use('/api', apiNotFound);
  app.use(errorHandler());
  return app;
}

/** The body, with the request id checked against the header and set aside. */
function bodyOf(res: request.Response): unknown {
  const { error } = res.body as ErrorBody;
  expect(error.requestId).toBe(res.headers['x-request-id']);
  const { requestId: _id, ...rest } = error;
  return { error: rest };
}

const INTERNAL = { code: 'internal', message: 'Something went wrong on our side. Please try again.' };

describe('errorHandler', () => {
  it('sends an AppError as its status, code, message and fields', async () => {
    const res = await request(appThrowing(badRequest('Check the form', { name: 'Required' }))).get('/boom');
    expect(res.status).toBe(400);
    expect(bodyOf(res)).toEqual({
      error: { code: 'validation_failed', message: 'Check the form', fields: { name: 'Required' } },
    });
    const plain = await request(appThrowing(unauthorized())).get('/boom');
    expect([plain.status, bodyOf(plain)]).toEqual([
      401,
      { error: { code: 'unauthorized', message: 'Sign in to do this' } },
    ]);
  });

  it('sends a ZodError as validation_failed, its first field message as the message', async () => {
    const error = z.object({ name: z.string(), price: z.number() }).safeParse({ price: 'x' }).error;
    const res = await request(appThrowing(error)).get('/boom');
    const body = res.body as ErrorBody;
    expect(res.status).toBe(400);
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.fields ?? {})).toEqual(['name', 'price']);
    expect(body.error.message).toBe(body.error.fields?.name);
    const empty = await request(appThrowing(new z.ZodError([]))).get('/boom');
    expect(bodyOf(empty)).toEqual({ error: { code: 'validation_failed', message: 'Invalid input', fields: {} } });
  });

  it('reads a client error from `status` or `statusCode` (body-parser, http-errors)', async () => {
    const parse = Object.assign(new Error('Unexpected token'), { status: 400, type: 'entity.parse.failed' });
    expect(bodyOf(await request(appThrowing(parse)).get('/boom'))).toEqual({
      error: { code: 'bad_request', message: 'Request body is not valid JSON' },
    });
    for (const thrown of [{ statusCode: 415 }, { status: 499 }, { status: 400, type: 'charset.unsupported' }]) {
      const res = await request(appThrowing(thrown)).get('/boom');
      expect([thrown, res.status, bodyOf(res)]).toEqual([
        thrown,
        400,
        { error: { code: 'bad_request', message: 'Bad request' } },
      ]);
    }
    const tooLarge = await request(appThrowing({ statusCode: 413 })).get('/boom');
    expect([tooLarge.status, bodyOf(tooLarge)]).toEqual([
      413,
      { error: { code: 'payload_too_large', message: 'Request body is too large' } },
    ]);
  });

  it('answers anything else as internal and logs it once, at error level, with the route and the cause', async () => {
    for (const [thrown, cause] of [
      [new Error('db down'), 'db down'],
      ['a string', "'a string'"],
      [7, '7'],
      [{ status: 500 }, '{ status: 500 }'],
      [{ status: '400' }, "{ status: '400' }"],
      [{ statusCode: '404' }, "{ statusCode: '404' }"],
      [{ status: 399 }, '{ status: 399 }'],
    ] as const) {
      const log = captureLog();
      const res = await request(appThrowing(thrown, log)).get('/boom?secret=1');
      expect([thrown, res.status, bodyOf(res)]).toEqual([thrown, 500, { error: INTERNAL }]);
      const lines = log.lines();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: LEVEL.error, route: '/boom', status: 500, code: 'internal' });
      const err = lines[0]?.err as { message: string; stack: string };
      expect(err.message).toContain(cause);
      expect(err.stack).toMatch(/\n\s+at /);
      expect(log.raw()).not.toContain('secret');
    }
  });

  it('logs an error after the headers went out on the request line, and cuts the answer short', async () => {
    const app = express();
    const log = captureLog();
    app.use(requestLog(app, log.logger, false));
    const halfSent: RequestHandler = (_req, res, next) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('partial');
      next(new Error('store failed mid-answer'));
    };
    app.get('/half', halfSent);
    app.use(errorHandler());
    await expect(request(app).get('/half')).rejects.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    const lines = log.lines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: LEVEL.error, route: '/half', status: 200 });
    expect((lines[0]?.err as { message: string }).message).toBe('store failed mid-answer');
  });
});

describe('apiNotFound', () => {
  it('names the method and the path, never the query', async () => {
    const res = await request(appThrowing(null)).post('/api/nothing/here?token=secret');
    expect([res.status, bodyOf(res)]).toEqual([
      404,
      { error: { code: 'not_found', message: 'No API route for POST /api/nothing/here' } },
    ]);
  });
});
