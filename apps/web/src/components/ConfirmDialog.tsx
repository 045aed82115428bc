import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

export const DELETE_QUESTION = 'Are you sure you want to delete?';

/** Asks before anything is deleted; nothing happens until the person confirms. */
export function ConfirmDialog({
  show,
  question = DELETE_QUESTION,
  detail,
  confirmLabel = 'Delete',
  busy = false,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  question?: string;
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
          {question}
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
