import { LOCATION_NAME_MAX, newLocationSchema, type Location } from '@smart-zone/types/location';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useCreateLocation } from '../api/locations';

/** A manager adds a location inside the one open: a name, unique beside its siblings; the field stays for the next. */
export function AddLocationForm({ parent }: { parent: Location }) {
  const create = useCreateLocation();
  const [name, setName] = useState('');
  const form = useFormSubmit({
    schema: newLocationSchema,
    send: (input) => create.mutateAsync(input),
    onSuccess: (made) => {
      toast.success(`${made.path} added`);
      setName('');
    },
  });
  const { errors, refusal } = form;
  return (
    <Form
      className="mb-2"
      noValidate
      aria-busy={form.busy}
      onSubmit={(event) => form.onSubmit(event, { name, parentId: parent._id })}
    >
      <Form.Label htmlFor="location-name">Add a location inside {parent.name}</Form.Label>
      <div className="d-flex gap-2">
        <Form.Control
          id="location-name"
          value={name}
          maxLength={LOCATION_NAME_MAX}
          autoComplete="off"
          placeholder="Shelf A, Bin 3…"
          isInvalid={Boolean(errors.name)}
          aria-describedby={errors.name ? 'location-name-error' : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" variant="primary" disabled={form.busy} className="text-nowrap">
          {form.busy ? 'Adding...' : 'Add'}
        </Button>
      </div>
      {errors.name && (
        <div id="location-name-error" className="invalid-feedback d-block">
          {errors.name}
        </div>
      )}
      {refusal && (
        <Alert variant="danger" className="py-2 mt-2 mb-0">
          {refusal}
        </Alert>
      )}
    </Form>
  );
}
