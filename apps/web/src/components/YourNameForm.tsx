import { PERSON_NAME_MAX, personNameSchema } from '@smart-zone/types/team';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useAccess } from '../lib/auth/get-me';
import { useSetMyName } from '../lib/people';
import { toast } from '../lib/toast';
import { useFormSubmit } from '../lib/use-form-submit';
import { TextField } from './TextField';

/**
 * The signed-in person's display name (PUT /me/name): what the team sees wherever they did something, instead of
 * their email. It starts as the name they have (their own, or their account's); a refused name is said beside
 * the field; "Name saved" once it is.
 */
export function YourNameForm({ id, onSaved }: { id: string; onSaved?: () => void }) {
  const access = useAccess();
  const [name, setName] = useState(access.status === 'member' ? (access.name ?? '') : '');
  const save = useSetMyName();
  const form = useFormSubmit({
    schema: personNameSchema,
    send: (input) => save.mutateAsync(input),
    onSuccess: (person) => {
      toast.success('Name saved');
      setName(person.name ?? '');
      onSaved?.();
    },
  });

  return (
    <Form onSubmit={(event) => form.onSubmit(event, { name })} noValidate aria-busy={form.busy}>
      <TextField
        id={id}
        label="Your name"
        help="Your team sees it wherever you changed something, instead of your email."
        maxLength={PERSON_NAME_MAX}
        autoComplete="name"
        required
        value={name}
        error={form.errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      {form.refusal && (
        <Alert variant="danger" className="py-2">
          {form.refusal}
        </Alert>
      )}
      <Button type="submit" variant="primary" disabled={form.busy}>
        {form.busy ? 'Saving...' : 'Save name'}
      </Button>
    </Form>
  );
}
