import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Express } from 'express';

/**
 * Every answer an app under test gives under /api is checked against the
 * OpenAPI document (docs/openapi.json, which the app serves word for word):
 * its status is one its operation documents, its Content-Type and body
 * validate, and its documented headers are there and valid. The body is read
 * at the wire (after compression), so what is checked is what a client gets.
 * A violation fails the test that was running (conformance-setup.ts).
 */

type Schema = Record<string, unknown>;
interface ResponseDoc {
  content?: Record<string, { schema?: Schema }>;
  headers?: Record<string, { required?: boolean; schema?: Schema }>;
}
interface OperationDoc {
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, ResponseDoc>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationDoc>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One answer as the client received it. */
export interface Answer {
  method: string;
  /** Path and query, as requested. */
  url: string;
  status: number;
  headers: Record<string, number | string | string[] | undefined>;
  /** As sent, still encoded per Content-Encoding. */
  body: Buffer;
}

/** What the check made of one answer: its operation ("GET /inventory/{id}"), or none when no operation matched. */
export interface Checked {
  method: string;
  url: string;
  status: number;
  operation?: string;
  problems: string[];
}

const DOCUMENT_FILE = join(__dirname, '../../../../docs/openapi.json');
const API_PREFIX = '/api';

/** Read once per test file (each has its own module registry) and compiled lazily, schema by schema. */
let document: OpenApiDocument | undefined;
let ajv: Ajv2020 | undefined;
let templates: { path: string; pattern: RegExp }[] | undefined;
const compiled = new Map<string, ValidateFunction>();

export function openApiDocument(): OpenApiDocument {
  document ??= JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')) as OpenApiDocument;
  return document;
}

/** The validator of the schema at these path segments of the document, e.g. ('paths', '/health', 'get', ...). */
export function schemaAt(...parts: string[]): ValidateFunction {
  const ref = `openapi#/${parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
  let validate = compiled.get(ref);
  if (!validate) {
    if (!ajv) {
      ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addSchema(openApiDocument(), 'openapi');
    }
    validate = ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  return validate;
}

/** The document's path template for a concrete path under /api ("/inventory/<24hex>/history" → "/inventory/{id}/history"). */
export function templateOf(path: string): string | undefined {
  templates ??= Object.keys(openApiDocument().paths)
    .map((template) => ({
      path: template,
      params: (template.match(/\{[^}]+\}/g) ?? []).length,
      pattern: new RegExp(
        `^${template
          .split('/')
          .map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/')}$`,
        // Express routes without case or a trailing slash mattering.
        'i',
      ),
    }))
    // A literal segment wins over a parameter in the same place.
    .sort((a, b) => a.params - b.params);
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  return templates.find((template) => template.pattern.test(trimmed))?.path;
}

/** Why `answer` breaks the document (empty when it conforms); no operation when its path or method is not documented. */
export function check(answer: Answer): Checked {
  const { method, url, status } = answer;
  const path = url.split('?')[0]!.slice(API_PREFIX.length) || '/';
  const template = templateOf(path);
  // HEAD is answered by the GET route, without its body.
  const key = method === 'HEAD' ? 'get' : method.toLowerCase();
  const operation = template === undefined ? undefined : openApiDocument().paths[template]?.[key];
  if (!template || !operation) return { method, url, status, problems: [] };

  const problems: string[] = [];
  const code = String(status);
  const responseKey = [code, `${code[0]}XX`, 'default'].find((key) => key in operation.responses);
  const documented = responseKey === undefined ? undefined : operation.responses[responseKey];
  const text = (() => {
    try {
      return decoded(answer).toString('utf8');
    } catch (error) {
      problems.push(`body cannot be decoded (${String(answer.headers['content-encoding'])}): ${String(error)}`);
      return '';
    }
  })();
  if (!documented || responseKey === undefined) {
    problems.push(
      `status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')}); body ${excerpt(text)}`,
    );
    return { method, url, status, operation: `${method} ${template}`, problems };
  }
  const at = ['paths', template, key, 'responses', responseKey];

  const hasBody = method !== 'HEAD' && status !== 304 && status !== 204;
  if (documented.content) {
    const contentType = String(answer.headers['content-type'] ?? '');
    const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
    if (!(mediaType in documented.content)) {
      problems.push(
        `Content-Type ${contentType ? `"${contentType}"` : 'missing'}, documented: ${Object.keys(documented.content).join(', ')}`,
      );
    } else if (hasBody && /\bjson$/.test(mediaType) && documented.content[mediaType]?.schema) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        problems.push(`body is not JSON: ${excerpt(text)}`);
      }
      if (body !== undefined) {
        const validate = schemaAt(...at, 'content', mediaType, 'schema');
        if (!validate(body))
          problems.push(`body does not match the schema: ${explain(validate.errors)}; body ${excerpt(text)}`);
      }
    }
  } else if (hasBody && text !== '') {
    problems.push(`a body where none is documented: ${excerpt(text)}`);
  }

  for (const [name, header] of Object.entries(documented.headers ?? {})) {
    const value = answer.headers[name.toLowerCase()];
    if (value === undefined) {
      if (header.required) problems.push(`required header ${name} is missing`);
      continue;
    }
    if (!header.schema) continue;
    const validate = schemaAt(...at, 'headers', name, 'schema');
    for (const one of Array.isArray(value) ? value : [String(value)]) {
      // A copy to validate: the validator's type guard would narrow `one` itself to never.
      const text: unknown = one;
      if (!validate(text)) problems.push(`header ${name}: "${one}" ${explain(validate.errors)}`);
    }
  }
  return { method, url, status, operation: `${method} ${template}`, problems };
}

