import { ConfirmDialog } from '../components/ConfirmDialog';
import { waitingText } from '../lib/offline/use-outbox';

/**
 * Signing out with changes still in the outbox (issue 37) asks first: they have not reached the server, and
 * signing out drops them from this browser.
 */
export function SignOutDialog({
  waiting,
  onSignOut,
  onStay,
}: {
  waiting: number;
  onSignOut: () => void;
  onStay: () => void;
}) {
  return (
    <ConfirmDialog
      show={waiting > 0}
      question={`${waitingText(waiting)}. Sign out anyway?`}
      detail="They have not reached the server yet. Signing out deletes them from this device; staying signed in sends them when the network is back."
      confirmLabel="Sign out and delete them"
      cancelLabel="Stay signed in"
      onConfirm={onSignOut}
      onCancel={onStay}
    />
  );
}
