import { formatMoney, useCurrency } from '../lib/money';

/** A price or value (lib/money.ts's formatMoney) on one line, never broken inside; it follows the shop's currency. */
export function Money({ value, signed = false }: { value: number; signed?: boolean }) {
  useCurrency();
  return <span className="text-nowrap">{formatMoney(value, { signed })}</span>;
}
