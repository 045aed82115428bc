/**
 * The one error shape (DESIGN.md), at the handler itself: each kind of thrown
 * value a route or body-parser can produce, and what leaves the server.
 */
import express, { type RequestHandler } from 'express';
import request from 'supertest';
import type { ErrorBody } from '@smart-zone/types/errors';
import { z } from 'zod';
import { AppError, badRequest, unauthorized } from '../src/errors/app-error';
import { apiNotFound, errorHandler } from '../src/errors/error-handler';

function appThrowing(thrown: unknown, log: (...args: unknown[]) => void = () => {}) {
  const app = express();
  app.get('/boom', () => {
    throw thrown;
  });
  app.use('/api', apiNotFound);
  app.use(errorHandler(log));
  return app;
}

const INTERNAL = { code: 'internal', message: 'Something went wrong on our side. Please try again.' };

describe('errorHandler', () => {
  it('sends an AppError as its status, code, message and fields', async () => {
    const res = await request(appThrowing(badRequest('Check the form', { name: 'Required' }))).get('/boom');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { code: 'validation_failed', message: 'Check the form', fields: { name: 'Required' } },
    });
    const plain = await request(appThrowing(unauthorized())).get('/boom');
    expect([plain.status, plain.body]).toEqual([
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
    expect(empty.body).toEqual({ error: { code: 'validation_failed', message: 'Invalid input', fields: {} } });
  });

  it('reads a client error from `status` or `statusCode` (body-parser, http-errors)', async () => {
    const parse = Object.assign(new Error('Unexpected token'), { status: 400, type: 'entity.parse.failed' });
    expect((await request(appThrowing(parse)).get('/boom')).body).toEqual({
      error: { code: 'bad_request', message: 'Request body is not valid JSON' },
    });
    for (const thrown of [{ statusCode: 415 }, { status: 499 }, { status: 400, type: 'charset.unsupported' }]) {
      const res = await request(appThrowing(thrown)).get('/boom');
      expect([thrown, res.status, res.body]).toEqual([
        thrown,
        400,
        { error: { code: 'bad_request', message: 'Bad request' } },
      ]);
    }
    const tooLarge = await request(appThrowing({ statusCode: 413 })).get('/boom');
    expect([tooLarge.status, tooLarge.body]).toEqual([
      413,
      { error: { code: 'payload_too_large', message: 'Request body is too large' } },
    ]);
  });

  it('answers anything else as internal and logs it once, with the request and the cause', async () => {
    for (const thrown of [
      new Error('db down'),
      'a string',
      7,
      { status: 500 },
      { status: '400' },
      { statusCode: '404' },
      { status: 399 },
    ]) {
      const log = jest.fn();
      const res = await request(appThrowing(thrown, log)).get('/boom?secret=1');
      expect([thrown, res.status, res.body]).toEqual([thrown, 500, { error: INTERNAL }]);
      expect(log).toHaveBeenCalledTimes(1);
      expect(log).toHaveBeenCalledWith('Unexpected error on GET /boom?secret=1:', thrown);
    }
  });

  it('hands an error after the headers went out to Express, which closes the connection', async () => {
    const app = express();
    const log = jest.fn();
    const halfSent: RequestHandler = (_req, res, next) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('partial');
      next(new AppError(400, 'bad_request', 'too late'));
    };
    app.get('/half', halfSent);
    app.use(errorHandler(log));
    await expect(request(app).get('/half')).rejects.toThrow();
    expect(log).not.toHaveBeenCalled();
  });
});

describe('apiNotFound', () => {
  it('names the method and the path, never the query', async () => {
    const res = await request(appThrowing(null)).post('/api/nothing/here?token=secret');
    expect([res.status, res.body]).toEqual([
      404,
      { error: { code: 'not_found', message: 'No API route for POST /api/nothing/here' } },
    ]);
  });
});
