import { z } from 'zod';

/**
 * Control characters (U+0000–U+001F and U+007F) in text input. None is ever
 * part of a name, a supplier, an address or a search: a NUL breaks MongoDB's
 * regex search and C-string tools, and a line break in a single-line field is
 * a forged log line or a broken CSV row. Multi-line fields (a textarea:
 * the item's description) may hold tab, line feed and carriage return; every
 * other control character is refused there too. Checked on the raw input,
 * before trimming, so a trailing NUL or line break is refused, not trimmed away.
 */
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const DELETE = 0x7f;

export function hasControlCharacter(text: string, { multiLine = false } = {}): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === DELETE) return true;
    if (code >= 0x20) continue;
    if (multiLine && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return true;
  }
  return false;
}

export const controlCharacterMessage = (label: string, { multiLine = false } = {}) =>
  multiLine
    ? `${label} cannot contain control characters (line breaks and tabs are fine)`
    : `${label} cannot contain control characters such as NUL, tabs or line breaks`;

/** A string schema that refuses control characters first (see above); chain trim, min and max after it. */
export const plainText = (label: string, { multiLine = false, error }: { multiLine?: boolean; error?: string } = {}) =>
  z
    .string({ error: error ?? `${label} must be text` })
    .refine((value) => !hasControlCharacter(value, { multiLine }), controlCharacterMessage(label, { multiLine }));
