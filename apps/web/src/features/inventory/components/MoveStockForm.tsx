import type { Item } from '@smart-zone/types/item';
import { type ItemStockLine, type Transfer, transferSchema } from '@smart-zone/types/location';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { isQueued } from '../../../lib/offline/queued';
import { queuedToast } from '../../../lib/offline/use-outbox';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useTransferStock } from '../api/transfer-stock';
import { useUndoMovement } from '../api/undo-movement';
import { AmountPicker } from './AmountPicker';
import { LocationSearch, type PlaceChoice } from './LocationSearch';

const PICK_WHERE_TO = 'Pick where they go';
const AMOUNT_INVALID = 'Enter a whole number of 1 or more';

/**
 * What a move sends, checked as a person typed it (a destination picked, a whole amount of 1 or more, no more
 * than `from` holds) before the contract's own schema (transferSchema), so each message says what to fix.
 */
function moveSchema(held: number) {
  return {
    safeParse(values: unknown) {
      const { from, to, amount } = values as { from: string; to?: PlaceChoice; amount: string };
      const n = Number(amount);
      const issue = (path: string, message: string) => ({
        success: false as const,
        error: { issues: [{ path: [path], message }] },
      });
      if (!to) return issue('to', PICK_WHERE_TO);
      if (amount.trim() === '' || !Number.isInteger(n) || n < 1) return issue('quantity', AMOUNT_INVALID);
      if (n > held) return issue('quantity', `Only ${held} there`);
      return transferSchema.safeParse({ from, to: to.locationId, quantity: n });
    },
  };
}

/**
 * Moves units of an item from one of its locations to another (POST /inventory/:id/transfer): from the line
 * it was opened on (or another of its lines), to one of its other lines in one tap or to any location found by
 * the words of its path; an amount from 1 to what `from` holds. The quantity stays; the toast offers Undo.
 */
export function MoveStockForm({
  item,
  lines,
  from: openedFrom,
  onDone,
}: {
  item: Item;
  lines: readonly ItemStockLine[];
  from: string;
  onDone: () => void;
}) {
  const transfer = useTransferStock(item._id);
  const undo = useUndoMovement(item._id, {
    onUndone: () => toast.success(`Undone: the move of ${item.name} is taken back`),
  });
  const [from, setFrom] = useState(openedFrom);
  const [to, setTo] = useState<PlaceChoice>();
  const [amount, setAmount] = useState('1');
  const fromLine = lines.find((line) => line.locationId === from);
  const held = fromLine?.quantity ?? 0;
  /** " A → B", as the toast and the outbox say the move. */
  const places = ` ${fromLine?.path ?? ''} → ${to?.path ?? ''}`;
  const form = useFormSubmit({
    schema: moveSchema(held),
    send: (move: Transfer) => transfer.mutateAsync({ ...move, what: `Move ${move.quantity} of ${item.name}${places}` }),
    onSuccess: (result, move) => {
      if (isQueued(result)) {
        queuedToast(`Move ${move.quantity} of ${item.name}${places}`);
        onDone();
        return;
      }
      const { movementId } = result;
      toast.success(`Moved ${move.quantity} of ${item.name}:${places}`, {
        label: 'Undo',
        onClick: () => undo.mutate(movementId),
      });
      onDone();
    },
    // Too few there now (someone moved or delivered meanwhile): the API's count, beside the amount.
    errorsOf: (error) => (error.code === 'out_of_stock' ? { quantity: error.message } : error.fields),
  });
  const { errors } = form;
  const id = `move-${item._id}`;
  const n = Number(amount);
  // The item's other lines, one tap each; any other location by searching.
  const others = lines.filter((line) => line.locationId !== from);

  return (
    <Form
      noValidate
      aria-busy={form.busy}
      onSubmit={(event) => form.onSubmit(event, { from, to, amount })}
      className="move-stock-form"
    >
      {lines.length > 1 ? (
        <Form.Group className="mb-3" controlId={`${id}-from`}>
          <Form.Label>From</Form.Label>
          <Form.Select
            className="tap-target"
            value={from}
            onChange={(event) => {
              setFrom(event.target.value);
              if (to?.locationId === event.target.value) setTo(undefined);
            }}
          >
            {lines.map((line) => (
              <option key={line.locationId} value={line.locationId}>
                {line.path} ({line.quantity} there)
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      ) : (
        <p className="mb-3 text-break">
          From <strong>{fromLine?.path}</strong> ({held} there)
        </p>
      )}

      <div className="mb-3">
        {to ? (
          <div className="d-flex flex-wrap align-items-center gap-2">
            <span className="text-break">
              To <strong data-testid="move-to">{to.path}</strong>
            </span>
            <Button variant="outline-secondary" className="touch-target" onClick={() => setTo(undefined)}>
              Change
            </Button>
          </div>
        ) : (
          <>
            {others.length > 0 && (
              <div className="d-flex flex-wrap gap-2 mb-2" role="group" aria-label="To one of its locations">
                {others.map((line) => (
                  <Button
                    key={line.locationId}
                    variant="outline-primary"
                    className="touch-target text-start text-break"
                    onClick={() => setTo({ locationId: line.locationId, path: line.path })}
                  >
                    {line.path}
                  </Button>
                ))}
              </div>
            )}
            <LocationSearch
              id={`${id}-to`}
              label={others.length > 0 ? 'Or find where they go' : 'Find where they go'}
              exclude={[from]}
              onPick={setTo}
              error={errors.to}
            />
          </>
        )}
      </div>

      <AmountPicker id={`${id}-amount`} amount={amount} setAmount={setAmount} max={held} error={errors.quantity} />
      {form.refusal && (
        <Alert variant="danger" className="py-2">
          {form.refusal}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="primary" className="touch-target flex-fill" disabled={form.busy}>
          {form.busy ? 'Moving...' : Number.isInteger(n) && n >= 1 ? `Move ${n}` : 'Move'}
        </Button>
        <Button variant="outline-secondary" className="touch-target" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
