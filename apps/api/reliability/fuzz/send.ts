import http from 'node:http';
import zlib from 'node:zlib';
import {
  CURRENT_ETAG,
  encode,
  KNOWN_DELIVERY,
  KNOWN_ITEM,
  MY_EMAIL,
  type AuthKind,
  type RequestPlan,
} from './requests';

/** What exists on the server right now, and who the fuzzer can be. */
export interface FuzzWorld {
  base: URL;
  /** The Authorization header of each kind of caller (none: no header). */
  authorization: Record<AuthKind, string | undefined>;
  /** The email each kind of caller signs in with (for `email` fields and `?email=`). */
  emails: Record<AuthKind, string>;
  /** Items the fuzzer may touch (never a canary) and deliveries it made. */
  items: string[];
  deliveries: string[];
}

export interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Answer {
  status: number;
  contentType: string;
  /** The body's start (at most BODY_CAP bytes), as text. */
  text: string;
}

const BODY_CAP = 1_000_000;
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** The plan with its placeholders filled from the world as it is now. */
export async function resolvePlan(plan: RequestPlan, world: FuzzWorld): Promise<Sent> {
  const pick = <T>(list: T[], fallback: T) => (list.length ? list[plan.pick % list.length]! : fallback);
  const item = pick(world.items, '0'.repeat(24));
  const delivery = pick(world.deliveries, '0'.repeat(24));
  const email = world.emails[plan.auth];
  const path = plan.path.replace(KNOWN_ITEM, item).replace(KNOWN_DELIVERY, delivery);
  const query = plan.query
    .map(([key, value]) => `${encode(key)}=${encode(value === MY_EMAIL ? email : value)}`)
    .join('&');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(plan.headers)) {
    headers[name] = value === CURRENT_ETAG ? await currentEtag(world.base, path) : value;
  }
  const authorization = world.authorization[plan.auth];
  if (authorization !== undefined) headers.Authorization = authorization;
  if (plan.contentType) headers['Content-Type'] = plan.contentType;
  const body = plan.body
    ?.replaceAll(JSON.stringify(MY_EMAIL), JSON.stringify(email))
    .replaceAll(JSON.stringify(KNOWN_ITEM), JSON.stringify(item));
  // Node's client sends a GET's body with neither length nor chunking: the server would read it as the next request.
  if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
  return { method: plan.method, path: query ? `${path}?${query}` : path, headers, body };
}

/**
 * A body as any HTTP client reads it: undone from its Content-Encoding (the fuzzer asks for gzip, br and
 * deflate, and an answer over the compression threshold comes so, an error with a long path in its
 * message too). A body cut at BODY_CAP may not decode: then its bytes as they came.
 */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === 'gzip') return zlib.gunzipSync(body);
    if (encoding === 'deflate') return zlib.inflateSync(body);
    if (encoding === 'br') return zlib.brotliDecompressSync(body);
  } catch {
    return body;
  }
  return body;
}

/** One request over a kept-alive loopback connection; rejects only when no answer came (refused, reset, 30 s). */
export function send(base: URL, request: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers: request.headers,
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text: decoded(Buffer.concat(chunks), response.headers['content-encoding']).toString('utf8'),
          });
        // A live event stream never ends: its first chunk (the retry hint) is the answer to judge.
        const endless = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
        response.on('data', (chunk: Buffer) => {
          if (size >= BODY_CAP) return;
          chunks.push(chunk);
          size += chunk.length;
          // Enough to judge it (a whole list can be long): stop reading, drop the connection.
          if (size >= BODY_CAP || endless) {
            size = BODY_CAP;
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer within 30 s')));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** The current ETag of the item the path names, for a valid If-Match / If-None-Match. */
async function currentEtag(base: URL, path: string): Promise<string> {
  const id = /\/inventory\/([0-9a-f]{24})/i.exec(path)?.[1];
  if (!id) return '"0"';
  const response = await fetch(new URL(`/api/inventory/${id}`, base));
  await response.body?.cancel();
  return response.headers.get('etag') ?? '"0"';
}

/** The request as one line a person can paste into curl. */
export function describe(request: Sent): string {
  const headers = Object.entries(request.headers)
    .map(
      ([name, value]) =>
        ` -H '${name}: ${name === 'Authorization' || value.length > 200 ? value.slice(0, 24) + '…' : value}'`,
    )
    .join('');
  const body =
    request.body === undefined
      ? ''
      : ` --data '${request.body.length > 200 ? `${request.body.slice(0, 200)}… (${request.body.length} chars)` : request.body}'`;
  const target =
    request.path.length > 300 ? `${request.path.slice(0, 300)}… (${request.path.length} chars)` : request.path;
  return `curl -X ${request.method} '${target}'${headers}${body}`;
}
