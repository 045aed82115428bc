import { z } from 'zod';

/**
 * Control characters (U+0000–U+001F and U+007F) in text input. None is ever
 * part of a name, a supplier, an address or a search: a NUL breaks MongoDB's
 * regex search and C-string tools, and a line break in a single-line field is
 * a forged log line or a broken CSV row. Multi-line fields (a textarea:
 * the item's description) may hold tab, line feed and carriage return; every
 * other control character is refused there too. Checked on the raw input,
 * before trimming, so a trailing NUL or line break is refused, not trimmed away.
 * Written as patterns, so that the OpenAPI document says the rule too.
 */
/* eslint-disable no-control-regex -- control characters are what these patterns find */
const SINGLE_LINE = /^[^\x00-\x1f\x7f]*$/;
const MULTI_LINE = /^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f]*$/;
/* eslint-enable no-control-regex */

export function hasControlCharacter(text: string, { multiLine = false } = {}): boolean {
  return !(multiLine ? MULTI_LINE : SINGLE_LINE).test(text);
}

export const controlCharacterMessage = (label: string, { multiLine = false } = {}) =>
  multiLine
    ? `${label} cannot contain control characters (line breaks and tabs are fine)`
    : `${label} cannot contain control characters such as NUL, tabs or line breaks`;

/** A string schema that refuses control characters first (see above); chain trim, min and max after it. */
export const plainText = (label: string, { multiLine = false, error }: { multiLine?: boolean; error?: string } = {}) =>
  z
    .string({ error: error ?? `${label} must be text` })
    .regex(multiLine ? MULTI_LINE : SINGLE_LINE, controlCharacterMessage(label, { multiLine }));

/** `bom=1` on a CSV download: start with a byte order mark, so that Excel reads the file as UTF-8. */
export const bomParam = z
  .enum(['0', '1'], { error: 'bom must be 0 or 1' })
  .optional()
  .meta({ description: '`1`: start with a byte order mark, so that Excel reads UTF-8' });
