import { createHash, randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_RULE,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@smart-zone/types/idempotency';
import type { AccessClaims } from '@smart-zone/types/auth';
import { AppError, badRequest } from '../errors/app-error';
import type { IdempotencyClaim, Store } from '../store/store';

/** The longest answer kept for a replay (an import's report is the largest: a few hundred kB at most). */
const ANSWER_KEPT_MAX_BYTES = 2 * 1024 * 1024;

export const idempotencyMismatch = () =>
  new AppError(
    422,
    'idempotency_mismatch',
    `This ${IDEMPOTENCY_KEY_HEADER} was used for a different request: use a new key for a new request.`,
  );
export const idempotencyInFlight = (message: string) => new AppError(409, 'idempotency_in_flight', message);
const STILL_RUNNING = `The first request with this ${IDEMPOTENCY_KEY_HEADER} has not answered yet: ask again in a moment.`;

/**
 * What a request asked, as a hash: its method, its path and query, and its JSON body as parsed (the same bytes
 * parse the same). A file's body is read by its handler as it arrives, so an upload is known by its type,
 * encoding and length.
 */
export function fingerprintOf(req: Request): string {
  const body =
    req.body !== undefined
      ? JSON.stringify(req.body)
      : ['content-type', 'content-encoding', 'content-length'].map((name) => req.get(name) ?? '').join('\n');
  return createHash('sha256').update(`${req.method} ${req.originalUrl}\n${body}`).digest('base64url');
}

/** The claim of the request being answered, when it carries a key: its writes take it with their Author. */
export const claimOf = (res: Response): IdempotencyClaim | undefined =>
  res.locals.idempotencyClaim as IdempotencyClaim | undefined;

/** The answer as it leaves (before compression: this runs after compressJson wrapped the response). */
function recordAnswer(res: Response): () => Buffer | undefined {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || bytes > ANSWER_KEPT_MAX_BYTES) return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    bytes += buffer.length;
    chunks.push(buffer);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as Response['end'];
  return () => (bytes > ANSWER_KEPT_MAX_BYTES ? undefined : Buffer.concat(chunks));
}

/**
 * Every write under /api takes an `Idempotency-Key` (issue 37; the types: packages/types/src/idempotency.ts).
 * Runs after the route's guard (the key is the caller's) and before its handler:
 * - a key this caller used for another request (method, path and query, body): 422 `idempotency_mismatch`;
 * - a key whose request answered: that answer again, `Idempotent-Replayed: true`, nothing done;
 * - a key whose request is running here: waits for it, then the same; running elsewhere (another instance), or
 *   claimed by a request whose answer was lost with its process: 409 `idempotency_in_flight`;
 * - a new key: the request runs with its claim (claimOf), which its write's transaction records with the write
 *   (the ledger, both stores), so a request that wrote is never run twice; its answer is kept once sent.
 * A route anyone may call (no caller to scope the key to) ignores it.
 */
export function idempotentWrites(store: Store, warn: (message: string) => void): RequestHandler {
  /** This process's requests by caller and key, until their answers are kept: the ones after them wait. */
  const running = new Map<string, Promise<void>>();
  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_KEY_HEADER);
    const user = res.locals.user as AccessClaims | undefined;
    if (key === undefined || !user) return next();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw badRequest(`${IDEMPOTENCY_KEY_HEADER} must be ${IDEMPOTENCY_KEY_RULE}`, {
        [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_KEY_RULE,
      });
    }
    const scope = user.uid;
    const fingerprint = fingerprintOf(req);
    const id = `${scope}\n${key}`;
    for (let ahead = running.get(id); ahead; ahead = running.get(id)) await ahead;
    let done!: () => void;
    running.set(id, new Promise<void>((resolve) => (done = resolve)));
    const release = () => {
      running.delete(id);
      done();
    };
    let record;
    try {
      record = await store.idempotency.find(scope, key);
    } catch (error) {
      release();
      throw error;
    }
    if (record) {
      release();
      if (record.fingerprint !== fingerprint) throw idempotencyMismatch();
      if (!record.answer) throw idempotencyInFlight(STILL_RUNNING);
      res.status(record.answer.status);
      res.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
      if (record.answer.contentType) res.set('Content-Type', record.answer.contentType);
      res.send(Buffer.from(record.answer.body, 'utf8'));
      return;
    }
    const claim: IdempotencyClaim = { scope, key, fingerprint, attempt: randomUUID() };
    res.locals.idempotencyClaim = claim;
    const answer = recordAnswer(res);
    res.once('close', () => {
      const body = answer();
      // A server error is not kept: what it did is unknown to us too (a retry finds its claim if it wrote).
      if (!res.writableFinished || res.statusCode >= 500 || body === undefined) return release();
      const kept = {
        status: res.statusCode,
        contentType: String(res.get('Content-Type') ?? ''),
        body: body.toString('utf8'),
      };
      store.idempotency.keep(claim, kept).then(release, (error: unknown) => {
        release();
        warn(`${IDEMPOTENCY_KEY_HEADER}: the answer to ${req.method} ${req.path} could not be kept (${String(error)})`);
      });
    });
    next();
  };
}
