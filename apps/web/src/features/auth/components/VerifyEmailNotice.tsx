import { countsAsVerified } from '@smart-zone/types/access-claims';
import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../../lib/auth/auth-context';

/** What a protected page shows a password user whose email is not verified yet. */
export function VerifyEmailNotice() {
  const { user, sendVerification, refreshUser, linksInStartLog } = useAuth();
  // On the local Auth emulator no email goes out: the link is in the start log instead.
  const [local, setLocal] = useState(false);
  useEffect(() => {
    let current = true;
    linksInStartLog().then(
      (yes) => current && setLocal(yes),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [linksInStartLog]);
  const resend = useMutation({
    mutationFn: sendVerification,
    onSuccess: () => toast.success(SPEC_TEXTS.verificationEmailSent),
  });
  const check = useMutation({
    mutationFn: refreshUser,
    onSuccess: (fresh) => {
      if (!fresh || !countsAsVerified(fresh))
        toast.info('Your email is not verified yet. Open the link in the email first.');
    },
  });

  return (
    <Alert variant="warning" className="mx-auto text-center" style={{ maxWidth: 560 }}>
      <h1 className="h4 text-danger">{SPEC_TEXTS.emailNotVerified}</h1>
      {local ? (
        <div data-testid="link-in-start-log">
          <p>
            This Smart Zone runs on your own computer and sends no email. Your verification link for{' '}
            <strong>{user?.email}</strong> is in the terminal window where Smart Zone is running (where{' '}
            <code>pnpm start</code> was typed), on the line that starts &quot;Email verification link for&quot;.
          </p>
          <p>Open that link, then come back here and press &quot;I have verified my email&quot;.</p>
          <p className="small text-secondary">
            Sending the email again prints a new link there. Not your computer? Ask the person who started Smart Zone
            for the link.
          </p>
        </div>
      ) : (
        <p>
          We sent a verification link to <strong>{user?.email}</strong>. Open it, then come back to this page.
        </p>
      )}
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <Button variant="primary" onClick={() => resend.mutate()} disabled={resend.isPending}>
          Send Verification Email Again
        </Button>
        <Button variant="outline-secondary" onClick={() => check.mutate()} disabled={check.isPending}>
          I have verified my email
        </Button>
      </div>
    </Alert>
  );
}
