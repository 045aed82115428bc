import type { SortOption } from '../lib/use-list-params';

/** A list's filter as a labelled menu; the first option ('' value) is "no filter". */
export function FilterSelect({
  id,
  label,
  options,
  value,
  onFilter,
}: {
  id: string;
  label: string;
  options: readonly SortOption[];
  value: string;
  onFilter: (value: string) => void;
}) {
  return (
    <div className="list-filter d-flex align-items-center gap-2">
      <label htmlFor={id} className="form-label mb-0 text-nowrap">
        {label}
      </label>
      <select id={id} className="form-select" value={value} onChange={(event) => onFilter(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
