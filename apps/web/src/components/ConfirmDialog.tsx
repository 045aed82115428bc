import { REASON_MAX } from '@smart-zone/types/roles';
import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { TextField } from './TextField';

/** Whether the dialog asks why (kept in the audit entry), and what it says when a required reason is missing. */
export type ReasonAsked = { required: false } | { required: true; missing: string };

/** Asks before anything is deleted (or changed); nothing happens until the person confirms. */
export function ConfirmDialog({
  show,
  question = SPEC_TEXTS.deleteQuestion,
  detail,
  confirmLabel = SPEC_TEXTS.deleteButton,
  cancelLabel = 'Cancel',
  busyLabel = 'Deleting...',
  busy = false,
  reason,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  /** The dialog's title: the product's delete question unless it asks something else. */
  question?: string;
  detail?: string;
  confirmLabel?: string;
  /** The button that leaves everything as it is. */
  cancelLabel?: string;
  busyLabel?: string;
  busy?: boolean;
  /** Ask for a reason too. */
  reason?: ReasonAsked;
  onConfirm: (reason?: string) => void;
  onCancel: () => void;
}) {
  const [why, setWhy] = useState('');
  const [error, setError] = useState<string>();
  const [shown, setShown] = useState(show);
  // Each time it opens, it starts empty.
  if (show !== shown) {
    setShown(show);
    if (show) {
      setWhy('');
      setError(undefined);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const given = why.trim();
    if (reason?.required && !given) {
      setError(reason.missing);
      return;
    }
    onConfirm(reason ? given || undefined : undefined);
  };

  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-title">
      <Form onSubmit={onSubmit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id="confirm-title" as="h2" className="h5">
            {question}
          </Modal.Title>
        </Modal.Header>
        {(detail || reason) && (
          <Modal.Body>
            {detail && <p className={reason ? undefined : 'mb-0'}>{detail}</p>}
            {reason && (
              <TextField
                id="confirm-reason"
                label={reason.required ? 'Reason' : 'Reason (optional)'}
                maxLength={REASON_MAX}
                autoComplete="off"
                required={reason.required}
                value={why}
                error={error}
                onChange={(event) => setWhy(event.target.value)}
              />
            )}
          </Modal.Body>
        )}
        <Modal.Footer>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
