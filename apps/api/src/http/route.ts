import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { z } from 'zod';
import type { ZodOpenApiResponsesObject } from 'zod-openapi';
import { type Permission, PERMISSIONS } from '@smart-zone/types/roles';
import type { Guards } from '../auth/require-user';
import { boundedCache, OBJECT_BYTES, textBytes } from '../bounded-cache';
import { badRequest } from '../errors/app-error';
import { chain } from './chain';
import { jsonBody } from './json-body';

/**
 * Who may call a route, and so which guard runs before it, which security
 * the document names and which refusals it may answer:
 * - `public`: anyone;
 * - `idToken`: a Firebase ID token as the bearer (only POST /login);
 * - `signedIn`: any valid accessToken; `verified`: and a verified email;
 * - a permission of the one table (packages/types/src/roles.ts): verified, with a role that has it; a
 *   route that is not a GET is a write and stays within the per-user write rate.
 */
export type Access = 'public' | 'idToken' | 'signedIn' | 'verified' | Permission;

/** The accesses that are not permissions of the table. */
export const OPEN_ACCESS = ['public', 'idToken', 'signedIn', 'verified'] as const;
export const isPermission = (access: Access): access is Permission => Object.hasOwn(PERMISSIONS, access);

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler gets: the path parameters, the query and the body, each parsed by its declared schema. */
export interface RouteInput<P extends Schema, Q extends Schema, B extends Schema> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
}

/**
 * One endpoint, declared once beside its handler: the Express router (mountRoutes) and the
 * OpenAPI document (openapi/openapi.ts) are both built from it.
 */
export interface Route<P extends Schema = Schema, Q extends Schema = Schema, B extends Schema = Schema> {
  method: Method;
  /** Under /api, in Express syntax (`/inventory/:id`). */
  path: string;
  operationId: string;
  tag:
    'inventory' | 'locations' | 'counts' | 'alerts' | 'deliveries' | 'team' | 'audit' | 'stats' | 'account' | 'service';
  summary: string;
  /** What a caller needs to know beyond the summary (OpenAPI lint asks every operation for one). */
  description: string;
  access: Access;
  /** Path parameters: a failure is a 400 `bad_request` with the schema's message. */
  params?: P;
  /** Query: a failure is a 400 `validation_failed` naming the fields. Parsed once per distinct query text. */
  query?: Q;
  /** A JSON object body: anything else, or a failure, is a 400. */
  body?: B;
  /**
   * A body that is a file, not JSON: the handler reads the request as a stream (after the guard), and
   * refuses one over `maxBytes` with a 413. Documented as the request body of that media type.
   */
  upload?: { mediaType: string | readonly string[]; maxBytes: number; description: string };
  /** Request headers the route reads (documented only; the handler reads them). */
  headers?: z.ZodObject;
  /** Answers that are not refusals: the success, a 304, a 503 health. */
  responses: ZodOpenApiResponsesObject;
  /**
   * Refusals beyond those the access and the input imply, each with what it means here. Every route
   * may also answer 500; input implies 400 (and 413 for a body); access implies 401, 403, 429, 503.
   */
  refusals?: Partial<Record<400 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 429 | 503, string>>;
  /** Middleware that runs after the guard and before the input is parsed (a rate limiter). */
  before?: RequestHandler[];
  handle(input: RouteInput<P, Q, B>, req: Request, res: Response): unknown;
}

/** The largest JSON body a route takes: over it, 413 before anything runs. */
export const BODY_LIMIT = '100kb';
const BODY_LIMIT_BYTES = 100 * 1024;

/** Declares a route: only here so TypeScript infers the handler's input from the schemas. */
export function route<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
  declaration: Route<P, Q, B>,
): Route {
  return declaration;
}

/** `/inventory/:id/stock` → `/inventory/{id}/stock`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * The path parameters, parsed as the query is: once per distinct text (the values joined by `/`, which no
 * value holds), and answered from memory after; bad ones are not kept. Handlers must not change them.
 */
