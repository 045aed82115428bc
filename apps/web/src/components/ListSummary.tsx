import { formatCount } from '../lib/numbers';

/** "Showing 13–24 of 100,000 items": where this page sits in the whole list. */
export function ListSummary({
  page,
  size,
  shown,
  total,
  noun,
}: {
  page: number;
  size: number;
  shown: number;
  total: number;
  /** Plural: "items", "deliveries". */
  noun: string;
}) {
  const from = (page - 1) * size + 1;
  const count = (value: number) => formatCount(value);
  return (
    <p className="text-secondary small mb-3" aria-live="polite" data-testid="list-summary">
      {shown === 0
        ? `${count(total)} ${noun}`
        : `Showing ${count(from)}–${count(from + shown - 1)} of ${count(total)} ${noun}`}
    </p>
  );
}
