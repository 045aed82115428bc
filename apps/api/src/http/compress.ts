import compression from 'compression';
import type { RequestHandler } from 'express';

/** Answers smaller than this go as they are: a header and a zlib stream cost more than they save. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * The API's answers over 1 KB, brotli (quality 4) or gzip as the client
 * accepts, with `Vary: Accept-Encoding`. A client that accepts no encoding
 * gets identity anyway, so it skips the middleware's per-request wrapping.
 * A streamed answer (the whole list) calls `res.flush()` after each batch.
 */
export function compressJson(): RequestHandler {
  const compress = compression({ threshold: COMPRESS_THRESHOLD });
  return (req, res, next) => {
    if (req.headers['accept-encoding']) compress(req, res, next);
    else next();
  };
}