function decoded({ headers, body }: Answer): Buffer {
  const encodings = String(headers['content-encoding'] ?? '')
    .split(',')
    .map((encoding) => encoding.trim().toLowerCase())
    .filter((encoding) => encoding !== '' && encoding !== 'identity');
  // Applied in the order listed, so undone from the last.
  return encodings.reduceRight((data, encoding) => {
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(data);
    if (encoding === 'br') return brotliDecompressSync(data);
    if (encoding === 'deflate') return inflateSync(data);
    throw new Error(`unknown Content-Encoding ${encoding}`);
  }, body);
}

function explain(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 5)
    .map((error) => {
      const extra = (error.params as { additionalProperty?: string }).additionalProperty;
      return `${error.instancePath || '(root)'} ${error.message ?? error.keyword}${extra ? ` "${extra}"` : ''}`;
    })
    .join('; ');
}

const excerpt = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text || '(empty)');

/**
 * What every recorded app reports to: kept on the test file's global, so a
 * module loaded twice (jest.isolateModules, a dynamic import) shares it.
 */
interface Recorder {
  violations: string[];
  skipped: string[];
  checked: number;
  last?: Checked;
}
const RECORDER = Symbol.for('smart-zone.conformance');
function recorder(): Recorder {
  const global = globalThis as { [RECORDER]?: Recorder };
  global[RECORDER] ??= { violations: [], skipped: [], checked: 0 };
  return global[RECORDER];
}

/** The violations recorded since the last call, each "METHOD /template → status (URL): what is wrong". */
export function takeViolations(): string[] {
  return recorder().violations.splice(0);
}

/**
 * How many answers were checked, and those under /api that were not: no
 * operation documents their path or method (the JSON 404 of an unknown path,
 * a CORS preflight), or their connection was gone.
 */
export function answerCounts(): { checked: number; skipped: readonly string[] } {
  const { checked, skipped } = recorder();
  return { checked, skipped };
}

/** What the check made of the most recent answer. */
export function lastAnswer(): Checked | undefined {
  return recorder().last;
}

function note(answer: Answer) {
  const state = recorder();
  let checked: Checked;
  try {
    checked = check(answer);
  } catch (error) {
    // A fault of the checker itself must not pass for a conforming answer.
    const { method, url, status } = answer;
    checked = { method, url, status, operation: `${method} ${url}`, problems: [`the check failed: ${String(error)}`] };
  }
  state.last = checked;
  const where = `${answer.method} ${answer.url.split('?')[0]} → ${answer.status}`;
  if (checked.operation) state.checked += 1;
  else state.skipped.push(where);
  for (const problem of checked.problems) {
    state.violations.push(`${checked.operation} → ${checked.status} (${answer.method} ${answer.url}): ${problem}`);
  }
}

type Write = (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => ServerResponse;

/** Copies what goes out on `res` and checks it when the answer ends (an answer cut short is not checked). */
function watch(req: IncomingMessage, res: ServerResponse) {
  // Read now: the routers rewrite req.url on the way in.
  const method = req.method ?? 'GET';
  const url = req.url ?? '/';
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === 'string')
      chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  let ended = false;
  (res as { write: Write }).write = (chunk, encoding, callback) => {
    keep(chunk, encoding);
    return write(chunk, encoding, callback);
  };
  (res as { end: End }).end = (chunk, encoding, callback) => {
    if (ended) return end(chunk, encoding, callback);
    ended = true;
    if (typeof chunk !== 'function') keep(chunk, encoding);
    // An answer to a connection already gone (a timed-out or aborted request) reaches no client.
    const gone = res.destroyed || !res.socket || res.socket.destroyed;
    const sent = end(chunk, encoding, callback);
    if (gone) recorder().skipped.push(`${method} ${url.split('?')[0]} → ${res.statusCode} (connection gone)`);
    else
      note({
        method,
        url,
        status: res.statusCode,
        headers: res.getHeaders(),
        body: Buffer.concat(chunks),
      });
    return sent;
  };
}

/**
 * The same app, its every answer under /api recorded and checked: the hook
 * sits in front of the app's own handler, outside createApp, so listen(),
 * supertest and the app's router see the app unchanged.
 */
export function recordAnswers<App extends Express>(app: App): App {
  const handled = app as unknown as { handle(req: IncomingMessage, res: ServerResponse, next?: unknown): void };
  const handle = handled.handle.bind(app);
  handled.handle = (req, res, next) => {
    const path = (req.url ?? '').toLowerCase();
    if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) || path.startsWith(`${API_PREFIX}?`)) watch(req, res);
    handle(req, res, next);
  };
  return app;
}
