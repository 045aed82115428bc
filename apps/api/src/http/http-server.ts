import { randomUUID } from 'node:crypto';
import http, { STATUS_CODES, type RequestListener } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '@smart-zone/types/errors';

/** How long a client may take: to send its headers, its whole request, and between two reads of an answer. */
export interface ServerTimeouts {
  headersMs: number;
  requestMs: number;
  /** A connection with nothing sent or received for this long is closed (streams write at least every batch). */
  idleMs: number;
  keepAliveMs: number;
}

/**
 * Node's defaults let a client hold a connection for minutes while sending
 * nothing (headers 60 s, request 300 s, no idle limit), checked every 30 s:
 * a few hundred slow clients then hold the server's sockets and memory.
 */
export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  idleMs: 60_000,
  keepAliveMs: 5_000,
};

export function createHttpServer(app: RequestListener, timeouts: ServerTimeouts = DEFAULT_TIMEOUTS): http.Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often the two limits above are checked (default 30 s, which would let them run over by that much).
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    },
    app,
  );
  server.setTimeout(timeouts.idleMs, (socket) => socket.destroy());
  server.on('clientError', answerClientError);
  return server;
}

/** What Node's parser refuses before any route sees it: answered in the error shape, like everything else. */
const PARSER_REFUSALS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'bad_request', message: 'Request headers are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'bad_request', message: 'The request took too long to arrive' },
};

function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) {
  if (!socket.writable || (error.code !== undefined && ['ECONNRESET', 'EPIPE'].includes(error.code))) {
    socket.destroy();
    return;
  }
  const refusal = PARSER_REFUSALS[error.code ?? ''] ?? { status: 400, code: 'bad_request', message: 'Bad request' };
  const requestId = randomUUID();
  const body = JSON.stringify({ error: { code: refusal.code, message: refusal.message, requestId } });
  // The answer to a HEAD has no body (its length is said all the same), or the client reads it as garbage.
  const head = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\n` +
      'Connection: close\r\n\r\n' +
      (head ? '' : body),
  );
}
