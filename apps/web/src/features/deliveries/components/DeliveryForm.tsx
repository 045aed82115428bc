import { deliveryFormSchema } from '@smart-zone/types/delivery';
import type { Item } from '@smart-zone/types/item';
import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { toast } from '../../../lib/toast';
import { isQueued } from '../../../lib/offline/queued';
import { queuedToast } from '../../../lib/offline/use-outbox';
import { TextField } from '../../../components/TextField';
import type { AuthUser } from '../../../lib/auth/gateway';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useStockPlace } from '../../inventory/components/use-stock-place';
import { useCreateDelivery } from '../api/create-delivery';
import { useCancelDelivery } from '../api/cancel-delivery';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** Why a delivery taken back from its own confirmation is cancelled (the audit keeps it; a clerk must give one). */
const UNDO_REASON = 'Undone right after recording it';

/**
 * `onDelivered`: after a saved delivery (the item card's stock actions close their panel). An item whose units
 * are in more than one location asks where they are taken from (useStockPlace): where the most are, by default,
 * sends no `locationId`; a line picked sends its id, and no more than that line holds may be asked for.
 */
export function DeliveryForm({ item, user, onDelivered }: { item: Item; user: AuthUser; onDelivered?: () => void }) {
  const deliver = useCreateDelivery();
  const undo = useCancelDelivery<{ _id: string; inventoriesId: string; inventory: string }>({ signOutOnError: false });
  // The recipient is whoever receives the goods, never the person recording it: it starts empty.
  const [name, setName] = useState('');
  /** The delivery just saved (its confirmation, with View, Undo and Back to item), until the next one starts. */
  const [saved, setSaved] = useState<{ id: string; quantity: number; undone: boolean } | null>(null);
  const [address, setAddress] = useState('');
  const [phone, setPhone] = useState('');
  const [quantity, setQuantity] = useState('1');
  const where = useStockPlace({
    itemId: item._id,
    quantity: item.quantity,
    kind: 'deliver',
    idPrefix: `deliver-${item._id}`,
  });
  const { place } = where;
  const form = useFormSubmit({
    schema: deliveryFormSchema,
    check: (input) =>
      place.locationId !== undefined && input.quantity > place.held
        ? { quantity: `Only ${place.held} there` }
        : input.quantity > item.quantity
          ? { quantity: `Only ${item.quantity} in stock` }
          : undefined,
    send: (input) => deliver.mutateAsync(input),
    onSuccess: (result, input) => {
      // The whole form starts again: a half-filled form invites the same delivery twice.
      setName('');
      setAddress('');
      setPhone('');
      setQuantity('1');
      onDelivered?.();
      // Kept in the outbox: said so, never as delivered.
      if (isQueued(result)) {
        setSaved(null);
        queuedToast(`Deliver ${input.quantity ?? 1} of ${item.name}`);
        return;
      }
      toast.success(SPEC_TEXTS.deliverySuccess);
      setSaved({ id: result.insertedId, quantity: input.quantity ?? 1, undone: false });
    },
  });
  const { errors } = form;
  const outOfStock = item.quantity <= 0;

  if (outOfStock) {
    return (
      <Alert variant="danger" className="mb-0">
        {item.name} is out of stock: nothing can be delivered until it is restocked.
      </Alert>
    );
  }

  const undoSaved = async () => {
    if (!saved) return;
    const result = await undo.mutateAsync({
      _id: saved.id,
      inventoriesId: item._id,
      inventory: item.name,
      reason: UNDO_REASON,
    });
    setSaved({ ...saved, undone: true });
    if (isQueued(result)) queuedToast(`Cancel the delivery of ${item.name}`);
    else toast.success(`The delivery of ${item.name} is cancelled`);
  };

  return (
    <>
      {saved && (
        <Alert variant={saved.undone ? 'secondary' : 'success'} className="delivery-saved" role="status">
          {saved.undone ? (
            <>
              Cancelled: {saved.quantity} × {item.name} are back in stock.
            </>
          ) : (
            <>
              Delivered {saved.quantity} × {item.name} —{' '}
              <Link to={paths.myItem.href()} className="alert-link">
                View
              </Link>{' '}
              ·{' '}
              <Button
                variant="link"
                className="alert-link p-0 align-baseline"
                disabled={undo.isPending}
                onClick={() => void undoSaved()}
              >
                Undo
              </Button>{' '}
              ·{' '}
              <Link to={paths.inventory.detail.href(item._id)} className="alert-link">
                Back to item
              </Link>
            </>
          )}
        </Alert>
      )}
      <Form
        onSubmit={(event) =>
          form.onSubmit(event, {
            name,
            email: user.email ?? '',
            inventory: item.name,
            inventoriesId: item._id,
            address,
            phone,
            quantity: quantity.trim() === '' ? undefined : Number(quantity),
            ...(place.locationId !== undefined ? { locationId: place.locationId } : {}),
          })
        }
        noValidate
        aria-busy={form.busy}
      >
        <Row>
          <Col md={6}>
            <TextField
              id="delivery-name"
              label="Name"
              placeholder="Recipient name"
              autoComplete="off"
              required
              value={name}
              error={errors.name}
              onChange={(event) => setName(event.target.value)}
            />
          </Col>
          <Col md={6}>
            <TextField
              id="delivery-email"
              label="Email"
              type="email"
              required
              readOnly
              value={user.email ?? ''}
              error={errors.email}
            />
          </Col>
          <Col md={8}>
            <TextField
              id="delivery-inventory"
              label="Inventory name"
              required
              readOnly
              value={item.name}
              error={errors.inventory}
            />
          </Col>
          <Col md={4}>
            <TextField
              id="delivery-quantity"
              label={`Quantity (in stock: ${item.quantity})`}
              type="number"
              required
              min={1}
              max={place.locationId !== undefined ? place.held : item.quantity}
              step={1}
              inputMode="numeric"
              value={quantity}
              error={errors.quantity}
              onChange={(event) => setQuantity(event.target.value)}
            />
          </Col>
        </Row>
        {where.field()}
        <TextField
          id="delivery-address"
          label="Address"
          autoComplete="street-address"
          required
          value={address}
          error={errors.address}
          onChange={(event) => setAddress(event.target.value)}
        />
        <TextField
          id="delivery-phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          required
          value={phone}
          error={errors.phone}
          onChange={(event) => setPhone(event.target.value)}
        />
        <Button type="submit" variant="success" disabled={form.busy}>
          {form.busy ? 'Delivering...' : 'Deliver'}
        </Button>
      </Form>
    </>
  );
}
