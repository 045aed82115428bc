import { type Item, NOTE_MAX, type StockChange, stockChangeSchema } from '@smart-zone/types/item';
import { REMOVAL_REASON_LABELS, REMOVAL_REASONS, type RemovalReason } from '@smart-zone/types/removal-reasons';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { TextField } from '../../../components/TextField';
import { useAuth } from '../../../lib/auth/auth-context';
import { mayUse, useAccess } from '../../../lib/auth/get-me';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { DeliveryForm } from '../../deliveries/components/DeliveryForm';
import { stockChangeText, useChangeStock } from '../api/change-stock';
import { isQueued } from '../../../lib/offline/queued';
import { queuedToast } from '../../../lib/offline/use-outbox';
import { useUndoMovement } from '../api/undo-movement';
import { AmountPicker } from './AmountPicker';
import { WaitingForItem } from './WaitingForItem';
import { PICK_A_PLACE, type StockPlace, useStockPlace } from './use-stock-place';

type StockAction = 'receive' | 'remove' | 'deliver';

const ACTION_LABELS: Record<StockAction, string> = { receive: 'Receive', remove: 'Remove', deliver: 'Deliver' };

const PICK_A_REASON = 'Pick why the stock goes';
const AMOUNT_INVALID = 'Enter a whole number of 1 or more';

/**
 * What a stock action sends, checked as the amount a person typed (whole, 1 or more, no more than in stock for
 * a removal) before the contract's own schema (stockChangeSchema), so each message names the amount.
 */
function amountSchema(kind: 'receive' | 'remove', place: StockPlace) {
  return {
    safeParse(values: unknown) {
      const { amount, why, note } = values as { amount: string; why: RemovalReason | ''; note: string };
      const n = Number(amount);
      const issue = (path: string, message: string) => ({
        success: false as const,
        error: { issues: [{ path: [path], message }] },
      });
      if (amount.trim() === '' || !Number.isInteger(n) || n < 1) return issue('delta', AMOUNT_INVALID);
      if (kind === 'remove' && n > place.held)
        return issue('delta', `Only ${place.held} ${place.asked ? 'there' : 'in stock'}`);
      if (place.unpicked) return issue('locationId', PICK_A_PLACE);
      if (kind === 'remove' && !why) return issue('why', PICK_A_REASON);
      const { locationId } = place;
      return stockChangeSchema.safeParse(
        kind === 'receive' ? { delta: n, locationId } : { delta: -n, why, note: note.trim() || undefined, locationId },
      );
    },
  };
}

/**
 * Receive (+n) or remove (−n, with why from the short list and an optional note): one amount, one confirm
 * button that says what it does. Saved, its toast offers Undo (a slip of the finger), as the stock form's does.
 */
function AmountPanel({ item, kind, onDone }: { item: Item; kind: 'receive' | 'remove'; onDone: () => void }) {
  const changeStock = useChangeStock(item);
  const undo = useUndoMovement(item._id, {
    onUndone: ({ quantity }) => toast.success(`Undone: ${item.name} has ${quantity} in stock again`),
  });
  const [amount, setAmount] = useState('1');
  const [why, setWhy] = useState<RemovalReason | ''>('');
  const [note, setNote] = useState('');
  const where = useStockPlace({ itemId: item._id, quantity: item.quantity, kind, idPrefix: `${kind}-${item._id}` });
  const form = useFormSubmit({
    schema: amountSchema(kind, where.place),
    send: (change: StockChange) => changeStock.mutateAsync(change),
    onSuccess: (result, change) => {
      if (isQueued(result)) {
        queuedToast(stockChangeText(item.name, change.delta));
        onDone();
        return;
      }
      const { quantity, movementId } = result;
      toast.success(`${item.name} now has ${quantity} in stock`, {
        label: 'Undo',
        onClick: () => undo.mutate(movementId),
      });
      onDone();
    },
    errorsOf: (error) => (error.code === 'out_of_stock' ? { delta: error.message } : error.fields),
  });
  const { errors } = form;
  const id = `${kind}-${item._id}`;
  const n = Number(amount);
  const verb = ACTION_LABELS[kind];

  return (
    <Form onSubmit={(event) => form.onSubmit(event, { amount, why, note })} noValidate aria-busy={form.busy}>
      <p className="text-secondary small mb-2">In stock now: {item.quantity}</p>
      {where.field(errors.locationId)}
      <AmountPicker
        id={`${id}-amount`}
        amount={amount}
        setAmount={setAmount}
        max={kind === 'remove' ? where.place.held : undefined}
        error={errors.delta}
      />
      {kind === 'remove' && (
        <>
          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-2">Why</legend>
            <div className="d-flex flex-wrap gap-2">
              {REMOVAL_REASONS.map((reason) => (
                <label
                  key={reason}
                  className={`btn touch-target d-inline-flex align-items-center ${
                    why === reason ? 'btn-secondary' : 'btn-outline-secondary'
                  }`}
                >
                  <input
                    type="radio"
                    className="visually-hidden"
                    name={`${id}-why`}
                    value={reason}
                    checked={why === reason}
                    aria-describedby={errors.why ? `${id}-why-error` : undefined}
                    onChange={() => setWhy(reason)}
                  />
                  {REMOVAL_REASON_LABELS[reason]}
                </label>
              ))}
            </div>
            {errors.why && (
              <div id={`${id}-why-error`} className="invalid-feedback d-block">
                {errors.why}
              </div>
            )}
          </fieldset>
          <TextField
            id={`${id}-note`}
            label="Note (optional)"
            maxLength={NOTE_MAX}
            autoComplete="off"
            value={note}
            error={errors.note}
            onChange={(event) => setNote(event.target.value)}
          />
        </>
      )}
      {form.refusal && (
        <Alert variant="danger" className="py-2">
          {form.refusal}
        </Alert>
      )}
      <Button
        type="submit"
        size="lg"
        variant={kind === 'receive' ? 'success' : 'danger'}
        className="w-100 touch-target"
        disabled={form.busy || !where.ready}
      >
        {form.busy ? 'Saving...' : Number.isInteger(n) && n >= 1 ? `${verb} ${n}` : verb}
      </Button>
    </Form>
  );
}

