import { photoSrcSet } from '@smart-zone/types/photo-card';
import { useState } from 'react';

const PLACEHOLDER = '/images/placeholder.svg';

/**
 * An item's picture; a missing or broken one shows our placeholder (lower on a phone), never a broken-image
 * icon. An uploaded photo (photo.ts) offers its sizes (`srcset`): its thumb and card, and with `sizes` (a
 * page's main picture) its full size too; the browser picks the one its layout needs. Its box is set
 * before it loads (4:3, styles.css): nothing moves when it arrives. `priority`: the page's main picture
 * (its largest paint), asked for at once rather than once the layout shows it in view.
 */
export function ItemImage({
  src,
  alt,
  className,
  sizes,
  priority = false,
}: {
  src: string;
  alt: string;
  className?: string;
  sizes?: string;
  /** true: the page's main picture (eager, fetched first); 'eager': on the first screen (not lazy). */
  priority?: boolean | 'eager';
}) {
  const [failed, setFailed] = useState(false);
  const none = !src || failed;
  const srcSet = none ? undefined : photoSrcSet(src, !!sizes);
  return (
    <img
      src={none ? PLACEHOLDER : src}
      srcSet={srcSet}
      sizes={srcSet && (sizes ?? '(max-width: 575px) 100vw, 300px')}
      width={480}
      height={360}
      alt={alt}
      className={`item-image ${none ? 'item-image-none ' : srcSet ? 'item-image-photo ' : ''}${className ?? ''}`}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority === true ? 'high' : undefined}
      onError={() => setFailed(true)}
    />
  );
}
