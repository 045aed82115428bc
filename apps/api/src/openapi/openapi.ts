import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { errorBodySchema } from '@smart-zone/types/api-schemas';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_RULE,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@smart-zone/types/idempotency';
import { json } from '../http/route-docs';
import { PERMISSIONS, ROLES } from '@smart-zone/types/roles';
import { isPermission, type OPEN_ACCESS, openApiPath, type Route, route } from '../http/route';

/**
 * GET /api/openapi.json: every endpoint under /api as an OpenAPI 3.1
 * document, built from the routes' own declarations (http/route.ts): their
 * paths, schemas, answers and access. `pnpm openapi` writes it to
 * docs/openapi.json; the tests fail when that file and the routes differ.
 */

const INPUT = 'Bad input (bad_request, or validation_failed with `fields`); nothing changed';
const UNEXPECTED = 'Unexpected failure (internal), logged on the server';
const TOO_LARGE = 'Body over 100 kB (payload_too_large); nothing changed';
const LOCAL_ONLY =
  'While the server trusts the local Auth emulator: a Host that is not loopback (forbidden), whatever the route';
const NO_TOKEN = 'No accessToken, an invalid or an expired one, or a disabled or deleted account (unauthorized)';
const UNCHECKED =
  'The account could not be checked with Firebase just now, or (MongoDB) the database did not confirm a ' +
  'write, which may have been saved: check before trying again (internal); try again shortly';
const ROLE_ORDER = ROLES.join(' < ');
const WRITE_LIMIT = 'Over WRITE_RATE_LIMIT changes a minute (rate_limited); see Retry-After';

type AccessDoc = { security: Record<string, string[]>[]; refusals: Record<number, string>; note?: string };

/** What each access adds to an operation: its security, the refusals it may answer, a line of description. */
const OPEN: Record<(typeof OPEN_ACCESS)[number], AccessDoc> = {
  public: { security: [], refusals: {} },
  idToken: {
    security: [{ firebaseIdToken: [] }],
    refusals: { 401: 'No Firebase ID token, or one Firebase does not accept (unauthorized)' },
  },
  signedIn: { security: [{ accessToken: [] }], refusals: { 401: NO_TOKEN, 503: UNCHECKED } },
  verified: {
    security: [{ accessToken: [] }],
    refusals: { 401: NO_TOKEN, 403: 'The email is not verified (forbidden)', 503: UNCHECKED },
    note: 'A verified user.',
  },
};

/** A permission of the table (roles.ts): the role it needs, said in the document too. */
function accessOf({ access, method }: Route): AccessDoc {
  if (!isPermission(access)) return OPEN[access];
  const role = PERMISSIONS[access];
  return {
    security: [{ accessToken: [] }],
    refusals: Object.fromEntries([
      [401, NO_TOKEN],
      [403, `Email not verified, or a role below ${role} (forbidden, naming the role needed)`],
      ...(method === 'get' ? [] : [[429, WRITE_LIMIT] as const]),
      [503, UNCHECKED],
    ]),
    note: `Needs the **${role}** role or above (permission \`${access}\`; roles: ${ROLE_ORDER}).`,
  };
}

/** A write of a caller (issue 37): it takes an Idempotency-Key (http/idempotency.ts); a route anyone may call ignores it. */
const takesIdempotencyKey = ({ method, access }: Route) =>
  method !== 'get' && access !== 'public' && access !== 'idToken';
