import Modal from 'react-bootstrap/Modal';
import { Email } from '../components/Email';
import { YourNameForm } from '../components/YourNameForm';

/**
 * The signed-in person's own corner, opened from their name in the navbar: who they are signed in as, and the
 * name the team sees them by. Closes once the name is saved.
 */
export function AccountDialog({
  show,
  email,
  role,
  onClose,
}: {
  show: boolean;
  email: string;
  role: string;
  onClose: () => void;
}) {
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="account-title">
      <Modal.Header closeButton>
        <Modal.Title id="account-title" as="h2" className="h5">
          Your account
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-secondary">
          Signed in as <Email address={email} />, {role}.
        </p>
        <YourNameForm id="account-name" onSaved={onClose} />
      </Modal.Body>
    </Modal>
  );
}
