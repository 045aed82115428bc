import Alert from 'react-bootstrap/Alert';

/** What a verified user who is not on the staff list sees instead of a page only staff may use. */
export function NotStaffNotice({ email }: { email: string }) {
  return (
    <Alert variant="warning" className="mx-auto" style={{ maxWidth: 560 }}>
      <h1 className="h4">Not on the staff list</h1>
      <p>Your account is not on this warehouse&apos;s staff list, so it cannot add, change or deliver items here.</p>
      <p className="mb-0">
        To get access, give an admin this email: <strong className="text-break">{email}</strong>
      </p>
    </Alert>
  );
}
