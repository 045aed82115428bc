/**
 * EAN-13 codes for the seed's items: 12 digits and GS1's check digit (the
 * digits weighted 1, 3, 1, 3… from the left; the check makes the sum a
 * multiple of 10). Prefixes 200–299 are GS1's restricted circulation numbers,
 * for a shop's own use, so no code here is a real product's.
 */
export function ean13(first12: string): string {
  if (!/^\d{12}$/.test(first12)) throw new RangeError(`An EAN-13 starts with 12 digits, not "${first12}"`);
  const sum = [...first12].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

/** Whether a text is 13 digits whose last is the check digit of the first 12. */
export const isEan13 = (code: string) => /^\d{13}$/.test(code) && ean13(code.slice(0, 12)) === code;

/** The demo phones' codes (prefix 201) and the synthetic items' (prefix 200), numbered from 1. */
export const demoSku = (n: number) => ean13(`201${String(n).padStart(9, '0')}`);
export const syntheticSku = (n: number) => ean13(`200${String(n).padStart(9, '0')}`);
