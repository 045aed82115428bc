import { fieldErrors } from '@smart-zone/types/errors';
import { type Item, type ItemInput, NAME_MAX, SUPPLIER_MAX, itemInputSchema } from '@smart-zone/types/item';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { TextField } from '../../../components/TextField';
import { ApiError } from '../../../lib/api-client';

type Draft = Record<'name' | 'supplier' | 'price' | 'quantity' | 'description' | 'img', string>;

const EMPTY: Draft = { name: '', supplier: '', price: '', quantity: '', description: '', img: '' };

function draftOf(item?: Item): Draft {
  if (!item) return EMPTY;
  return {
    name: item.name,
    supplier: item.supplier,
    price: String(item.price),
    quantity: String(item.quantity),
    description: item.description,
    img: item.img,
  };
}

const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * The add-item and update forms: checked with the API's own schema before
 * sending; the server's field errors land beside the same fields.
 */
export function ItemForm({
  idPrefix,
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
  onEdit,
  resetAfterSubmit = false,
}: {
  idPrefix: string;
  initial?: Item;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (input: ItemInput) => Promise<unknown>;
  /** Called on every change the person makes to a field. */
  onEdit?: () => void;
  resetAfterSubmit?: boolean;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const field = (key: keyof Draft) => ({
    id: `${idPrefix}-${key}`,
    value: draft[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => {
      setDraft((current) => ({ ...current, [key]: event.target.value }));
      onEdit?.();
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = itemInputSchema.safeParse({
      ...draft,
      price: toNumber(draft.price),
      quantity: toNumber(draft.quantity),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(parsed.data);
      if (resetAfterSubmit) setDraft(EMPTY);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
      <Row>
        <Col md={6}>
          <TextField label={`Name (at most ${NAME_MAX} characters)`} autoComplete="off" {...field('name')} />
        </Col>
        <Col md={6}>
          <TextField
            label={`Supplier (at most ${SUPPLIER_MAX} characters)`}
            autoComplete="off"
            {...field('supplier')}
          />
        </Col>
        <Col sm={6}>
          <TextField label="Price ($)" type="number" inputMode="decimal" min={0} step="0.01" {...field('price')} />
        </Col>
        <Col sm={6}>
          <TextField label="Quantity" type="number" inputMode="numeric" min={0} step={1} {...field('quantity')} />
        </Col>
      </Row>
      <TextField label="Description" as="textarea" {...field('description')} />
      <TextField label="Image URL" placeholder="https://... or /images/..." autoComplete="off" {...field('img')} />
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </Form>
  );
}
