import type { SortOption } from '../lib/use-list-params';

export function SortSelect({
  id,
  options,
  value,
  onSort,
}: {
  id: string;
  options: readonly SortOption[];
  value: string;
  onSort: (value: string) => void;
}) {
  return (
    <div className="list-sort d-flex align-items-center gap-2">
      <label htmlFor={id} className="form-label mb-0 text-nowrap">
        Sort by
      </label>
      <select id={id} className="form-select" value={value} onChange={(event) => onSort(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
