import { type FormEvent, type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { SortOption } from '../lib/use-list-params';

export interface FilterField<K extends string> {
  key: K;
  label: string;
  type?: 'text' | 'email' | 'date';
  /** A field of its own (an item chosen by its name: features/inventory's ItemPicker), given the draft value. */
  field?: (value: string, onChange: (value: string) => void) => ReactNode;
  /** A menu instead of a text field; its first option ('' value) is "any". */
  options?: readonly SortOption[];
  placeholder?: string;
}

/**
 * A list's filters as one small form: the fields show what the address holds,
 * Apply sends them all at once (one history entry), Clear empties them.
 */
export function ListFilters<K extends string>({
  id,
  label,
  fields,
  values,
  onApply,
}: {
  id: string;
  /** What the form filters, for screen readers: "Filter the deliveries". */
  label: string;
  fields: readonly FilterField<K>[];
  /** The filters in force (from the address). */
  values: Record<K, string>;
  onApply: (values: Record<K, string>) => void;
}) {
  const [draft, setDraft] = useState(values);
  const [inForce, setInForce] = useState(values);
  // The address changed from outside (Back, a link): the fields show it.
  if (fields.some(({ key }) => values[key] !== inForce[key])) {
    setInForce(values);
    setDraft(values);
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const empty = Object.fromEntries(fields.map(({ key }) => [key, ''])) as Record<K, string>;

  return (
    <Form onSubmit={onSubmit} aria-label={label} className="list-filters row g-2 align-items-end mb-3">
      {fields.map((field) => (
        <Form.Group key={field.key} controlId={`${id}-${field.key}`} className="col-12 col-sm-6 col-lg">
          <Form.Label className="small mb-1">{field.label}</Form.Label>
          {field.field ? (
            field.field(draft[field.key], (value) => setDraft({ ...draft, [field.key]: value }))
          ) : field.options ? (
            <Form.Select
              value={draft[field.key]}
              onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
            >
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Form.Select>
          ) : (
            <Form.Control
              type={field.type ?? 'text'}
              placeholder={field.placeholder}
              autoComplete="off"
              value={draft[field.key]}
              onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
            />
          )}
        </Form.Group>
      ))}
      <div className="col-12 col-lg-auto d-flex gap-2">
        <Button type="submit" variant="primary">
          Apply
        </Button>
        <Button
          type="button"
          variant="outline-secondary"
          onClick={() => {
            setDraft(empty);
            onApply(empty);
          }}
        >
          Clear
        </Button>
      </div>
    </Form>
  );
}