function paramsParser(schema: z.ZodType) {
  const parsed = boundedCache<object>({
    ...QUERY_CACHE_BOUNDS,
    bytesOf: (params) => 2 * (OBJECT_BYTES + textBytes(JSON.stringify(params))),
  });
  const parse = (params: unknown): object => {
    const result = schema.safeParse(params);
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid path');
    return Object.freeze(result.data as object);
  };
  return (params: Record<string, string | string[]>): unknown => {
    const values = Object.values(params);
    // A wildcard's value is a list, which no text names alone: parsed each time.
    if (!values.every((value) => typeof value === 'string')) return parse(params);
    const text = values.join('/');
    let known = parsed.get(text);
    if (!known) {
      known = parse(params);
      parsed.set(text, known);
    }
    return known;
  };
}

/** A JSON body that is not an object (absent, an array, a string) is refused before any schema runs. */
function parseBody(schema: z.ZodType, body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('Request body must be a JSON object (Content-Type: application/json)');
  }
  return schema.parse(body);
}

/**
 * Per route: 2,000 query texts and 1 MB. A parsed query is counted as its JSON twice over (the
 * object, and the canonical text the item list keeps beside it in a WeakMap: inventory.routes.ts).
 */
export const QUERY_CACHE_BOUNDS = { max: 2_000, maxBytes: 1024 * 1024 };

/**
 * The same query text always parses the same: each text is parsed once and its result answered from
 * memory after (bad queries are not kept: they throw every time). Handlers must not change it.
 */
export function queryParser(schema: z.ZodType) {
  const parsed = boundedCache<object>({
    ...QUERY_CACHE_BOUNDS,
    bytesOf: (query) => 2 * (OBJECT_BYTES + textBytes(JSON.stringify(query))),
  });
  const read = (req: Request): unknown => {
    const at = req.url.indexOf('?');
    const text = at < 0 ? '' : req.url.slice(at + 1);
    let query = parsed.get(text);
    if (!query) {
      query = Object.freeze(schema.parse(req.query ?? {}) as object);
      parsed.set(text, query);
    }
    return query;
  };
  /** Texts kept, and their bytes as counted against the bounds. */
  const kept = () => ({ size: parsed.size, bytes: parsed.calculatedSize });
  return Object.assign(read, { kept });
}

/**
 * The Express router for a list of routes, each behind the guard its access names; `before`, run as one layer
 * ahead of every route (compression, CORS).
 */
export function mountRoutes(
  routes: readonly Route[],
  guards: Guards,
  before: RequestHandler[] = [],
  /** Runs after a write's guard, before its input is parsed: its Idempotency-Key (http/idempotency.ts). */
  idempotent?: RequestHandler,
): Router {
  const router = Router();
  if (before.length > 0) router.use(chain(...before));
  // POST /login checks its ID token itself: that is what it is for.
  const open: Record<(typeof OPEN_ACCESS)[number], RequestHandler[]> = {
    public: [],
    idToken: [],
    signedIn: [guards.signedIn],
    verified: [guards.verified],
  };
  const guard = ({ access, method }: Route) =>
    isPermission(access) ? [guards.permit(access, method !== 'get')] : open[access];
  // Only routes that take a body read one: elsewhere a body, even malformed, is not looked at.
  const readJson = [jsonBody(BODY_LIMIT_BYTES)];
  for (const declared of routes) {
    const { params, query, body } = declared;
    const readQuery = query && queryParser(query);
    const readParams = params && paramsParser(params);
    const handler: RequestHandler = (req, res) =>
      declared.handle(
        {
          params: readParams?.(req.params),
          query: readQuery?.(req),
          body: body && parseBody(body, req.body),
        },
        req,
        res,
      );
    router[declared.method](
      declared.path,
      ...(body ? readJson : []),
      ...guard(declared),
      ...(idempotent && declared.method !== 'get' ? [idempotent] : []),
      ...(declared.before ?? []),
      handler,
    );
  }
  return router;
}
