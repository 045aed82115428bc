import { type Item, NOTE_MAX, stockChangeSchema } from '@smart-zone/types/item';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { toast } from '../../../lib/toast';
import { TextField } from '../../../components/TextField';
import { type FieldErrors, useFormSubmit } from '../../../lib/use-form-submit';
import { stockChangeText, useChangeStock } from '../api/change-stock';
import { isQueued } from '../../../lib/offline/queued';
import { queuedToast } from '../../../lib/offline/use-outbox';
import { useUndoMovement } from '../api/undo-movement';
import { PICK_A_PLACE, useStockPlace } from './use-stock-place';

/** What the note field says when a role that must give a reason removes stock without one (the API's words). */
export const REMOVAL_NOTE_MISSING = 'A clerk must give a reason to remove stock';

/**
 * Staff add stock (or remove it, with a negative amount) as an amount, never
 * by typing over a number read earlier: two people restocking at once both count.
 * The note is the change's reason; `noteRequiredToRemove`: this role must give one to remove stock.
 */
export function RestockForm({
  item,
  noteRequiredToRemove = false,
  onDone,
  bare = false,
}: {
  item: Item;
  noteRequiredToRemove?: boolean;
  /** Called once the change is saved (the Alerts page closes its dialog). */
  onDone?: () => void;
  /** Inside a dialog whose title names it: no card and no heading of its own. */
  bare?: boolean;
}) {
  const changeStock = useChangeStock(item);
  const undo = useUndoMovement(item._id, {
    onUndone: ({ quantity }) => toast.success(`Undone: ${item.name} has ${quantity} in stock again`),
  });
  const [delta, setDelta] = useState('');
  const [note, setNote] = useState('');
  // Where the units go (a positive amount) or come from (a negative one), asked when they are in several places.
  const where = useStockPlace({
    itemId: item._id,
    quantity: item.quantity,
    kind: Number(delta) < 0 ? 'remove' : 'receive',
    idPrefix: `restock-${item._id}`,
  });
  const form = useFormSubmit({
    schema: stockChangeSchema,
    check: ({ delta, note }): FieldErrors | undefined => {
      if (noteRequiredToRemove && delta < 0 && !note) return { note: REMOVAL_NOTE_MISSING };
      if (where.place.unpicked) return { locationId: PICK_A_PLACE };
    },
    send: (change) => changeStock.mutateAsync(change),
    onSuccess: (result, change) => {
      if (isQueued(result)) {
        queuedToast(stockChangeText(item.name, change.delta));
        setDelta('');
        setNote('');
        onDone?.();
        return;
      }
      const { quantity, movementId } = result;
      // A slip of the finger (5 for 50, a remove for an add) is taken back from the toast.
      toast.success(`${item.name} now has ${quantity} in stock`, {
        label: 'Undo',
        onClick: () => undo.mutate(movementId),
      });
      setDelta('');
      setNote('');
      onDone?.();
    },
    // Not enough stock to remove: the server's message, beside the amount.
    errorsOf: (error) => (error.code === 'out_of_stock' ? { delta: error.message } : error.fields),
  });
  const { errors } = form;

  const body = (
    <>
      <p className="text-secondary small">
        In stock now: {item.quantity}. A positive amount adds stock; a negative one removes it
        {noteRequiredToRemove ? ' and needs a note saying why' : ''}.
      </p>
      <Form
        onSubmit={(event) =>
          form.onSubmit(event, {
            delta: delta.trim() === '' ? undefined : Number(delta),
            note,
            locationId: where.place.locationId,
          })
        }
        noValidate
        aria-busy={form.busy}
      >
        <Row>
          <Col sm={4}>
            <TextField
              id="restock-delta"
              label="Amount"
              type="number"
              inputMode="numeric"
              step={1}
              required
              value={delta}
              error={errors.delta}
              onChange={(event) => setDelta(event.target.value)}
            />
          </Col>
          <Col sm={8}>
            <TextField
              id="restock-note"
              label={noteRequiredToRemove ? 'Note (required to remove stock)' : 'Note (optional)'}
              maxLength={NOTE_MAX}
              autoComplete="off"
              value={note}
              error={errors.note}
              onChange={(event) => setNote(event.target.value)}
            />
          </Col>
        </Row>
        {where.field(form.errors.locationId)}
        {form.refusal && (
          <Alert variant="danger" className="py-2">
            {form.refusal}
          </Alert>
        )}
        <Button type="submit" variant="primary" className="touch-target" disabled={form.busy || !where.ready}>
          {form.busy ? 'Saving...' : 'Change stock'}
        </Button>
      </Form>
    </>
  );
  if (bare) return body;
  return (
    <Card className="shadow-sm mt-4">
      <Card.Body className="p-4">
        <h2 className="h4 mb-1">Restock</h2>
        {body}
      </Card.Body>
    </Card>
  );
}
