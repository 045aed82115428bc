import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

/**
 * A code typed or pasted (or sent by a scanner into the field), handed to `onCode` and the field cleared: the
 * Scan screen's "Find" and the scan-into-a-location panel's "Add". `id` names the field for its hidden label.
 */
export function CodeForm(props: {
  id: string;
  label: string;
  placeholder: string;
  submit: string;
  /** The form's own name, for screen readers; `search` makes it a search landmark (the Scan screen's). */
  formLabel: string;
  search?: boolean;
  primary?: boolean;
  maxLength: number;
  onCode: (code: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onCode(typed);
    setTyped('');
  };
  return (
    <Form
      onSubmit={onSubmit}
      className="d-flex gap-2 mb-2"
      aria-label={props.formLabel}
      {...(props.search ? { role: 'search' } : {})}
    >
      <Form.Label htmlFor={props.id} visuallyHidden>
        {props.label}
      </Form.Label>
      <Form.Control
        id={props.id}
        className="touch-target"
        placeholder={props.placeholder}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint={props.search ? 'search' : 'enter'}
        maxLength={props.maxLength}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <Button
        type="submit"
        variant={props.primary ? 'primary' : 'outline-primary'}
        className="touch-target px-3"
        disabled={typed.trim() === ''}
      >
        {props.submit}
      </Button>
    </Form>
  );
}
