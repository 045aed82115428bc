import fc from 'fast-check';
import { anyValue, nastyText, type Resolve, type Schema } from './schema-arbitraries';

/** The OpenAPI document's parts the fuzzer reads. */
export interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: Record<string, string[]>[];
}

/** Who the request claims to be: resolved to a real header when it is sent. */
export const AUTH_KINDS = [
  'none',
  'staff', // the accessToken POST /login gave for a verified emulator account
  'minted-staff', // signed with the server's secret, as the API signs its own
  'unverified',
  'expired',
  'wrong-secret',
  'alg-none',
  'garbage',
  'basic',
  'empty-bearer',
  'emulator-id-token', // a Firebase ID token where an accessToken belongs
] as const;
export type AuthKind = (typeof AUTH_KINDS)[number];

/** A value the sender fills in from what exists at that moment (an item the fuzzer made, the caller's own email). */
export const KNOWN_ITEM = '@item';
export const KNOWN_DELIVERY = '@delivery';
export const MY_EMAIL = '@me';
export const CURRENT_ETAG = '@etag';

export interface RequestPlan {
  operation: string;
  method: string;
  /** The path after the server's base, with `{id}` already chosen (possibly a KNOWN_* placeholder). */
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  auth: AuthKind;
  /** The body as sent, or none. */
  body?: string;
  contentType?: string;
  /** Which of the known items or deliveries a placeholder stands for (modulo how many there are). */
  pick: number;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

/** Every operation of the document as one arbitrary of requests, each operation equally likely. */
export function requestArbitrary(document: OpenApiDocument): fc.Arbitrary<RequestPlan> {
  const resolve: Resolve = (schema) => {
    const name = schema.$ref?.replace('#/components/schemas/', '');
    return name ? (document.components?.schemas?.[name] ?? {}) : schema;
  };
  const prefix = document.servers?.[0]?.url ?? '';
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => operationArbitrary(prefix, path, method, operation, resolve)),
  );
  const plans = fc.oneof(...operations, { arbitrary: unknownRoute(prefix), weight: 1 });
  return fc.tuple(plans, fc.nat()).map(([plan, pick]) => ({ ...plan, pick }));
}

function operationArbitrary(
  prefix: string,
  template: string,
  method: string,
  operation: Operation,
  resolve: Resolve,
): fc.Arbitrary<Omit<RequestPlan, 'pick'>> {
  const parameters = operation.parameters ?? [];
  const name = `${method.toUpperCase()} ${prefix}${template}`;
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const headerParams = parameters.filter((p) => p.in === 'header');
  const placeholder = template.startsWith('/myitem') ? KNOWN_DELIVERY : KNOWN_ITEM;

  const path = fc
    .tuple(...pathParams.map((p) => pathValue(p.schema ?? {}, placeholder, resolve)))
    .map((values) => pathParams.reduce((text, p, i) => text.replace(`{${p.name}}`, values[i] ?? ''), template));
  const query = fc.tuple(...queryParams.map((p) => queryValues(p, resolve)), extraQuery()).map((lists) => lists.flat());
  const headers = fc
    .tuple(...headerParams.map((p) => headerValue(p, resolve)), commonHeaders())
    .map((pairs) => Object.assign({}, ...pairs) as Record<string, string>);
  const schema = operation.requestBody?.content['application/json']?.schema;
  const body = schema ? bodyArbitrary(schema, resolve) : fc.option(rawBody(), { freq: 10, nil: undefined });
  const methodChoice = fc.oneof(
    { weight: 12, arbitrary: fc.constant(method.toUpperCase()) },
    fc.constantFrom(...METHODS),
  );

  return fc
    .record({
      method: methodChoice,
      path,
      query,
      headers,
      auth: authKind(operation),
      body,
      contentType: contentType(),
    })
    .map((plan) => ({
      operation: name,
      ...plan,
      path: `${prefix}${plan.path}`,
      contentType: plan.body === undefined ? undefined : plan.contentType,
    }));
}

/** A route the document does not have: the JSON 404 (or the web app) must answer, never a 5xx. */
function unknownRoute(prefix: string): fc.Arbitrary<Omit<RequestPlan, 'pick'>> {
  return fc
    .record({
      method: fc.constantFrom(...METHODS),
      segments: fc.array(encodedText(), { minLength: 1, maxLength: 3 }),
      auth: fc.constantFrom(...AUTH_KINDS),
    })
    .map(({ method, segments, auth }) => ({
      operation: 'unknown route',
      method,
      path: `${prefix}/${segments.join('/')}`,
      query: [],
      headers: {},
      auth,
    }));
}

/** Signed in or not, as the operation wants or not: most requests carry what the operation asks for. */
function authKind(operation: Operation): fc.Arbitrary<AuthKind> {
  const wanted: AuthKind = operation.security?.some((scheme) => 'firebaseIdToken' in scheme)
    ? 'emulator-id-token'
    : operation.security
      ? 'staff'
      : 'none';
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(wanted) },
    { weight: 1, arbitrary: fc.constant<AuthKind>('minted-staff') },
    { weight: 3, arbitrary: fc.constantFrom(...AUTH_KINDS) },
  );
}

