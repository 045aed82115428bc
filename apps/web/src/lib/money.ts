import { useSyncExternalStore } from 'react';

/** The currency until GET /api/config names the shop's (the API's CURRENCY default too). */
const DEFAULT_CURRENCY = 'USD';
/** The last currency the API named, so the next visit's first page is already in it. */
const CURRENCY_KEY = 'smart-zone:currency';

/**
 * Numbers are written the one way the app writes every count (en-US, as the
 * rest of its English); the currency brings its symbol and its usual decimals
 * (two for USD and EUR, none for JPY), always all of them.
 */
function shopCurrency(currency: string) {
  const options = { style: 'currency', currency } as const;
  return {
    currency,
    plain: new Intl.NumberFormat('en-US', { ...options, signDisplay: 'negative' }),
    signed: new Intl.NumberFormat('en-US', { ...options, signDisplay: 'exceptZero' }),
  };
}

let shop = shopCurrency(DEFAULT_CURRENCY);
const listeners = new Set<() => void>();

/** Takes `code` as the currency when it is one, and says whether it changed. */
function take(code: unknown): boolean {
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code) || code === shop.currency) return false;
  try {
    shop = shopCurrency(code);
    return true;
  } catch {
    return false; // a code this browser does not know: the one before stays
  }
}

try {
  take(localStorage.getItem(CURRENCY_KEY));
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
  return (signed ? shop.signed : shop.plain)
    .formatToParts(value)
    .map((part) => (part.type === 'minusSign' ? '−' : part.value))
    .join('');
}

/** The currency's symbol as formatMoney writes it ("$", "€", "CHF"), for a field's label. */
export function currencySymbol(): string {
  return shop.plain.formatToParts(0).find((part) => part.type === 'currency')?.value ?? shop.currency;
}
