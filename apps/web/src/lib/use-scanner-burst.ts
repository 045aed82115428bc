import { useEffectEvent, useLayoutEffect } from 'react';

/** A USB or Bluetooth scanner types a code's keys this close together on average (a person: 80–250 ms apart). */
export const SCANNER_KEY_GAP_MS = 30;
/** No key of a burst comes later than this after the one before (a busy page delays a scanner's keys a little). */
const SCANNER_KEY_GAP_MAX_MS = 60;
/** The shortest burst taken for a code: fewer keys are anyone's. */
export const SCANNER_MIN_LENGTH = 4;

/** Whether the key goes to a field that takes text: then the field has it, not the scanner watch. */
function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(target.type);
}

/**
 * The pure part: fed each key with its time, answers the code when a burst ends in Enter. A burst is at
 * least `minLength` printable keys then Enter, `maxGapMs` apart on average and none more than
 * SCANNER_KEY_GAP_MAX_MS after the one before; a slower key starts a new burst, so typing by hand never
 * makes one.
 */
export function scannerBurst({ maxGapMs = SCANNER_KEY_GAP_MS, minLength = SCANNER_MIN_LENGTH } = {}) {
  let keys = '';
  let start = 0;
  let last = Number.NEGATIVE_INFINITY;
  return {
    /** A key pressed at `at` (ms): the code a burst ending in this Enter makes, else null. */
    key(key: string, at: number): string | null {
      const close = at - last <= SCANNER_KEY_GAP_MAX_MS;
      last = at;
      if (key === 'Enter') {
        const fast = close && keys.length >= minLength && (at - start) / keys.length <= maxGapMs;
        const code = fast ? keys : null;
        keys = '';
        return code;
      }
      if (key.length !== 1) {
        keys = '';
        return null;
      }
      if (!close || keys === '') {
        keys = key;
        start = at;
      } else {
        keys += key;
      }
      return null;
    },
    reset() {
      keys = '';
      last = Number.NEGATIVE_INFINITY;
    },
  };
}

/**
 * Watches the page's keys for a scanner's burst (scannerBurst) and hands its code to `onCode`, on any page,
 * with no field focused. Keys going to a text field are left alone (the field takes them: the header's
 * search, a form), as are keys with Ctrl, Alt or Meta. The Enter ending a burst is not passed on (it would
 * press whatever button has the focus). The watch starts and stops before the page is painted (a layout
 * effect): a burst on a page just shown goes to that page's watch, never to the one it replaced.
 */
export function useScannerBurst(onCode: (code: string) => void, enabled = true) {
  const found = useEffectEvent(onCode);
  useLayoutEffect(() => {
    if (!enabled) return;
    const burst = scannerBurst();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || typingInField(event.target)) {
        burst.reset();
        return;
      }
      const code = burst.key(event.key, performance.now());
      if (code === null) return;
      event.preventDefault();
      found(code);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled]);
}
