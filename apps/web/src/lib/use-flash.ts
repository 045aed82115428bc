import { useEffect, useState } from 'react';

/** How long a changed value stays marked (the `value-flash` class in styles.css). */
export const FLASH_MS = 1_000;

/**
 * True for FLASH_MS after `value` changed from the previous render (a live
 * update, a restock), so the screen can mark it quietly. A new `identity`
 * (another item shown by the same component) is not a change.
 */
export function useFlash(value: unknown, identity?: unknown): boolean {
  const [seen, setSeen] = useState({ value, identity });
  const [flashing, setFlashing] = useState(false);
  if (seen.value !== value || seen.identity !== identity) {
    setSeen({ value, identity });
    if (seen.identity === identity) setFlashing(true);
  }
  useEffect(() => {
    if (!flashing) return;
    const timer = setTimeout(() => setFlashing(false), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flashing, seen]);
  return flashing;
}
