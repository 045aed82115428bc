import type { Count } from '@smart-zone/types/count';
import { signedMoney, signedUnitsText } from './count-texts';
import { formatCount } from '../../../lib/numbers';

/** A session in figures: its lines, counted and not, and what the counted ones are off the ledger. */
export function CountSummary({ count }: { count: Count }) {
  const figures: [string, string][] = [
    ['Lines', formatCount(count.lines)],
    ['Counted', formatCount(count.counted)],
    ['Uncounted', formatCount(count.lines - count.counted)],
    ['Variance', count.variance ? signedUnitsText(count.variance.units) : '—'],
    ['Value', count.variance ? signedMoney(count.variance.value) : '—'],
  ];
  return (
    <dl className="d-flex flex-wrap gap-2 mb-3 count-summary" data-testid="count-summary">
      {figures.map(([label, value]) => (
        <div key={label} className="border rounded p-2 flex-fill">
          <dt className="small text-secondary fw-normal">{label}</dt>
          <dd className="fs-5 fw-semibold mb-0 text-nowrap">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
