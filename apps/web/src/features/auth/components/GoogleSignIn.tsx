import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import type { GoogleAccount } from '../../../lib/auth/gateway';
import { AuthError } from './AuthError';

/**
 * Google sign-in: Google's popup in production. Against the local Auth
 * emulator (offline, no Google scripts) a dialog like the emulator's own
 * account picker asks which Google account to use.
 */
export function GoogleSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { signInWithGoogle, googleNeedsAccount } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [account, setAccount] = useState<GoogleAccount>({ email: '', name: '' });

  const run = async (chosen?: GoogleAccount) => {
    setBusy(true);
    setError(null);
    try {
      await signInWithGoogle(chosen);
      setPicking(false);
      onSignedIn();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  // Against the emulator, ask which account; otherwise Google's popup.
  const start = async () => {
    try {
      if (await googleNeedsAccount()) setPicking(true);
      else await run();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const onPick = (event: FormEvent) => {
    event.preventDefault();
    void run(account);
  };

  return (
    <div className="mt-3">
      <div className="d-flex align-items-center my-3" aria-hidden="true">
        <hr className="flex-grow-1" />
        <span className="px-2 text-secondary small">or</span>
        <hr className="flex-grow-1" />
      </div>
      {!picking && <AuthError message={error} />}
      <Button variant="outline-dark" className="w-100" onClick={() => void start()} disabled={busy}>
        {busy && !picking ? 'Waiting for Google...' : 'Continue with Google'}
      </Button>
      <Modal show={picking} onHide={() => setPicking(false)} centered aria-labelledby="google-title">
        <Form onSubmit={onPick}>
          <Modal.Header closeButton>
            <Modal.Title id="google-title" as="h2" className="h5">
              Sign in with Google (Auth emulator)
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="small text-secondary">
              This copy of Smart Zone uses the local Firebase Auth emulator: choose the Google account to sign in as.
            </p>
            <Form.Group className="mb-3" controlId="google-email">
              <Form.Label>Google account email</Form.Label>
              <Form.Control
                type="email"
                required
                autoComplete="email"
                value={account.email}
                onChange={(event) => setAccount((current) => ({ ...current, email: event.target.value }))}
              />
            </Form.Group>
            <Form.Group controlId="google-name">
              <Form.Label>Display name (optional)</Form.Label>
              <Form.Control
                autoComplete="name"
                value={account.name}
                onChange={(event) => setAccount((current) => ({ ...current, name: event.target.value }))}
              />
            </Form.Group>
            {picking && (
              <div className="mt-3">
                <AuthError message={error} />
              </div>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setPicking(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={busy}>
              {busy ? 'Signing in...' : 'Sign in with Google.com'}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </div>
  );
}
