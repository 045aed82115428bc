import http from 'node:http';
import type { RequestListener } from 'node:http';

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
  return server;
}
