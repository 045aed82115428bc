import { useState } from 'react';

const PLACEHOLDER = '/images/placeholder.svg';

/**
 * An item's picture; a missing or broken one shows our placeholder, never a
 * broken-image icon. `priority`: the page's main picture (its largest paint),
 * asked for at once rather than once the layout shows it in view.
 */
export function ItemImage({
  src,
  alt,
  className,
  priority = false,
}: {
  src: string;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={!src || failed ? PLACEHOLDER : src}
      alt={alt}
      className={`item-image ${className ?? ''}`}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      onError={() => setFailed(true)}
    />
  );
}