const IDEMPOTENCY_KEY = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN)
  .optional()
  .meta({
    description:
      `Makes the write exactly once (${IDEMPOTENCY_KEY_RULE}, scoped to the caller, kept 24 hours): the same key ` +
      `with the same request answers the first answer again, with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`, and ` +
      'changes nothing; with a different request (method, path, query or body) a 422 `idempotency_mismatch`; ' +
      'while the first is still running elsewhere a 409 `idempotency_in_flight`. The first request’s claim on the ' +
      'key is written in the same transaction as its write. See docs/api.md.',
    example: '3f0c9a6e-2b1d-4e57-9a51-7f2c1d0e8b44',
    param: { in: 'header', name: IDEMPOTENCY_KEY_HEADER, id: 'IdempotencyKey' },
  });
const KEY_MALFORMED = `A malformed ${IDEMPOTENCY_KEY_HEADER} (bad_request); nothing changed`;
const KEY_IN_FLIGHT = `The first request with this ${IDEMPOTENCY_KEY_HEADER} has not answered yet (idempotency_in_flight); nothing changed: ask again shortly`;
const KEY_MISMATCH = `This ${IDEMPOTENCY_KEY_HEADER} was used by the caller for a different request (idempotency_mismatch); nothing changed`;

const NOT_MODIFIED = { '304': { description: 'Not modified since the ETag sent in If-None-Match' } };

const retryAfter = z.object({
  'Retry-After': z.string().regex(/^\d+$/).optional().meta({ description: 'Seconds to wait before trying again' }),
});

/** Every refusal the route may answer, from its input, its access and its own list, and always 500. */
function refusalsOf(declared: Route): ZodOpenApiResponsesObject {
  const texts = new Map<number, string[]>();
  const add = (status: number, text: string) => texts.set(status, [...(texts.get(status) ?? []), text]);
  if (declared.params || declared.query || declared.body || declared.upload) add(400, INPUT);
  for (const [status, text] of Object.entries(declared.refusals ?? {})) if (status === '400') add(400, text);
  for (const [status, text] of Object.entries(accessOf(declared).refusals)) add(Number(status), text);
  for (const [status, text] of Object.entries(declared.refusals ?? {})) if (status !== '400') add(Number(status), text);
  add(403, LOCAL_ONLY);
  if (takesIdempotencyKey(declared)) {
    add(400, KEY_MALFORMED);
    add(409, KEY_IN_FLIGHT);
    add(422, KEY_MISMATCH);
  }
  if (declared.body) add(413, TOO_LARGE);
  if (declared.upload)
    add(413, `File over ${declared.upload.maxBytes / 1024 / 1024} MB (payload_too_large); nothing changed`);
  add(500, UNEXPECTED);
  return Object.fromEntries(
    [...texts]
      .sort(([a], [b]) => a - b)
      .map(([status, lines]) => [
        String(status),
        {
          description: lines.join('; or '),
          ...(status === 429 ? { headers: retryAfter } : {}),
          content: json(errorBodySchema),
        },
      ]),
  );
}

function operationOf(declared: Route): ZodOpenApiOperationObject {
  const access = accessOf(declared);
  const description = [declared.description, access.note].filter(Boolean).join('\n\n');
  return {
    operationId: declared.operationId,
    tags: [declared.tag],
    summary: declared.summary,
    description,
    security: access.security,
    // Who may call it, as the router guards it: `public`, `idToken`, `signedIn`, `verified` or a permission of
    // packages/types/src/roles.ts (test/permissions.test.ts checks every real route against it).
    'x-access': declared.access,
    ...(isPermission(declared.access) ? { 'x-role': PERMISSIONS[declared.access] } : {}),
    ...(declared.params || declared.query || declared.headers
      ? {
          requestParams: {
            ...(declared.params && { path: declared.params }),
            ...(declared.query && { query: declared.query }),
            ...(declared.headers && { header: declared.headers }),
          },
        }
      : {}),
    ...(takesIdempotencyKey(declared) ? { parameters: [IDEMPOTENCY_KEY] } : {}),
    ...(declared.body ? { requestBody: { required: true, content: json(declared.body) } } : {}),
    ...(declared.upload
      ? {
          requestBody: {
            required: true,
            description: declared.upload.description,
            content: Object.fromEntries(
              [declared.upload.mediaType]
                .flat()
                .map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
            ),
          },
        }
      : {}),
    // Express tags every JSON answer to a GET, so any GET may answer 304 to a matching If-None-Match.
    responses: { ...declared.responses, ...(declared.method === 'get' ? NOT_MODIFIED : {}), ...refusalsOf(declared) },
  } as ZodOpenApiOperationObject;
}

export function openApiDocument(routes: readonly Route[]) {
  const paths: ZodOpenApiPathsObject = {};
  for (const declared of routes) {
    paths[openApiPath(declared.path)] = {
      ...paths[openApiPath(declared.path)],
      [declared.method]: operationOf(declared),
    };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Smart Zone API',
      version: '1.0.0',
      description:
        'Warehouse inventory. Every error answers `{ "error": { "code", "message", "fields"?, "requestId" } }`. ' +
        'While the server trusts the local Auth emulator it answers only requests whose Host is loopback ' +
        '(others: 403).',
      contact: { name: 'The Smart Zone maintainers (see README.md)' },
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/api', description: 'The same origin as the web app' }],
    tags: [
      { name: 'inventory', description: 'The catalogue (public reads) and its stock ledger (staff)' },
      {
        name: 'locations',
        description: 'Where stock is: a tree of locations under Main (staff read, managers change)',
      },
      {
        name: 'counts',
        description: 'Stock counts: sessions counted by clerks, applied by managers, movements after a count kept',
      },
      { name: 'alerts', description: 'Low-stock alerts, raised once per crossing (staff)' },
      { name: 'deliveries', description: 'My Item: a user’s own deliveries; every delivery for the team' },
      { name: 'team', description: 'Who may do what: members and their roles (owners)' },
      { name: 'audit', description: 'Every write, who made it and why, recorded in its own transaction' },
      { name: 'stats', description: 'The warehouse at a glance: the dashboard (staff)' },
      { name: 'account', description: 'Sign-in and who the caller is' },
      { name: 'service', description: 'Health, settings for the web app, and this document' },
    ],
    components: {
      securitySchemes: {
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The accessToken from POST /login',
        },
        firebaseIdToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A Firebase Auth ID token (only for POST /login)',
        },
      },
    },
    paths,
  });
}

/** GET /openapi.json, documenting `routes` and itself. */
export function openApiRoutes(routes: readonly Route[]) {
  // Built on the first request, not with every app: most never ask for it.
  let document: string | undefined;
  const self = route({
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    tag: 'service',
    summary: 'This document',
    description: 'OpenAPI 3.1, built from the routes themselves; docs/openapi.json holds the same.',
    access: 'public',
    responses: {
      '200': {
        description: 'OpenAPI 3.1',
        content: json(z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) })),
      },
    },
    handle(_input, _req, res) {
      document ??= JSON.stringify(openApiDocument([...routes, self]));
      res.type('json').send(document);
    },
  });
  return [self];
}
