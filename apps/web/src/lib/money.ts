import { useSyncExternalStore } from 'react';
import { groupThousands, roundedDigits } from './numbers';

/** The last currency the API named, so the next visit's first page is already in it (its code)... */
const CURRENCY_KEY = 'smart-zone:currency';
/** ...and its shape (CurrencyShape, JSON), so that page needs no Intl formatter either. */
const SHAPE_KEY = 'smart-zone:currency-shape';

/**
 * How a currency is written: its symbol, what goes before and after the number, its decimals. Numbers are written
 * the one way the app writes every count (en-US, as the rest of its English); the currency brings its symbol and
 * its usual decimals (two for USD and EUR, none for JPY), always all of them.
 */
export type CurrencyShape = { currency: string; symbol: string; prefix: string; suffix: string; decimals: number };

/**
 * The currency until GET /api/config names the shop's (the API's CURRENCY default too), with its shape written out,
 * so a first page writes prices with no Intl formatter (numbers.ts says why); a test holds it to Intl's.
 */
export const USD_SHAPE: CurrencyShape = { currency: 'USD', symbol: '$', prefix: '$', suffix: '', decimals: 2 };

/** A currency's shape, as Intl writes it in en-US (what stands around the digits of 1234.5). Throws for an unknown code. */
export function currencyShape(currency: string): CurrencyShape {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  const parts = format.formatToParts(1234.5);
  const first = parts.findIndex((part) => part.type === 'integer');
  const last = parts.findLastIndex((part) => part.type === 'integer' || part.type === 'fraction');
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  return {
    currency,
    symbol: parts.find((part) => part.type === 'currency')?.value ?? currency,
    prefix: text(0, first),
    suffix: text(last + 1, parts.length),
    decimals: format.resolvedOptions().maximumFractionDigits ?? 2,
  };
}

const isShape = (value: unknown): value is CurrencyShape =>
  typeof value === 'object' &&
  value !== null &&
  ['currency', 'symbol', 'prefix', 'suffix'].every(
    (key) => typeof (value as Record<string, unknown>)[key] === 'string',
  ) &&
  Number.isInteger((value as CurrencyShape).decimals);

let shop: CurrencyShape = USD_SHAPE;
const listeners = new Set<() => void>();

/** Takes `code` as the currency when it is one, and says whether it changed. */
function take(code: unknown): boolean {
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code) || code === shop.currency) return false;
  try {
    shop = code === USD_SHAPE.currency ? USD_SHAPE : currencyShape(code);
    return true;
  } catch {
    return false; // a code this browser does not know: the one before stays
  }
}

try {
  const code = localStorage.getItem(CURRENCY_KEY);
  const saved: unknown = JSON.parse(localStorage.getItem(SHAPE_KEY) ?? 'null');
  if (isShape(saved) && saved.currency === code) shop = saved;
  else take(code);
} catch {
  // no storage (a private window's refusal): the default until the API says
}

/**
 * The shop's currency from now on (GET /api/config's `currency`, lib/client-config.ts): every price
 * on screen is written again in it. Anything but a currency code is ignored.
 */
export function setCurrency(code: unknown) {
  if (!take(code)) return;
  try {
    localStorage.setItem(CURRENCY_KEY, shop.currency);
    localStorage.setItem(SHAPE_KEY, JSON.stringify(shop));
  } catch {
    // remembered for this page only
  }
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentCurrency = () => shop.currency;

/** The shop's currency code; the component that calls it renders again when the currency arrives or changes. */
export function useCurrency(): string {
  return useSyncExternalStore(subscribe, currentCurrency);
}

/**
 * The one way a price or a value is written: in the shop's currency, thousands
 * separated, every decimal the currency has ("$14.50", "$1,234.00"), a true
 * minus sign ("−$12.50"). `signed` also marks a gain ("+$12.50"), for a
 * variance; zero is "$0.00" either way. A component showing one calls
 * useCurrency() (or shows it with <Money>), so it follows the currency.
 */
export function formatMoney(value: number, { signed = false }: { signed?: boolean } = {}): string {
  const digits = roundedDigits(value, shop.decimals);
  if (!digits) {
    // What has no plain decimal form (1e21, 5e-7, Infinity): Intl's own answer.
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: shop.currency,
      signDisplay: signed ? 'exceptZero' : 'negative',
    })
      .format(value)
      .replace('-', '−');
  }
  const sign = digits.zero ? '' : value < 0 ? '−' : signed ? '+' : '';
  const number = groupThousands(digits.whole) + (shop.decimals > 0 ? `.${digits.fraction}` : '');
  return `${sign}${shop.prefix}${number}${shop.suffix}`;
}

/** The currency's symbol as formatMoney writes it ("$", "€", "CHF"), for a field's label. */
export function currencySymbol(): string {
  return shop.symbol;
}
