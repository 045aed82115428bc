import type { InputHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';

/** A labelled input with its help and its error beside it (both announced to screen readers). */
export function TextField({
  id,
  label,
  error,
  help,
  as,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  /** A line under the field saying what it is for. */
  help?: string;
  as?: 'textarea';
} & InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        as={as}
        rows={as === 'textarea' ? 3 : undefined}
        isInvalid={!!error}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...(input as object)}
      />
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      )}
      {help && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}
