import { z } from 'zod';
import { liveEventSchema } from '@smart-zone/types/api-schemas';
import {
  LIVE_HEARTBEAT_MS,
  LIVE_PER_ADDRESS_MAX,
  LIVE_RESUME_WINDOW_MS,
  LIVE_RETRY_MS,
  LIVE_STALL_MS,
  LIVE_TOTAL_MAX,
  LIVE_UNSENT_MAX,
} from '@smart-zone/types/live';
import { AppError } from '../errors/app-error';
import { route } from '../http/route';
import type { LiveEvents } from './live-events';

const lastEventIdHeader = z.object({
  'Last-Event-ID': z
    .string()
    .optional()
    .meta({ description: 'The id of the last event received: the stream starts with what came after it (or a reset)' }),
});

/** The catalogue's changes as they commit, for anyone: Server-Sent Events. */
export function eventsRoutes(deps: { live: LiveEvents }) {
  return [
    route({
      method: 'get',
      path: '/events',
      operationId: 'liveEvents',
      tag: 'inventory',
      summary: 'Every change of the catalogue as it commits (Server-Sent Events)',
      description:
        'A `text/event-stream` that stays open: an `item` event (its quantity and version now) for every item ' +
        'created or changed, `deleted` for a deletion, `alert` (the item and `low` or `out`) for a new low-stock ' +
        'alert, from every API process on the same store. Nothing personal and no names: the feed is public like ' +
        `the catalogue. \`retry: ${LIVE_RETRY_MS}\`; a comment every ${LIVE_HEARTBEAT_MS / 1000} s. A reconnect ` +
        `with \`Last-Event-ID\` gets what it missed within ${LIVE_RESUME_WINDOW_MS / 60_000} minutes; older (or ` +
        'unknown to this process), a `reset` event: refetch what is shown. Not compressed, not buffered ' +
        `(\`X-Accel-Buffering: no\`). At most ${LIVE_PER_ADDRESS_MAX} streams per client address and ` +
        `${LIVE_TOTAL_MAX.toLocaleString('en')} in all. A stream whose client stops reading (over ` +
        `${LIVE_UNSENT_MAX / 1024} KB sent and not taken, or a write not drained for ${LIVE_STALL_MS / 1000} s) is ` +
        'ended: reconnect with `Last-Event-ID` and it resumes.',
      access: 'public',
      headers: lastEventIdHeader,
      responses: {
        '200': {
          description: 'The stream: each event named by its type, its data one of these',
          content: { 'text/event-stream': { schema: liveEventSchema } },
        },
      },
      refusals: {
        429: `Already ${LIVE_PER_ADDRESS_MAX} streams from this address, or ${LIVE_TOTAL_MAX.toLocaleString('en')} in all (rate_limited)`,
      },
      handle(_input, req, res) {
        const address = req.ip ?? req.socket.remoteAddress ?? '';
        if (!deps.live.open(res, address, req.get('last-event-id'))) {
          throw new AppError(
            429,
            'rate_limited',
            `Too many live update streams from your address (at most ${deps.live.perAddressMax}): close some tabs or windows.`,
          );
        }
      },
    }),
  ];
}