/** Deliver: the delivery flow's own form (its fields and rules), here beside the item. */
function DeliverPanel({ item, onDone }: { item: Item; onDone: () => void }) {
  const { user } = useAuth();
  if (!user) return null;
  return <DeliveryForm item={item} user={user} onDelivered={onDone} />;
}

function ActionPanel({ item, action, onDone }: { item: Item; action: StockAction; onDone: () => void }) {
  return action === 'deliver' ? (
    <DeliverPanel item={item} onDone={onDone} />
  ) : (
    <AmountPanel key={action} item={item} kind={action} onDone={onDone} />
  );
}

/**
 * An item's stock actions in reach of one thumb: Receive (+n), Remove (−n, saying why) and Deliver, for staff
 * whose role moves stock or delivers (roles.ts); nothing for anyone else. `inline` (the item page): the chosen
 * action opens under the buttons; `sheet` (a list's row, a scanned item's card): it opens in a dialog, a sheet
 * at the bottom of a phone's screen. `onDone`: after a saved change (the panel has closed). `onOpenChange`:
 * whether an action's panel is open (the Scan screen reads no new code into a card being acted on).
 */
export function StockActions({
  item,
  onDone,
  onOpenChange,
  layout = 'inline',
}: {
  item: Item;
  onDone?: () => void;
  onOpenChange?: (open: boolean) => void;
  layout?: 'inline' | 'sheet';
}) {
  const access = useAccess();
  const moveStock = mayUse(access, 'moveStock');
  const deliver = mayUse(access, 'deliver');
  const [open, setOpen] = useState<StockAction | null>(null);
  const uid = useAuth().user?.uid;
  const panel = useRef<HTMLDivElement>(null);
  const opened = useEffectEvent((isOpen: boolean) => onOpenChange?.(isOpen));
  useEffect(() => {
    opened(open !== null);
    // Gone with a panel open (the card was replaced): it is closed.
    return () => {
      if (open !== null) opened(false);
    };
  }, [open]);
  useEffect(() => {
    if (open && layout === 'inline') panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open, layout]);
  if (!moveStock && !deliver) return null;

  const empty = item.quantity <= 0;
  const actions: { action: StockAction; variant: string; disabled: boolean }[] = [
    ...(moveStock ? [{ action: 'receive' as const, variant: 'success', disabled: false }] : []),
    ...(moveStock ? [{ action: 'remove' as const, variant: 'outline-danger', disabled: empty }] : []),
    ...(deliver ? [{ action: 'deliver' as const, variant: 'outline-primary', disabled: empty }] : []),
  ];
  const done = () => {
    setOpen(null);
    onDone?.();
  };
  const title = open && `${ACTION_LABELS[open]} ${item.name}`;

  return (
    <div className="stock-actions">
      <div className="d-flex gap-2" role="group" aria-label={`Stock actions for ${item.name}`}>
        {actions.map(({ action, variant, disabled }) => (
          <Button
            key={action}
            variant={open === action ? variant.replace('outline-', '') : variant}
            className="touch-target flex-fill"
            aria-label={layout === 'sheet' ? `${ACTION_LABELS[action]} ${item.name}` : undefined}
            aria-expanded={layout === 'inline' ? open === action : undefined}
            disabled={disabled}
            title={disabled ? 'Out of stock' : undefined}
            onClick={() => setOpen(open === action ? null : action)}
          >
            {ACTION_LABELS[action]}
          </Button>
        ))}
      </div>
      {layout === 'inline' && uid && <WaitingForItem uid={uid} itemId={item._id} />}
      {layout === 'inline' && open && (
        <section ref={panel} aria-label={title ?? undefined} className="border rounded p-3 mt-2 stock-action-panel">
          <ActionPanel item={item} action={open} onDone={done} />
        </section>
      )}
      {layout === 'sheet' && (
        <Modal
          show={open !== null}
          onHide={() => setOpen(null)}
          centered
          dialogClassName="stock-action-sheet"
          aria-labelledby={`stock-sheet-${item._id}`}
        >
          <Modal.Header closeButton closeLabel="Close">
            <Modal.Title as="h2" className="h5" id={`stock-sheet-${item._id}`}>
              {title}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>{open && <ActionPanel item={item} action={open} onDone={done} />}</Modal.Body>
        </Modal>
      )}
    </div>
  );
}
