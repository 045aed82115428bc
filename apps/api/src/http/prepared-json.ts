import type { Request, Response } from 'express';

/**
 * A JSON answer serialized once and sent many times: the bytes, their length
 * and their ETag, computed when it was made rather than on every request.
 */
export interface PreparedJson {
  readonly body: Buffer;
  readonly etag: string;
}

export function prepareJson(value: unknown, etag: string): PreparedJson {
  return { body: Buffer.from(JSON.stringify(value)), etag };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * 304 when the client's If-None-Match names it, else the prepared bytes, with
 * the headers `res.json` would set and nothing recomputed. `headers` come
 * first (X-Total-Count, say), so a 304 carries them too.
 */
export function sendPrepared(
  req: Request,
  res: Response,
  prepared: PreparedJson,
  headers?: Record<string, string>,
): void {
  if (headers) for (const name in headers) res.setHeader(name, headers[name]!);
  res.setHeader('ETag', prepared.etag);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', prepared.body.length);
  res.end(prepared.body);
}

/**
 * `res.status(status).json(value)` for a write's answer, with the same bytes and headers (Content-Type,
 * Content-Length, the app's ETag) set directly: Express's `json` and `send` look each header up, parse the
 * Content-Type again for its charset and copy the text into a Buffer on the way. A GET or HEAD (whose
 * freshness Express checks) goes through `res.json` as before.
 */
export function sendJson(req: Request, res: Response, status: number, value: unknown): void {
  if (req.method === 'GET' || req.method === 'HEAD' || res.hasHeader('Content-Type')) {
    res.status(status).json(value);
    return;
  }
  const body = Buffer.from(JSON.stringify(value));
  res.statusCode = status;
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('Content-Length', String(body.length));
  const etagOf = req.app.get('etag fn') as ((body: Buffer) => string | undefined) | undefined;
  const etag = typeof etagOf === 'function' ? etagOf(body) : undefined;
  if (etag) res.setHeader('ETag', etag);
  res.end(body);
}
