import Form from 'react-bootstrap/Form';

/**
 * A fieldset of radio buttons under a legend, one per [value, label], each a
 * whole row to tap (`.import-choice`: at least 44 px high).
 */
export function RadioChoices<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  disabled,
  className,
}: {
  legend: string;
  name: string;
  choices: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Form.Group as="fieldset" className={className} disabled={disabled}>
      <Form.Label as="legend" className="fs-6 fw-semibold mb-1">
        {legend}
      </Form.Label>
      {choices.map(([choice, label]) => (
        <Form.Check
          key={choice}
          type="radio"
          id={`${name}-${choice}`}
          name={name}
          className="import-choice"
          label={label}
          checked={value === choice}
          onChange={() => onChange(choice)}
        />
      ))}
    </Form.Group>
  );
}
