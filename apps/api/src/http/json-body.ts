import express, { type RequestHandler } from 'express';

/** A client error as body-parser makes one: the error handler reads its status and type (error-handler.ts). */
const clientError = (message: string, type: string) =>
  Object.assign(new Error(message), { status: 400, statusCode: 400, expose: true, type });

/** A JSON text as body-parser's strict parser takes it: an object or an array (an empty body is `{}`). */
function parseStrict(text: string): unknown {
  if (text.length === 0) return {};
  const first = text[0] === '{' ? '{' : /^[ \t\n\r]*(.)/s.exec(text)?.[1];
  if (first !== '{' && first !== '[') {
    throw clientError('the JSON body is not an object or an array', 'entity.parse.failed');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw clientError((error as Error).message, 'entity.parse.failed');
  }
}

/** The Content-Types read here; any other (a charset named otherwise, another type) goes to body-parser. */
const PLAIN_JSON = new Set(['application/json', 'application/json; charset=utf-8']);

/**
 * `express.json({ limit })`, with the common case read here: a body of plain JSON in UTF-8, not encoded, whose
 * Content-Length is within the limit. body-parser reads it through six packages (type-is, content-type,
 * raw-body, iconv-lite, on-finished, http-errors), which for a request of a few hundred bytes cost more than
 * the rest of its parsing; here it is a header check, the bytes and JSON.parse, with body-parser's answers (its
 * strict parse, a byte order mark dropped, a size that does not match the header refused). Anything else (no
 * length, chunked, compressed, another charset, over the limit) is body-parser's, as before.
 */
export function jsonBody(limitBytes: number): RequestHandler {
  const bodyParser = express.json({ limit: limitBytes });
  return (req, res, next) => {
    const { headers } = req;
    const type = headers['content-type'];
    const length = headers['content-length'];
    if (
      type === undefined ||
      !PLAIN_JSON.has(type.toLowerCase()) ||
      headers['content-encoding'] !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      length === undefined ||
      !/^[1-9]\d{0,8}$/.test(length) ||
      Number(length) > limitBytes ||
      !req.readable ||
      req.readableDidRead
    ) {
      bodyParser(req, res, next);
      return;
    }
    if (!Reflect.has(req, 'body')) req.body = undefined;
    const expected = Number(length);
    const chunks: Buffer[] = [];
    let received = 0;
    const done = (error?: Error) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
      if (error) {
        // Read off the rest, as body-parser does, so the answer is not written over an unread request.
        req.resume();
        next(error);
      } else next();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (received !== expected) {
        done(clientError('request size did not match content length', 'request.size.invalid'));
        return;
      }
      let text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received)).toString('utf8');
      // iconv-lite, which body-parser decodes with, drops a byte order mark.
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      try {
        req.body = parseStrict(text);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    };
    const onError = (error: Error) => done(Object.assign(error, { status: 400, statusCode: 400 }));
    const onAborted = () => done(clientError('request aborted', 'request.aborted'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  };
}
