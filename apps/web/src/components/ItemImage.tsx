import { useState } from 'react';

const PLACEHOLDER = '/images/placeholder.svg';

/** An item's picture; a missing or broken one shows our placeholder, never a broken-image icon. */
export function ItemImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={!src || failed ? PLACEHOLDER : src}
      alt={alt}
      className={`item-image ${className ?? ''}`}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
