import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { AuthError } from './AuthError';
import { CredentialFields } from './CredentialFields';
import { GoogleSignIn } from './GoogleSignIn';

export function SignUp() {
  usePageTitle('Sign Up');
  const { signUp, preload } = useAuth();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!agreed) return;
    setBusy(true);
    setError(null);
    try {
      await signUp(email.trim(), password, name.trim() || undefined);
      void navigate(paths.home.href());
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <Card className="mx-auto shadow-sm" style={{ maxWidth: 440 }} onFocus={preload} onPointerDown={preload}>
      <Card.Body className="p-4">
        <h1 className="h3 text-center mb-4">Please Register</h1>
        <Form onSubmit={(event) => void onSubmit(event)}>
          <Form.Group className="mb-3" controlId="signup-name">
            <Form.Label>Your name (optional)</Form.Label>
            <Form.Control autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
          </Form.Group>
          <CredentialFields
            idPrefix="signup"
            email={email}
            password={password}
            onEmailChange={setEmail}
            onPasswordChange={setPassword}
            newPassword
          />
          <Form.Group className="mb-3" controlId="signup-terms">
            <Form.Check
              type="checkbox"
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
              label={`Accept ${SPEC_TEXTS.brand} ${SPEC_TEXTS.termsAndConditions}`}
              className={agreed ? 'text-primary' : 'terms-label-unchecked text-danger'}
            />
          </Form.Group>
          <AuthError message={error} />
          <Button type="submit" variant="primary" className="w-100" disabled={!agreed || busy}>
            {busy ? 'Registering...' : SPEC_TEXTS.registerButton}
          </Button>
        </Form>
        <p className="mt-3 mb-0">
          Already have an account? <Link to={paths.login.href()}>Please Login</Link>
        </p>
        <GoogleSignIn onSignedIn={() => void navigate(paths.home.href())} />
      </Card.Body>
    </Card>
  );
}
