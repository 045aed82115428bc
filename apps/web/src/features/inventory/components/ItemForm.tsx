import {
  BARCODE_MAX,
  BARCODES_MAX,
  ITEM_FIELDS,
  type Item,
  type ItemField,
  type ItemInput,
  NAME_MAX,
  SKU_MAX,
  SUPPLIER_MAX,
  itemInputSchema,
} from '@smart-zone/types/item';
import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col, { type ColProps } from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { TextField } from '../../../components/TextField';
import { currencySymbol, useCurrency } from '../../../lib/money';
import { useFormSubmit } from '../../../lib/use-form-submit';

type Draft = Record<ItemField, string>;

interface FieldView {
  /** A function when it depends on the shop's currency (the price's). */
  label: string | (() => string);
  /** Its width in the form's grid. */
  col: Pick<ColProps, 'xs' | 'sm' | 'md'>;
  /** Typed as a number; sent as one. */
  numeric?: boolean;
  /**
   * A text whose emptiness means something (a SKU's '' clears it): blank text is sent as ''. Any
   * other text goes to the schema as typed, which refuses control characters and then trims it.
   */
  blankIsEmpty?: boolean;
  /** A list, one entry a line (the barcodes): sent as the lines that are not blank. */
  lines?: boolean;
  /** What the field holds when the form is new (and what an emptied field sends, for a number). */
  empty?: string;
  help?: string;
  input?: InputHTMLAttributes<HTMLInputElement> & { as?: 'textarea' };
}

/**
 * How each editable field (ITEM_FIELDS, the contract's one list) is shown. A
 * Record over every field: a field added to the contract does not type-check
 * here until the form shows it.
 */
const FIELD_VIEWS: Record<ItemField, FieldView> = {
  name: { label: `Name (at most ${NAME_MAX} characters)`, col: { md: 6 }, input: { autoComplete: 'off' } },
  supplier: { label: `Supplier (at most ${SUPPLIER_MAX} characters)`, col: { md: 6 }, input: { autoComplete: 'off' } },
  price: {
    label: () => `Price (${currencySymbol()})`,
    col: { sm: 6 },
    numeric: true,
    input: { type: 'number', inputMode: 'decimal', min: 0, step: '0.01' },
  },
  quantity: {
    label: 'Quantity',
    col: { sm: 6 },
    numeric: true,
    input: { type: 'number', inputMode: 'numeric', min: 0, step: 1 },
  },
  description: { label: 'Description', col: { xs: 12 }, input: { as: 'textarea' } },
  img: {
    label: 'Image URL',
    col: { xs: 12 },
    input: { placeholder: 'https://... or /images/...', autoComplete: 'off' },
  },
  minStock: {
    label: 'Reorder point',
    col: { sm: 6 },
    numeric: true,
    empty: '0',
    help: 'At or below this quantity the item shows as low and staff get one alert. 0: no alert.',
    input: { type: 'number', inputMode: 'numeric', min: 0, step: 1 },
  },
  sku: {
    label: 'SKU (optional)',
    col: { sm: 6 },
    blankIsEmpty: true,
    help: 'Barcode digits (EAN-13, UPC-A) or your own code; unique.',
    input: { maxLength: SKU_MAX, autoComplete: 'off', spellCheck: false },
  },
  barcodes: {
    label: 'Other barcodes (optional, one per line)',
    col: { sm: 6 },
    lines: true,
    help: `Up to ${BARCODES_MAX} more codes the item is found by: the maker's EAN/UPC, a supplier's code. Each at most ${BARCODE_MAX} characters, no spaces.`,
    input: { as: 'textarea', autoComplete: 'off', spellCheck: false, autoCapitalize: 'off' },
  },
};

const EMPTY = Object.fromEntries(ITEM_FIELDS.map((key) => [key, FIELD_VIEWS[key].empty ?? ''])) as Draft;

function draftOf(item?: Item): Draft {
  if (!item) return EMPTY;
  // A field the item does not have (no SKU) shows empty; a list one entry a line.
  return Object.fromEntries(
    ITEM_FIELDS.map((key) => {
      const value = item[key];
      return [key, Array.isArray(value) ? value.join('\n') : String(value ?? '')];
    }),
  ) as Draft;
}

/**
 * What the schema checks: numbers as numbers (an empty one as its field's empty value, or missing);
 * blank text as '' where that means none (the SKU).
 */
function valuesOf(draft: Draft): Record<ItemField, unknown> {
  const value = (key: ItemField) => {
    const view = FIELD_VIEWS[key];
    if (view.lines) return draft[key].split(/\r?\n/).filter((line) => line.trim() !== '');
    if (!view.numeric) return view.blankIsEmpty && draft[key].trim() === '' ? '' : draft[key];
    const text = draft[key].trim() === '' ? (view.empty ?? '') : draft[key];
    return text.trim() === '' ? undefined : Number(text);
  };
  return Object.fromEntries(ITEM_FIELDS.map((key) => [key, value(key)])) as Record<ItemField, unknown>;
}

/** An error of a part of a field (`barcodes.2`: the third barcode), shown beside the field. */
function errorWithin(errors: Partial<Record<string, string>>, key: ItemField): string | undefined {
  const part = Object.keys(errors).find((name) => name.startsWith(`${key}.`));
  if (part === undefined) return undefined;
  const line = Number(part.slice(key.length + 1));
  return Number.isInteger(line) ? `Line ${line + 1}: ${errors[part]}` : errors[part];
}

/**
 * The add-item and update forms: every editable field, checked with the
 * API's own schema before sending; the server's field errors land beside the
 * same fields.
 */
export function ItemForm({
  idPrefix,
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
  onEdit,
  resetAfterSubmit = false,
  prefill,
  children,
}: {
  idPrefix: string;
  initial?: Item;
  /** Fields filled in for a new item, as typed text (a scanned code as its barcode). */
  prefill?: Partial<Draft>;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (input: ItemInput) => Promise<unknown>;
  /** Called on every change the person makes to a field. */
  onEdit?: () => void;
  resetAfterSubmit?: boolean;
  /** More of the form, before its button (the add form's photo). */
  children?: ReactNode;
}) {
  const [draft, setDraft] = useState<Draft>(() => ({ ...draftOf(initial), ...prefill }));
  const form = useFormSubmit({
    schema: itemInputSchema,
    send: onSubmit,
    onSuccess: () => {
      if (resetAfterSubmit) setDraft(EMPTY);
    },
  });
  const { errors, busy } = form;
  useCurrency();

  return (
    <Form onSubmit={(event) => form.onSubmit(event, valuesOf(draft))} noValidate aria-busy={busy}>
      <Row>
        {ITEM_FIELDS.map((key) => {
          const { label, col, help, input } = FIELD_VIEWS[key];
          return (
            <Col key={key} xs={12} {...col}>
              <TextField
                id={`${idPrefix}-${key}`}
                label={typeof label === 'function' ? label() : label}
                help={help}
                value={draft[key]}
                error={errors[key] ?? errorWithin(errors, key)}
                onChange={(event) => {
                  const { value } = event.target;
                  setDraft((current) => ({ ...current, [key]: value }));
                  onEdit?.();
                }}
                {...input}
              />
            </Col>
          );
        })}
      </Row>
      {children}
      <Button type="submit" variant="primary" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </Form>
  );
}
