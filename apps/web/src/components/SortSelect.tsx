import Form from 'react-bootstrap/Form';
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
    <Form.Group controlId={id} className="list-sort d-flex align-items-center gap-2">
      <Form.Label className="mb-0 text-nowrap">Sort by</Form.Label>
      <Form.Select value={value} onChange={(event) => onSort(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
