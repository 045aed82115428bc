import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { PHOTO_PIXELS_MAX, PHOTO_SIZES, type PhotoSize } from '@smart-zone/types/photo';
import { AppError } from '../errors/app-error';

// Photos are decoded once each: libvips' operation cache would only hold memory.
sharp.cache(false);

/** The card's most bytes for a typical photo: its quality steps down until it fits (or reaches the last step). */
export const CARD_BYTES_MAX = 15 * 1024;
const CARD_QUALITIES = [72, 62, 52, 42, 32];
/** How long decoding and resizing one photo may take before it is refused. */
const DECODE_SECONDS = 20;

/** The formats taken, as sharp names them from the bytes (AVIF is HEIF with AV1 inside). */
const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export const notAnImage = () =>
  new AppError(
    415,
    'unsupported_media_type',
    'This file is not a JPEG, PNG, WebP or AVIF image: nothing was changed. Choose a photo.',
  );

/** The photo as it was sent, the three sizes made of it, and the name they share. */
export interface MadePhoto {
  hash: string;
  sizes: Record<PhotoSize, Buffer>;
}

/**
 * Three WebP sizes of an image: turned upright by its EXIF orientation, every metadata block dropped (sharp
 * writes none unless asked: no EXIF, GPS, XMP, ICC or comment leaves here). Refused before any pixel is
 * decoded: bytes that are not a JPEG, PNG, WebP or AVIF (415), more than PHOTO_PIXELS_MAX pixels by its header
 * (422); while decoding, pixels that cannot be read (422). `salt` joins the hash (the item's id), so one photo
 * given to two items is two sets of files, each removed with its own item's photo.
 */
export async function makePhotos(bytes: Buffer, salt: string): Promise<MadePhoto> {
  let meta: Metadata;
  try {
    // The header alone: no pixel is decoded here, whatever size it claims (checked below).
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!meta.format || !FORMATS.has(meta.format) || (meta.format === 'heif' && meta.compression !== 'av1')) {
    throw notAnImage();
  }
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  if (!meta.width || !meta.height || pixels > PHOTO_PIXELS_MAX) {
    throw new AppError(
      422,
      'image_too_large',
      `This image is ${meta.width} × ${meta.height} pixels, over the ${PHOTO_PIXELS_MAX / 1_000_000} megapixels taken: ` +
        'nothing was changed. Send a smaller one.',
    );
  }
  try {
    const full = await sharp(bytes, { limitInputPixels: PHOTO_PIXELS_MAX, failOn: 'error', sequentialRead: true })
      .timeout({ seconds: DECODE_SECONDS })
      .rotate()
      .resize(PHOTO_SIZES.full, PHOTO_SIZES.full, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 76 })
      .toBuffer();
    const smaller = (size: PhotoSize, quality: number) =>
      sharp(full)
        .resize(PHOTO_SIZES[size], PHOTO_SIZES[size], { fit: 'inside', withoutEnlargement: true })
        .webp({ quality })
        .toBuffer();
    const thumb = await smaller('thumb', 70);
    let card = await smaller('card', CARD_QUALITIES[0]!);
    for (const quality of CARD_QUALITIES.slice(1)) {
      if (card.length <= CARD_BYTES_MAX) break;
      card = await smaller('card', quality);
    }
    const hash = createHash('sha256').update(salt).update(full).digest('hex').slice(0, 32);
    return { hash, sizes: { thumb, card, full } };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      422,
      'image_unreadable',
      'This image could not be read (it may be cut off or damaged): nothing was changed. Try another photo.',
      undefined,
      error instanceof Error ? error.message : String(error),
    );
  }
}
