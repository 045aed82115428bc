import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, Navigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { AuthError } from './AuthError';
import { CredentialFields } from './CredentialFields';
import { GoogleSignIn } from './GoogleSignIn';
import { useLanding, useReturnPath } from './use-return-path';

export function Login() {
  usePageTitle('Login');
  const { user, signIn, resetPassword, preload, linksInStartLog } = useAuth();
  const from = useReturnPath();
  const landing = useLanding();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Signed in here: the page goes on once the app has the user (and, from no page, knows whether they are staff).
  const [signedIn, setSignedIn] = useState(false);
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: async () => {
      toast.success(SPEC_TEXTS.resetEmailSent);
      if (await linksInStartLog()) {
        toast.info(
          'No email on a local install: the password reset link is in the terminal where Smart Zone is running.',
        );
      }
    },
  });

  // Already signed in (and not in the middle of signing in here), or just signed in: go on.
  if (user && (!busy || signedIn) && landing) return <Navigate to={landing} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password);
      setSignedIn(true);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  const onReset = () => {
    if (email.trim()) reset.mutate(email.trim());
    else toast.error(SPEC_TEXTS.resetNeedsEmail);
  };

  return (
    // The auth SDK loads once the person starts on the form (focus, tap), not with the page.
    <Card className="mx-auto shadow-sm auth-card" style={{ maxWidth: 440 }} onFocus={preload} onPointerDown={preload}>
      <Card.Body className="p-4">
        <h1 className="h3 text-center mb-4">Please Login</h1>
        <Form onSubmit={(event) => void onSubmit(event)} noValidate={false}>
          <CredentialFields
            idPrefix="login"
            email={email}
            password={password}
            onEmailChange={setEmail}
            onPasswordChange={setPassword}
          />
          <AuthError message={error} />
          <Button type="submit" variant="primary" className="w-100" disabled={busy}>
            {busy ? 'Signing in...' : 'Login'}
          </Button>
        </Form>
        <p className="mt-3 mb-1">
          New to Smart Zone?{' '}
          <Link to={paths.signUp.href()} state={from ? { from: { pathname: from } } : undefined}>
            Create an account
          </Link>
        </p>
        <p className="mb-0">
          Forgot your password?{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={onReset} disabled={reset.isPending}>
            {SPEC_TEXTS.resetPasswordButton}
          </Button>
        </p>
        <GoogleSignIn onSignedIn={() => setSignedIn(true)} />
      </Card.Body>
    </Card>
  );
}
