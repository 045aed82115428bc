import type { Request, Response } from 'express';
import { AppError } from '../errors/app-error';

/** How many whole-list downloads may run at once, from one client address and in all. */
export interface DownloadLimits {
  perClient: number;
  total: number;
}

/**
 * 100,000 items are ~30 MB of JSON and about half a second of CPU to write:
 * a few at a time share the event loop batch by batch with every other
 * request; thirty at once made a 6-item page wait 14 s. Two per client
 * address and eight in all by default; above that a 429 with Retry-After.
 */
export const DEFAULT_DOWNLOAD_LIMITS: DownloadLimits = { perClient: 2, total: 8 };
const RETRY_AFTER_SECONDS = 5;

export function downloadSlots(limits: DownloadLimits = DEFAULT_DOWNLOAD_LIMITS) {
  const byClient = new Map<string, number>();
  let open = 0;
  return {
    /** Takes a slot for this answer, given back when it ends or the client goes; or throws the 429. */
    take(req: Request, res: Response): void {
      const client = req.ip ?? 'unknown';
      const mine = byClient.get(client) ?? 0;
      if (mine >= limits.perClient || open >= limits.total) {
        res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
        const why = mine >= limits.perClient ? `${mine} already from this address` : `${open} already in all`;
        throw new AppError(
          429,
          'rate_limited',
          'Too many downloads of the whole list at once. Please try again in a few seconds, or ask for pages (?limit=).',
          undefined,
          `whole-list download refused: ${why}`,
        );
      }
      byClient.set(client, mine + 1);
      open += 1;
      res.once('close', () => {
        open -= 1;
        const left = (byClient.get(client) ?? 1) - 1;
        if (left > 0) byClient.set(client, left);
        else byClient.delete(client);
      });
    },
    /** Downloads running now (tests). */
    get open() {
      return open;
    },
  };
}
