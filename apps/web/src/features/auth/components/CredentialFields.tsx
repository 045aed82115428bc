import Form from 'react-bootstrap/Form';

interface CredentialFieldsProps {
  /** Prefix of the inputs' ids: "login" or "signup". */
  idPrefix: string;
  email: string;
  password: string;
  onEmailChange: (email: string) => void;
  onPasswordChange: (password: string) => void;
  /** A new account's password: the browser may suggest one, and it must have 6 characters (Firebase's rule). */
  newPassword?: boolean;
}

/** The email and password fields of the sign-in and sign-up forms. */
export function CredentialFields({
  idPrefix,
  email,
  password,
  onEmailChange,
  onPasswordChange,
  newPassword = false,
}: CredentialFieldsProps) {
  const helpId = `${idPrefix}-password-help`;
  return (
    <>
      <Form.Group className="mb-3" controlId={`${idPrefix}-email`}>
        <Form.Label>Email address</Form.Label>
        <Form.Control
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${idPrefix}-password`}>
        <Form.Label>Password</Form.Label>
        <Form.Control
          type="password"
          autoComplete={newPassword ? 'new-password' : 'current-password'}
          required
          minLength={newPassword ? 6 : undefined}
          aria-describedby={newPassword ? helpId : undefined}
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
        />
        {newPassword && <Form.Text id={helpId}>At least 6 characters.</Form.Text>}
      </Form.Group>
    </>
  );
}
