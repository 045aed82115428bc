import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { isVerified } from '../../../lib/auth/gateway';

/** What a protected page shows a password user whose email is not verified yet. */
export function VerifyEmailNotice() {
  const { user, sendVerification, refreshUser } = useAuth();
  const [busy, setBusy] = useState(false);

  const onResend = async () => {
    setBusy(true);
    try {
      await sendVerification();
      toast.success('Email Sent ...');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const onCheck = async () => {
    try {
      const fresh = await refreshUser();
      if (!fresh || !isVerified(fresh)) toast.info('Your email is not verified yet. Open the link in the email first.');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Alert variant="warning" className="mx-auto text-center" style={{ maxWidth: 560 }}>
      <h1 className="h4 text-danger">Your Email is not verified!!</h1>
      <p>
        We sent a verification link to <strong>{user?.email}</strong>. Open it, then come back to this page.
      </p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <Button variant="primary" onClick={onResend} disabled={busy}>
          Send Verification Email Again
        </Button>
        <Button variant="outline-secondary" onClick={onCheck}>
          I have verified my email
        </Button>
      </div>
    </Alert>
  );
}
