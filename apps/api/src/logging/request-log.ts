import { randomUUID } from 'node:crypto';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { AccessClaims } from '@smart-zone/types/auth';
import type { ErrorCode } from '@smart-zone/types/errors';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id we pass on: short, and nothing a log reader or a header could choke on. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Express's compiled `trust proxy` setting: is the hop at `index` (0: the socket's peer) a trusted proxy? */
type TrustedHop = (address: string | undefined, index: number) => boolean;

/** What a failed answer was, for the request line; the error handler sets it. */
interface Outcome {
  code: ErrorCode;
  /** Why, for the operator only (AppError.reason): never a token, a body or an email. */
  reason?: string;
  /** An unexpected error: logged once, with its stack, at error level. */
  error?: Error;
}

/** What this module keeps of a request, in `res.locals` (nothing is added to req or res themselves). */
interface Note {
  id: string;
  startedAt: number;
  method: string;
  /** The path without its query (which may hold an email), for a request no route claimed. */
  path: string;
  outcome?: Outcome;
}

const NOTE = Symbol('requestLog');

type Locals = { [NOTE]?: Note; user?: AccessClaims };
type Route = { path?: unknown };

const noteOf = (res: Response): Note | undefined => (res.locals as Locals)[NOTE];

/** Called by the error handler: the request line carries the error's code and reason (and an unexpected error). */
export function noteOutcome(res: Response, outcome: Outcome) {
  const note = noteOf(res);
  if (note) note.outcome = outcome;
}

/** The id requestLog gave this request. */
export function requestIdOf(req: Request): string {
  return (req.res && noteOf(req.res)?.id) ?? 'unknown';
}

/** Every route's whole pattern (`/api/inventory/:id`), learnt once from the app's routers (learnRoutes). */
const patterns = new WeakMap<Route, string>();

interface Layer {
  rawPath?: unknown;
  route?: Route;
  handle?: { stack?: Layer[] };
}

/**
 * Walks the app's routers once, after every route is added, and notes each
 * route's mount path with it: `req.baseUrl` says it only while the route
 * answers, and is reset by the time an error reaches the app's error handler.
 */
export function learnRoutes(app: Express): void {
  const walk = (stack: Layer[] | undefined, base: string) => {
    for (const layer of stack ?? []) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      if (layer.route && typeof layer.route.path === 'string') {
        const path = layer.route.path;
        patterns.set(layer.route, path === '/' && base ? base : base + path);
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, base + mount);
      }
    }
  };
  walk((app as unknown as { router?: { stack?: Layer[] } }).router?.stack, '');
}

function routeOf(req: Request, note: Note): string {
  const route = req.route as Route | undefined;
  return (route && patterns.get(route)) ?? note.path;
}

/**
 * One line per request, written when its answer ends (or the client goes),
 * and the request id: an incoming `X-Request-Id` is kept only when it comes
 * from a trusted proxy and looks sane, else one is made; it goes out on every
 * answer. Built by hand, from what we choose only (never headers, bodies or
 * query strings): a few microseconds a request, where pino-http cost a third
 * of a cached read (it adds seven properties to every req and res).
 */
export function requestLog(app: Express, logger: Logger, trustsProxies: boolean): RequestHandler {
  const trustedHop = trustsProxies ? (app.get('trust proxy fn') as TrustedHop) : null;

  function logLine(this: Response) {
    const note = noteOf(this);
    if (!note) return;
    const req = this.req;
    const status = this.statusCode;
    const outcome = note.outcome;
    const line = {
      reqId: note.id,
      method: note.method,
      route: routeOf(req, note),
      status,
      durationMs: Math.round(performance.now() - note.startedAt),
      uid: (this.locals as Locals).user?.uid,
      code: outcome?.code,
      reason: outcome?.reason,
    };
    const ended = this.writableFinished ? 'request completed' : 'request aborted';
    if (outcome?.error) logger.error({ ...line, err: outcome.error }, 'request failed');
    else if (status >= 500) logger.error(line, ended);
    else if (status === 401 || status === 403 || status === 429) logger.warn(line, ended);
    else logger.info(line, ended);
  }

  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id =
      trustedHop &&
      typeof incoming === 'string' &&
      SANE_REQUEST_ID.test(incoming) &&
      trustedHop(req.socket.remoteAddress, 0)
        ? incoming
        : randomUUID();
    res.setHeader(REQUEST_ID_HEADER, id);
    const url = req.url;
    const query = url.indexOf('?');
    (res.locals as Locals)[NOTE] = {
      id,
      startedAt: performance.now(),
      method: req.method,
      path: query === -1 ? url : url.slice(0, query),
    };
    // 'close' comes once, after the answer ended or the client went: either way one line.
    res.on('close', logLine);
    next();
  };
}
