import type { Request } from 'express';

/** The most of a refused request's body read (and dropped) so that the client receives the answer. */
export const DISCARD_MAX_BYTES = 64 * 1024 * 1024;

/** Whether the connection stays open after this request's answer (HTTP/1.1 unless `Connection: close`). */
function keepsAlive(req: Request): boolean {
  const connection = req.headers.connection?.toLowerCase() ?? '';
  return req.httpVersion === '1.1' ? !connection.includes('close') : connection.includes('keep-alive');
}

/**
 * Sends a refusal (`answer`) made before the request's body was all read (a 413 by Content-Length, a 429, a
 * 401, a file refused half-way), so that it arrives. A socket closed with unread bytes in it sends a TCP
 * reset, and a client still sending its body then reads the reset, not the answer (EPIPE, ECONNRESET). So
 * the rest of the body is read and dropped, up to DISCARD_MAX_BYTES: on a connection that stays open the
 * answer goes at once; on one that closes after it, once the body is in. Past the bound the answer goes
 * and the connection is cut: nothing more is worth reading, whoever sends it.
 */
export function answerUnread(req: Request, answer: () => void): void {
  if (req.complete || req.destroyed) return answer();
  // Whatever read it before (a parser, a decompressor) is done with it.
  req.unpipe();
  let answered = false;
  const once = () => {
    if (answered) return;
    answered = true;
    answer();
  };
  let left = DISCARD_MAX_BYTES;
  req.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left >= 0) return;
    req.pause();
    once();
    req.res?.once('finish', () => req.socket.destroy());
  });
  req.once('end', once);
  req.resume();
  if (keepsAlive(req)) once();
}
