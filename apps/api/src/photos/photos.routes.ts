import type { Request, Response } from 'express';
import { z } from 'zod';
import { idParams, itemPhotoSchema } from '@smart-zone/types/api-schemas';
import { PHOTO_BYTES_MAX, PHOTO_MEDIA_TYPES, PHOTO_NAME, PHOTO_PIXELS_MAX, PHOTO_SIZES } from '@smart-zone/types/photo';
import { currentAuthor } from '../auth/require-user';
import { AppError, badRequest, notFound } from '../errors/app-error';
import { json } from '../http/route-docs';
import { route } from '../http/route';
import type { Store } from '../store/store';
import { CARD_BYTES_MAX, notAnImage } from './make-photos';
import type { PhotoStore } from './photo-store';
import { PHOTOS_AT_ONCE, PHOTOS_WAITING_MAX, photosService } from './photos.service';

const itemId = idParams('item');
const NO_ITEM = 'No item with that id (not_found)';
const MB = PHOTO_BYTES_MAX / 1024 / 1024;
/** A year, and never asked again: a name is only ever its own bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const tooLarge = () =>
  new AppError(413, 'payload_too_large', `This photo is over ${MB} MB: nothing was changed. Send a smaller one.`);

/** A media type as sent, without its parameters, in lower case. */
const mediaTypeOf = (req: Request) => (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * The request's body, whole, refused (413) once past `max` bytes: by its Content-Length before a byte is read,
 * else as it arrives (the rest is read and dropped by the error handler, so the answer reaches the client).
 */
function readBody(req: Request, max: number): Promise<Buffer> {
  if (Number(req.get('content-length')) > max) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const stop = (error: Error) => {
      req.off('data', take).off('end', end).off('error', stop).off('close', cut);
      reject(error);
    };
    // The client went away before the end: nothing to answer, nothing kept.
    const cut = () => {
      if (!req.complete) stop(badRequest('The photo was cut off before its end: nothing was changed'));
    };
    const take = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > max) return stop(tooLarge());
      chunks.push(chunk);
    };
    const end = () => resolve(Buffer.concat(chunks, bytes));
    req.on('data', take).once('end', end).once('error', stop).once('close', cut);
  });
}

const busy = (res: Response) => {
  res.set('Retry-After', '5');
  return new AppError(429, 'rate_limited', 'Other photos are being made right now: try again in a moment.');
};

/**
 * An item's photo (issue 38): uploaded, made small (three WebP sizes, no metadata), kept in the photo store
 * (the data folder or an S3-compatible bucket) and served from this origin, public and immutable.
 */
