import { COUNT_NAME_MAX, newCountSchema } from '@smart-zone/types/count';
import type { StockFilter } from '@smart-zone/types/stock';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import { RadioChoices } from '../../../components/RadioChoices';
import { TextField } from '../../../components/TextField';
import { paths } from '../../../config/paths';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { LocationSearch, type PlaceChoice } from '../../inventory/components/LocationSearch';
import { useCreateCount } from '../api/create-count';

const STOCK_CHOICES: readonly (readonly [StockFilter | '', string])[] = [
  ['', 'All'],
  ['low', 'Low'],
  ['out', 'Out'],
];

/**
 * A manager opens a session: over a location's items (the stock forms' location search), the low or empty
 * ones, a search's, or every item; blind or not. Opened, it goes straight to its count screen.
 */
export function NewCountForm() {
  const create = useCreateCount();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [location, setLocation] = useState<PlaceChoice>();
  const [stock, setStock] = useState<StockFilter | ''>('');
  const [q, setQ] = useState('');
  const [blind, setBlind] = useState(false);
  const form = useFormSubmit({
    schema: newCountSchema,
    send: (input) => create.mutateAsync(input),
    onSuccess: (count) => void navigate(paths.counts.count.href(count._id)),
    errorsOf: (error) => (error.code === 'location_not_found' ? { 'scope.locationId': error.message } : error.fields),
  });
  const { errors, refusal } = form;
  const values = {
    name: name.trim() || undefined,
    scope: { locationId: location?.locationId, stock: stock || undefined, q: q.trim() || undefined },
    blind,
  };

  return (
    <Form
      noValidate
      className="card card-body mb-4"
      aria-labelledby="new-count-title"
      aria-busy={form.busy}
      onSubmit={(event) => form.onSubmit(event, values)}
    >
      <h2 id="new-count-title" className="h5">
        New count
      </h2>
      <TextField
        id="count-name"
        label="Name (optional)"
        maxLength={COUNT_NAME_MAX}
        autoComplete="off"
        placeholder="Back room, March"
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="mb-3">
        {location ? (
          <div className="d-flex flex-wrap align-items-center gap-2" data-testid="count-location">
            <span className="text-break">
              Location: <strong>{location.path}</strong>
            </span>
            <Button variant="outline-secondary" className="touch-target" onClick={() => setLocation(undefined)}>
              Clear
            </Button>
            {errors['scope.locationId'] && (
              <div className="invalid-feedback d-block w-100">{errors['scope.locationId']}</div>
            )}
          </div>
        ) : (
          <LocationSearch
            id="count-location"
            label="Location (optional: every location)"
            error={errors['scope.locationId']}
            onPick={setLocation}
          />
        )}
      </div>
      <RadioChoices
        legend="Stock"
        name="count-stock"
        className="mb-3"
        choices={STOCK_CHOICES}
        value={stock}
        onChange={setStock}
      />
      <TextField
        id="count-q"
        label="Search (optional)"
        autoComplete="off"
        placeholder="Name, SKU or supplier"
        value={q}
        error={errors['scope.q']}
        onChange={(event) => setQ(event.target.value)}
      />
      <Form.Check
        id="count-blind"
        className="import-choice"
        label="Blind count"
        checked={blind}
        aria-describedby="count-blind-help"
        onChange={(event) => setBlind(event.target.checked)}
      />
      <Form.Text id="count-blind-help" className="d-block mb-3">
        Counters don&apos;t see the expected quantities.
      </Form.Text>
      {refusal && (
        <Alert variant="danger" className="py-2">
          {refusal}
        </Alert>
      )}
      <Button type="submit" className="touch-target" disabled={form.busy}>
        {form.busy ? 'Opening...' : 'Open count'}
      </Button>
    </Form>
  );
}
