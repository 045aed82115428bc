import type { Request } from 'express';
import { z } from 'zod';
import {
  LABEL_COPIES_MAX,
  LABEL_IDS_MAX,
  LABEL_LAYOUTS,
  LABEL_QR_FALLBACK_HEADER,
  LABEL_TOTAL_MAX,
} from '@smart-zone/types/labels';
import { labelsQuerySchema } from '@smart-zone/types/labels-query';
import { AppError } from '../errors/app-error';
import { route } from '../http/route';
import type { Store } from '../store/store';
import { LABEL_QUEUE_MAX } from './label-runner';
import { labelsService } from './labels.service';

/** A Host as a URL may carry it: a name or an IPv4 address, or a bracketed IPv6 one, and a port. */
const HOST = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/**
 * Where the labels' QR codes point: PUBLIC_URL when it is set; else the origin this request was sent to
 * (a phone on the shop's network reaches the app where the desk did). A Host header is the caller's own
 * word, but the PDF goes back only to that caller, signed in as staff and never cached, so a forged Host
 * only mislabels the forger's own sheet; one that is not a plain host[:port] falls back to PUBLIC_URL's
 * default. Production should set PUBLIC_URL.
 */
function originOf(req: Request, config: { publicUrl?: string; publicUrlGiven?: string }): string {
  if (config.publicUrlGiven) return config.publicUrlGiven;
  const host = req.get('host') ?? '';
  if (HOST.test(host)) return `${req.protocol}://${host.toLowerCase()}`;
  return config.publicUrl ?? 'http://localhost';
}

const layouts = Object.entries(LABEL_LAYOUTS)
  .map(([name, layout]) => `\`${name}\` (${layout.title})`)
  .join(', ');

/** Labels to print: a PDF of the items' names, prices, SKUs and codes, and of locations' paths and codes. */
export function labelsRoutes(deps: { store: Store; config: { publicUrl?: string; publicUrlGiven?: string } }) {
  const service = labelsService(deps.store);
  return [
    route({
      method: 'get',
      path: '/labels.pdf',
      operationId: 'printLabels',
      tag: 'inventory',
      summary: 'Labels of items (name, price, SKU, a QR code or a Code 128) and locations (path, QR code) as a PDF',
      description:
        `Layouts: ${layouts}; sheets fill left to right, top to bottom, each item's \`copies\` in a row. ` +
        "`code=qr`: a QR code of the item's page in the web app (at PUBLIC_URL, else at the origin the request " +
        'was sent to); `code=code128`: a Code 128 of its SKU, and a QR code instead on the label of an item ' +
        'without a SKU, with one beyond ASCII, or one too long to print scannably there (counted in ' +
        `${LABEL_QR_FALLBACK_HEADER}). A name too long for its label is set smaller, then cut with an ellipsis. ` +
        `At most ${LABEL_IDS_MAX} items, ${LABEL_COPIES_MAX} copies each and ${LABEL_TOTAL_MAX.toLocaleString('en')} ` +
        'labels at once. `locationIds`: labels of locations after the items, each its path and a QR code of its page ' +
        '(`/locations?in=<id>`). Drawn in a worker thread (vector codes), never cached.',
      access: 'readStock',
      query: labelsQuerySchema,
      responses: {
        '200': {
          description: 'The PDF, shown inline (labels-<date>.pdf when saved)',
          headers: z.object({
            [LABEL_QR_FALLBACK_HEADER]: z
              .string()
              .regex(/^\d+$/)
              .meta({ description: 'Labels given a QR code although Code 128 was asked for' }),
            'Cache-Control': z.string().meta({ description: 'no-store: staff data, never kept' }),
          }),
          content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
        },
      },
      refusals: {
        404: 'Some ids name no item, or locationIds no location (not_found, the message lists them); nothing was printed',
        429: `${LABEL_QUEUE_MAX} label sheets are already waiting to be drawn (rate_limited; Retry-After); try again shortly`,
      },
      async handle({ query }, req, res) {
        const rendered = await service.pdf(query, originOf(req, deps.config)).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 429) res.set('Retry-After', '5');
          throw error;
        });
        const day = new Date().toISOString().slice(0, 10);
        res
          .status(200)
          .set({
            'Content-Type': 'application/pdf',
            'Content-Disposition': `inline; filename="labels-${day}.pdf"`,
            'Cache-Control': 'private, no-store',
            [LABEL_QR_FALLBACK_HEADER]: String(rendered.qrFallbacks),
          })
          .end(Buffer.from(rendered.pdf.buffer, rendered.pdf.byteOffset, rendered.pdf.byteLength));
      },
    }),
  ];
}
