import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

/** The amounts one tap picks: "Receive 5" is Receive, 5, the confirm button. */
const QUICK_AMOUNTS = [1, 2, 5, 10] as const;

/** The amount: − and + beside a number field, and the quick picks under it; each a 44 px target at least. */
export function AmountPicker({
  id,
  amount,
  setAmount,
  max,
  error,
}: {
  id: string;
  amount: string;
  setAmount: (amount: string) => void;
  max?: number;
  error?: string;
}) {
  const n = Number(amount);
  const current = Number.isInteger(n) && n >= 1 ? n : 0;
  const step = (by: number) => setAmount(String(Math.max(1, Math.min(max ?? Infinity, current + by))));
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>Amount</Form.Label>
      <div className="d-flex gap-2 align-items-stretch stock-stepper">
        <Button
          variant="outline-secondary"
          className="touch-target fs-4 lh-1"
          aria-label="One less"
          disabled={current <= 1}
          onClick={() => step(-1)}
        >
          −
        </Button>
        <Form.Control
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          className="text-center fs-5"
          value={amount}
          isInvalid={!!error}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
        <Button
          variant="outline-secondary"
          className="touch-target fs-4 lh-1"
          aria-label="One more"
          disabled={max !== undefined && current >= max}
          onClick={() => step(1)}
        >
          +
        </Button>
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      <div className="d-flex gap-2 mt-2" role="group" aria-label="Quick amounts">
        {QUICK_AMOUNTS.map((quick) => (
          <Button
            key={quick}
            variant={current === quick ? 'secondary' : 'outline-secondary'}
            className="touch-target flex-fill"
            aria-pressed={current === quick}
            disabled={max !== undefined && quick > max}
            onClick={() => setAmount(String(quick))}
          >
            {quick}
          </Button>
        ))}
      </div>
    </Form.Group>
  );
}
