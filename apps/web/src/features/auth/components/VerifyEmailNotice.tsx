import { countsAsVerified } from '@smart-zone/types/access-claims';
import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../../lib/auth/auth-context';

/** What a protected page shows a password user whose email is not verified yet. */
export function VerifyEmailNotice() {
  const { user, sendVerification, refreshUser } = useAuth();
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
      <p>
        We sent a verification link to <strong>{user?.email}</strong>. Open it, then come back to this page.
      </p>
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
