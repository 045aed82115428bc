import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once. Helmet answers every request by calling a dozen middleware functions in
 * turn, each setting one fixed value (the CSP's text is made when it starts, as the others' are). Here helmet
 * runs once, at start, against a response that only records what it is told, and each request is then given
 * the recorded headers in one loop. A helmet that reads the request or answers later (a CSP nonce, a function
 * directive) cannot be recorded: that throws at start rather than send a wrong header.
 */
export function securityHeaders(options: HelmetOptions): RequestHandler {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      set.push([name, String(value)]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  // Anything else read of the request or the response means a header that depends on them.
  const refuse = (what: string) => ({
    get(target: object, property: string | symbol) {
      if (Object.hasOwn(target, property)) return (target as Record<string | symbol, unknown>)[property];
      throw new Error(`helmet read the ${what} (${String(property)}): its headers cannot be worked out once`);
    },
  });
  const request = new Proxy({}, refuse('request')) as IncomingMessage;
  const response = new Proxy(recorder, refuse('response')) as unknown as ServerResponse;
  let done: { error: unknown } | undefined;
  helmet(options)(request, response, (error?: unknown) => {
    done = { error };
  });
  if (!done) throw new Error('helmet did not finish at once: its headers cannot be worked out once');
  if (done.error) throw done.error instanceof Error ? done.error : new Error('helmet refused its options');
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
