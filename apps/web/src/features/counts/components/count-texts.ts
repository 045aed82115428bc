import type { Count, CountState } from '@smart-zone/types/count';
import { formatMoney } from '../../../lib/money';
import { formatCount, formatSignedCount } from '../../../lib/numbers';

export const STATE_LABELS: Readonly<Record<CountState, string>> = {
  open: 'Open',
  applied: 'Applied',
  cancelled: 'Cancelled',
};

/** Units off the ledger, signed and named: "+1 unit", "−2 units", "0 units". */
export const signedUnitsText = (units: number) =>
  `${formatSignedCount(units)} ${Math.abs(units) === 1 ? 'unit' : 'units'}`;

/** Money off the ledger, signed: "+$12.50", "−$899.00", "$0.00" (lib/money.ts). */
export const signedMoney = (value: number) => formatMoney(value, { signed: true });

const STOCK_WORDS = { low: 'low stock', out: 'out of stock' } as const;

/** What a session counts, in a line: "Back room / Shelf A · low stock · “pens”", or "Every item". */
export function scopeText({ scope }: Pick<Count, 'scope'>): string {
  const parts = [
    scope.path ?? (scope.locationId ? 'One location' : undefined),
    scope.stock && STOCK_WORDS[scope.stock],
    scope.q && `“${scope.q}”`,
    scope.items !== undefined && `${formatCount(scope.items)} chosen items`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Every item';
}

/** "12 of 40 counted". */
export const progressText = ({ counted, lines }: Pick<Count, 'counted' | 'lines'>) =>
  `${formatCount(counted)} of ${formatCount(lines)} counted`;
