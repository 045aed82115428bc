import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Middleware run in turn as one: Express dispatches each middleware it is given as a layer of its router (a
 * path match and a parse of the URL, on every request), which those that every request passes through need not
 * cost. A handler that throws, rejects or passes an error ends the chain with that error, as in Express.
 */
export function chain(...handlers: RequestHandler[]): RequestHandler {
  if (handlers.length === 1) return handlers[0]!;
  return (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    const step = (error?: unknown) => {
      if (error !== undefined && error !== null && error !== 'route') {
        next(error);
        return;
      }
      const handler = handlers[index++];
      if (!handler) {
        next();
        return;
      }
      try {
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch(step);
      } catch (thrown) {
        step(thrown ?? new Error('a middleware threw nothing'));
      }
    };
    step();
  };
}
