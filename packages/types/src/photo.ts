/**
 * An item's photo: uploaded once (PUT /api/inventory/:id/photo), kept in three sizes as WebP under
 * content-hashed names, served at /api/photos/<name>. The item's `img` is the card's URL, so every client
 * of the spec's field shows it; the other sizes are named from it (photoSizesOf).
 */

/** The largest photo taken, in bytes (413 past it). */
export const PHOTO_BYTES_MAX = 15 * 1024 * 1024;
/** The most pixels a photo may have (422 past it, told by its header before any pixel is decoded). */
export const PHOTO_PIXELS_MAX = 50_000_000;
/** The media types a photo is sent as; its bytes must be one of these images too. */
export const PHOTO_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/** Each size's longest side at most, in pixels. */
export const PHOTO_SIZES = { thumb: 160, card: 480, full: 1600 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;
export const PHOTO_SIZE_NAMES = Object.keys(PHOTO_SIZES) as PhotoSize[];

/** Where photos are served, under the app's own origin. */
export const PHOTO_PATH = '/api/photos/';
/** A stored photo's file name: its content hash and its size. */
export const PHOTO_NAME = /^([0-9a-f]{32})-(thumb|card|full)\.webp$/;

export const photoName = (hash: string, size: PhotoSize) => `${hash}-${size}.webp`;
export const photoUrl = (hash: string, size: PhotoSize) => `${PHOTO_PATH}${photoName(hash, size)}`;

/** An uploaded photo's hash, from an item's `img`; null for any other image (a URL typed in, a demo picture). */
export function photoHashOf(img: string): string | null {
  if (!img.startsWith(PHOTO_PATH)) return null;
  const match = PHOTO_NAME.exec(img.slice(PHOTO_PATH.length));
  return match ? match[1]! : null;
}

/** The three sizes' URLs of an item's uploaded photo, or null when its `img` is not one. */
export function photoSizesOf(img: string): Record<PhotoSize, string> | null {
  const hash = photoHashOf(img);
  if (!hash) return null;
  return { thumb: photoUrl(hash, 'thumb'), card: photoUrl(hash, 'card'), full: photoUrl(hash, 'full') };
}
