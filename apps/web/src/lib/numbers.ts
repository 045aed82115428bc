/**
 * Numbers as the app writes them (en-US, as the rest of its English): "1,234", "−12.50". Written here by hand, not
 * with Intl: a page's first Intl formatter costs the browser its ICU set-up (~20 ms, ~200 ms on a slow phone), on
 * the first paint of every page that shows a count or a price. The tests hold these to Intl's own answers.
 */

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/** "1234567" → "1,234,567": a run of digits with its thousands separated. */
const group = (digits: string) => digits.replace(GROUPS, ',');

/**
 * `value`'s magnitude rounded to `decimals` digits, as Intl rounds (half away from zero, on the shortest decimal
 * that reads back as the same number: 1.005 is "1.01"), in its digits: `{ whole: "1234", fraction: "50", zero }`.
 * Undefined for what has no plain decimal form (Infinity, NaN, 1e21 and up, 1e-7 and down).
 */
export function roundedDigits(value: number, decimals: number) {
  const text = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const [whole, fraction = ''] = text.split('.');
  let digits = whole + fraction.slice(0, decimals).padEnd(decimals, '0');
  if (fraction.length > decimals && fraction.charCodeAt(decimals) >= 53 /* "5" */) {
    digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  }
  digits = digits.replace(/^0+(?=\d{1,}$)/, '').padStart(decimals + 1, '0');
  return {
    whole: digits.slice(0, digits.length - decimals),
    fraction: digits.slice(digits.length - decimals),
    zero: /^0+$/.test(digits),
  };
}

/** A count as the app writes it: thousands separated ("1,234", "-5"); what is not a plain number, as Intl does. */
export function formatCount(count: number): string {
  const digits = roundedDigits(count, 0);
  if (!digits || !Number.isInteger(count)) return count.toLocaleString('en-US');
  return `${count < 0 && !digits.zero ? '-' : ''}${group(digits.whole)}`;
}

/** A change in units, signed: "+3", "−1,200" (a true minus sign), "0". */
export const formatSignedCount = (count: number) =>
  count > 0 ? `+${formatCount(count)}` : count < 0 ? `−${formatCount(-count)}` : '0';

/** `whole` with its thousands separated (money.ts writes a price's). */
export { group as groupThousands };
