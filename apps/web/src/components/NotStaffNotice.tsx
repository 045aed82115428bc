import Alert from 'react-bootstrap/Alert';

/** What a verified user who is on no team sees instead of a page only the team may use. */
export function NotStaffNotice({ email }: { email: string }) {
  return (
    <Alert variant="warning" className="mx-auto" style={{ maxWidth: 560 }}>
      <h1 className="h4">Not on the team</h1>
      <p>
        Your account is not on this warehouse&apos;s team, so it cannot see or change its stock here. An owner of this
        warehouse must invite you.
      </p>
      <p className="mb-0">
        Give an owner this email: <strong className="text-break">{email}</strong>
      </p>
    </Alert>
  );
}
