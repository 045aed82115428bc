/** The longest side sent: the largest size the server keeps (PHOTO_SIZES.full, not imported: its module sits in the first page's chunk). */
const SENT_SIDE_MAX = 1600;
/** What a photo may weigh once shrunk: a phone on a weak signal sends it in seconds. */
export const SENT_BYTES_MAX = 400 * 1024;
/** JPEG qualities tried, best first, until the photo fits SENT_BYTES_MAX. */
const QUALITIES = [0.85, 0.75, 0.65, 0.55];

/**
 * A photo made small in the browser before it is sent: upright (the browser applies its EXIF orientation),
 * at most SENT_SIDE_MAX on its longest side, as a JPEG of at most
 * SENT_BYTES_MAX. Drawn anew, it carries none of the camera's metadata (GPS never leaves the phone). A
 * file the browser cannot draw is sent as it is, for the server to judge.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const scale = Math.min(1, SENT_SIDE_MAX / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return file;
  }
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  let shrunk: Blob | null = null;
  for (const quality of QUALITIES) {
    shrunk = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!shrunk || shrunk.size <= SENT_BYTES_MAX) break;
  }
  return shrunk ?? file;
}
