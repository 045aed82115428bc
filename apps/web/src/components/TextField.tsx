import type { InputHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';

/** A labelled input with its error beside it (announced to screen readers). */
export function TextField({
  id,
  label,
  error,
  as,
  ...input
}: { id: string; label: string; error?: string; as?: 'textarea' } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        as={as}
        rows={as === 'textarea' ? 3 : undefined}
        isInvalid={!!error}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...(input as object)}
      />
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
