import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

/** Asks before anything is deleted; nothing happens until the person confirms. */
export function ConfirmDialog({
  show,
  detail,
  confirmLabel = SPEC_TEXTS.deleteButton,
  busy = false,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  detail?: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-title">
      <Modal.Header closeButton>
        <Modal.Title id="confirm-title" as="h2" className="h5">
          {SPEC_TEXTS.deleteQuestion}
        </Modal.Title>
      </Modal.Header>
      {detail && <Modal.Body>{detail}</Modal.Body>}
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Deleting...' : confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
