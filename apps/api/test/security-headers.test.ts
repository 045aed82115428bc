import express, { type RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import request from 'supertest';
import { chain } from '../src/http/chain';
import { securityHeaders } from '../src/http/security-headers';
import { contentSecurityPolicy } from '../src/web/content-security-policy';

/** The headers an app answers with, beside the ones every Express answer varies in. */
async function headersOf(middleware: RequestHandler) {
  const app = express();
  app.disable('x-powered-by');
  app.use(middleware);
  app.get('/', (_req, res) => {
    res.json({ ok: true });
  });
  const { headers } = await request(app).get('/');
  const { date: _date, etag: _etag, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
}

const options: HelmetOptions[] = [
  {},
  {
    contentSecurityPolicy: {
      directives: contentSecurityPolicy({
        firebase: { authDomain: 'x.firebaseapp.com' } as never,
        authEmulatorHost: '127.0.0.1:9099',
      }),
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  },
  { hsts: false, frameguard: { action: 'deny' }, crossOriginEmbedderPolicy: true },
];

describe('securityHeaders', () => {
  it.each(options.map((option, i) => [i, option] as const))(
    'answers exactly the headers helmet itself sets (options %d)',
    async (_i, option) => {
      const recorded = await headersOf(securityHeaders(option));
      expect(recorded).toEqual(await headersOf(helmet(option)));
      expect(recorded['content-security-policy']).toBeDefined();
    },
  );

  it('refuses at start a policy that depends on the request', () => {
    const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as { locals: { nonce: string } }).locals.nonce}'`;
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", nonce] } } })).toThrow(
      /cannot be worked out once/,
    );
  });
});

describe('chain', () => {
  const appWith = (middleware: RequestHandler) => {
    const app = express();
    app.use(middleware);
    app.get('/', (_req, res) => {
      res.json((res.locals.seen as string[] | undefined) ?? []);
    });
    app.use(((error, _req, res, _next) => {
      res.status(500).json({ error: (error as Error).message, seen: (res.locals.seen as string[] | undefined) ?? [] });
    }) as express.ErrorRequestHandler);
    return app;
  };
  const note =
    (name: string): RequestHandler =>
    (_req, res, next) => {
      res.locals.seen = [...((res.locals.seen as string[] | undefined) ?? []), name];
      next();
    };

  it('runs its handlers in order, then the route', async () => {
    expect((await request(appWith(chain(note('a'), note('b'), note('c')))).get('/')).body).toEqual(['a', 'b', 'c']);
  });

  it.each([
    [
      'throws',
      () =>
        ((): void => {
          throw new Error('boom');
        }) as RequestHandler,
    ],
    ['rejects', () => (() => Promise.reject(new Error('boom'))) as RequestHandler],
    ['passes an error', () => ((_req, _res, next) => next(new Error('boom'))) as RequestHandler],
  ])('stops at a handler that %s, with its error', async (_how, failing) => {
    const res = await request(appWith(chain(note('a'), failing(), note('c')))).get('/');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'boom', seen: ['a'] });
  });
});