function pathValue(schema: Schema, placeholder: string, resolve: Resolve): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(placeholder) },
    { weight: 2, arbitrary: anyValue(schema, resolve).map(asText).map(encode) },
    { weight: 1, arbitrary: encodedText() },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%zz',
        '%E0%A4%A',
        '%00',
        '..',
        '%2e%2e',
        '%2F',
        '000000000000000000000000',
        'ffffffffffffffffffffffff',
      ),
    },
  );
}

function queryValues(parameter: Parameter, resolve: Resolve): fc.Arbitrary<[string, string][]> {
  const name = parameter.name;
  const one =
    parameter.name === 'email'
      ? fc.oneof(fc.constant(MY_EMAIL), anyValue(parameter.schema ?? {}, resolve).map(asText))
      : anyValue(parameter.schema ?? {}, resolve).map(asText);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<[string, string][]>([]) },
    { weight: 6, arbitrary: one.map((value): [string, string][] => [[name, value]]) },
    // Repeated (an array to Express), or in bracket form.
    {
      weight: 1,
      arbitrary: fc.tuple(one, one).map(([a, b]): [string, string][] => [
        [name, a],
        [name, b],
      ]),
    },
    { weight: 1, arbitrary: one.map((value): [string, string][] => [[`${name}[x]`, value]]) },
  );
}

function extraQuery(): fc.Arbitrary<[string, string][]> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant<[string, string][]>([]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(nastyText(10), nastyText(20)), { maxLength: 3 }) },
  );
}

function headerValue(parameter: Parameter, resolve: Resolve): fc.Arbitrary<Record<string, string>> {
  const value = fc.oneof(
    fc.constant(CURRENT_ETAG),
    fc.constantFrom('*', 'W/"1"', '"1"', '"', '""', 'W/', '"0", "1"'),
    anyValue(parameter.schema ?? {}, resolve)
      .map(asText)
      .map(headerSafe),
  );
  return fc.option(value, { freq: 2, nil: undefined }).map((v) => (v === undefined ? {} : { [parameter.name]: v }));
}

/** Headers every request may carry: compression asked for or not, a request id of any shape, an odd Accept. */
function commonHeaders(): fc.Arbitrary<Record<string, string>> {
  return fc
    .record(
      {
        'Accept-Encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity', '*', 'gzip;q=0, br;q=0', 'zstd', 'x'),
        'X-Request-Id': nastyText(80).map(headerSafe),
        Accept: fc.constantFrom('application/json', 'text/html', '*/*', 'x/y', ''),
        'X-Forwarded-For': fc.constantFrom('1.2.3.4', 'garbage', '127.0.0.1, 10.0.0.1'),
      },
      { requiredKeys: [] },
    )
    .map(
      (headers) =>
        Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<string, string>,
    );
}

function contentType(): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        undefined,
        'application/json; charset=utf-8',
        'application/json; charset=latin1',
        'application/json; charset=x-unknown',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/merge-patch+json',
      ),
    },
  );
}

function bodyArbitrary(schema: Schema, resolve: Resolve): fc.Arbitrary<string | undefined> {
  const value = anyValue(schema, resolve).chain((body) =>
    // The caller's own email and a real item, often: otherwise a delivery would almost never succeed.
    fc
      .boolean()
      .map((hint) =>
        hint && typeof body === 'object' && body !== null && !Array.isArray(body)
          ? withHints(body as Record<string, unknown>, schema, resolve)
          : body,
      ),
  );
  return fc.oneof(
    { weight: 12, arbitrary: value.map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: rawBody() },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function withHints(body: Record<string, unknown>, schema: Schema, resolve: Resolve): Record<string, unknown> {
  const properties = resolve(schema).properties ?? {};
  const hinted = { ...body };
  if ('email' in properties) hinted.email = MY_EMAIL;
  if ('inventoriesId' in properties) hinted.inventoriesId = KNOWN_ITEM;
  return hinted;
}

/** Bodies no schema describes: broken JSON, past the 100 kB limit, nested deep, not JSON at all. */
function rawBody(): fc.Arbitrary<string> {
  return fc.oneof(
    nastyText(200),
    fc.constantFrom('{', '{"a":', '[1,2', 'null', '0', '"x"', '[]', '{}', '\ufeff{}', '{"__proto__":{"admin":true}}'),
    fc.integer({ min: 100_000, max: 300_000 }).map((size) => JSON.stringify({ name: 'x'.repeat(size) })),
    fc.integer({ min: 1000, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    fc.json({ maxDepth: 3 }),
  );
}

function encodedText(): fc.Arbitrary<string> {
  return nastyText(30).map(encode);
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** encodeURIComponent, which throws on a lone surrogate: that one goes as its raw UTF-8 bytes' escapes. */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

/** Node refuses to send a header with control characters or non-Latin-1 text: keep the oddness, drop what cannot be sent. */
function headerSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\x00-\x08\x0a-\x1f\x7f]|[^\x00-\xff]/g, '?');
}