export function photosRoutes(deps: { store: Store; photos?: PhotoStore }) {
  const service = deps.photos && photosService(deps.store, deps.photos);
  // Photos admitted, counted from before a byte of their body is read until their answer is sent.
  let atOnce = 0;
  const photos = () => {
    if (!service) throw new AppError(503, 'internal', 'This server keeps no photos.');
    return service;
  };
  return [
    route({
      method: 'put',
      path: '/inventory/:id/photo',
      operationId: 'setItemPhoto',
      tag: 'inventory',
      summary: "Set an item's photo: the image itself as the body",
      description:
        `A JPEG, PNG, WebP or AVIF image of at most ${MB} MB and ${PHOTO_PIXELS_MAX / 1_000_000} megapixels, ` +
        'sent as it is with its Content-Type. It is turned upright by its EXIF orientation, every metadata ' +
        `block dropped (no GPS, camera or owner data is kept), and kept in three WebP sizes: thumb (≤ ${PHOTO_SIZES.thumb} px), ` +
        `card (≤ ${PHOTO_SIZES.card} px, ≤ ${CARD_BYTES_MAX / 1024} KB for a typical photo) and full (≤ ${PHOTO_SIZES.full} px), ` +
        "under content-hashed names at /api/photos/. The item's `img` becomes the card's URL (an item change in the " +
        'audit); the photo it had before is removed. ' +
        `At most ${PHOTOS_AT_ONCE} photos are made at once and ${PHOTOS_WAITING_MAX} wait.`,
      access: 'manageItems',
      params: itemId,
      upload: { mediaType: PHOTO_MEDIA_TYPES, maxBytes: PHOTO_BYTES_MAX, description: 'The image file' },
      responses: { '200': { description: "The photo's sizes", content: json(itemPhotoSchema) } },
      refusals: {
        404: NO_ITEM,
        413: `Over ${MB} MB (payload_too_large), told by Content-Length or while it arrives; nothing changed`,
        415: 'Not sent as a JPEG, PNG, WebP or AVIF image, or its bytes are none of these whatever it is called (unsupported_media_type); nothing changed',
        422:
          `Over ${PHOTO_PIXELS_MAX / 1_000_000} megapixels by its header, refused before any pixel is decoded ` +
          '(image_too_large); or its pixels cannot be read (image_unreadable); nothing changed',
        412: 'The item kept changing while its photo was set (precondition_failed); try again',
        429: `${PHOTOS_AT_ONCE + PHOTOS_WAITING_MAX} photos are already being made or waiting (rate_limited; Retry-After); nothing changed`,
        503: 'This server keeps no photos (internal)',
      },
      async handle({ params }, req, res) {
        const service = photos();
        if (!(PHOTO_MEDIA_TYPES as readonly string[]).includes(mediaTypeOf(req))) throw notAnImage();
        if (atOnce >= PHOTOS_AT_ONCE + PHOTOS_WAITING_MAX) throw busy(res);
        atOnce += 1;
        res.once('close', () => (atOnce -= 1));
        const bytes = await readBody(req, PHOTO_BYTES_MAX);
        res.json(await service.set(params.id, bytes, currentAuthor(res, 'Photo')));
      },
    }),

    route({
      method: 'delete',
      path: '/inventory/:id/photo',
      operationId: 'deleteItemPhoto',
      tag: 'inventory',
      summary: "Remove an item's photo",
      description: "The item's `img` becomes empty (an item change in the audit); an uploaded photo's files go.",
      access: 'manageItems',
      params: itemId,
      responses: {
        '200': {
          description: 'Removed',
          content: json(z.object({ img: z.literal('') }).meta({ id: 'ItemPhotoRemoved' })),
        },
      },
      refusals: { 404: NO_ITEM, 503: 'This server keeps no photos (internal)' },
      async handle({ params }, _req, res) {
        res.json(await photos().remove(params.id, currentAuthor(res, 'Photo removed')));
      },
    }),

    route({
      method: 'get',
      path: '/photos/:name',
      operationId: 'getPhoto',
      tag: 'inventory',
      summary: 'A photo, by the name its item names',
      description:
        '`<hash>-thumb.webp`, `<hash>-card.webp` or `<hash>-full.webp`. Public, as the catalogue is, and ' +
        'immutable: a name is only ever its own bytes (Cache-Control: immutable, a year; the ETag is the name).',
      access: 'public',
      params: z.object({
        name: z.string().regex(PHOTO_NAME, 'A photo is named <32 hex>-thumb|card|full.webp'),
      }),
      responses: {
        '200': {
          description: 'The photo',
          content: { 'image/webp': { schema: z.string().meta({ format: 'binary' }) } },
        },
      },
      refusals: { 404: 'No photo of that name (not_found)', 503: 'This server keeps no photos (internal)' },
      async handle({ params }, req, res) {
        const etag = `"${params.name.slice(0, -'.webp'.length)}"`;
        res.set({ ETag: etag, 'Cache-Control': IMMUTABLE });
        if (req.fresh) {
          res.status(304).end();
          return;
        }
        const bytes = await photos().file(params.name);
        if (!bytes) {
          res.removeHeader('ETag');
          res.set('Cache-Control', 'no-store');
          throw notFound('No photo of that name');
        }
        res.type('image/webp').send(bytes);
      },
    }),
  ];
}
