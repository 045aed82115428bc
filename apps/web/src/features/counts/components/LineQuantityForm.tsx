import { type CountLine, setCountSchema } from '@smart-zone/types/count';
import { QUANTITY_MAX } from '@smart-zone/types/item';
import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useFormSubmit } from '../../../lib/use-form-submit';
import type { LineWrite } from '../api/count-line-writes';

/**
 * "I count n of these": a quantity and Set (PUT: the line's count replaced), checked with the contract's
 * schema first. `children`: more buttons beside Set (the next uncounted line's Skip).
 */
export function LineQuantityForm({
  line,
  id,
  onWrite,
  children,
}: {
  line: Pick<CountLine, 'itemId' | 'name'>;
  id: string;
  onWrite: (write: LineWrite) => Promise<unknown>;
  children?: ReactNode;
}) {
  const [typed, setTyped] = useState('');
  const form = useFormSubmit({
    schema: setCountSchema,
    send: (input) => onWrite({ itemId: line.itemId, counted: input.counted }),
    onSuccess: () => setTyped(''),
  });
  // A refusal of the API's is toasted (the query client), as a scan's is.
  const error = form.errors.counted;
  return (
    <Form
      noValidate
      className="count-quantity-form"
      aria-label={`Set the count of ${line.name}`}
      aria-busy={form.busy}
      onSubmit={(event) => form.onSubmit(event, { counted: typed.trim() === '' ? undefined : Number(typed) })}
    >
      <div className="d-flex gap-2">
        <Form.Label htmlFor={id} visuallyHidden>
          Quantity counted of {line.name}
        </Form.Label>
        <Form.Control
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={QUANTITY_MAX}
          step={1}
          placeholder="Quantity"
          className="touch-target count-quantity"
          value={typed}
          isInvalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" className="touch-target px-4" disabled={form.busy}>
          Set
        </Button>
        {children}
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </Form>
  );
}
