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
