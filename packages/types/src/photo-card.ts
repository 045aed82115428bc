/**
 * The `srcset` of an item's `img` when it is an uploaded photo's card (photo.ts: `/api/photos/<hash>-card.webp`),
 * its thumb and card, and with `full` its full size too; else undefined. A module of its own: every card of the
 * first page runs it, and nothing else of photo.ts is needed there.
 */
export function photoSrcSet(img: string, full: boolean): string | undefined {
  if (!/^\/api\/photos\/[0-9a-f]{32}-card\.webp$/.test(img)) return undefined;
  const size = (name: 'thumb' | 'full') => img.replace('-card.', `-${name}.`);
  return `${size('thumb')} 160w, ${img} 480w${full ? `, ${size('full')} 1600w` : ''}`;
}
