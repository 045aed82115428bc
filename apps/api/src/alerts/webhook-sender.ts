import { createHmac } from 'node:crypto';
import type { Alert, AlertEvent } from '@smart-zone/types/alert';
import type { AlertSender, Attempt } from './alert-sender';

const SIGNATURE_HEADER = 'X-Smart-Zone-Signature';
const DELIVERY_HEADER = 'X-Smart-Zone-Delivery';

/** `sha256=` and the hex HMAC-SHA256 of the raw body: what a receiver recomputes with the shared secret. */
export function signature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * What happened (`event`: `opened`, or `resolved` with when and by which movement) and the alert (whether staff
 * read it, or another channel gave up, is not the receiver's).
 */
export function webhookBody(alert: Alert, event: AlertEvent = 'opened'): string {
  const { _id, itemId, itemName, kind, quantity, minStock, movementId, at, resolvedAt, resolvedBy } = alert;
  const resolution = event === 'resolved' ? { resolvedAt, resolvedBy } : {};
  return JSON.stringify({ event, _id, itemId, itemName, kind, quantity, minStock, movementId, at, ...resolution });
}

/** Seconds of a Retry-After header (the date form is rare from webhooks; it falls back to the backoff). */
function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/**
 * POSTs each alert as JSON, signed. 2xx: sent. No answer, a timeout, 429 or
 * 5xx: retried. Any other answer (4xx, a redirect, which is not followed)
 * will not change by asking again: failed at once.
 */
export function webhookSender(settings: { url: string; secret: string; timeoutMs?: number }): AlertSender {
  return {
    channel: 'webhook',
    async send(alert, signal, event): Promise<Attempt> {
      const body = webhookBody(alert, event);
      let response: Response;
      try {
        response = await fetch(settings.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            [SIGNATURE_HEADER]: signature(body, settings.secret),
            // One delivery id per notice: a receiver drops a repeat of the same one.
            [DELIVERY_HEADER]: event === 'resolved' ? `${alert._id}.resolved` : alert._id,
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.any([signal, AbortSignal.timeout(settings.timeoutMs ?? 10_000)]),
        });
        // The answer's body means nothing to us; drop it so the connection is freed.
        await response.body?.cancel();
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
        return { ok: false, error: `${error instanceof Error ? error.message : String(error)}${cause}` };
      }
      if (response.ok) return { ok: true };
      const error = `HTTP ${response.status}`;
      if (response.status === 429 || response.status >= 500) {
        return { ok: false, error, retryAfterMs: retryAfterMs(response) };
      }
      return { ok: false, error, permanent: true };
    },
  };
}
