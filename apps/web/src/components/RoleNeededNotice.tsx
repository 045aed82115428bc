import { type Permission, type Role, roleNeededMessage } from '@smart-zone/types/roles';
import Alert from 'react-bootstrap/Alert';

/** What a member whose role lacks a page's permission sees instead of the page (the API's own 403 words). */
export function RoleNeededNotice({ permission, role }: { permission: Permission; role: Role }) {
  return (
    <Alert variant="warning" className="mx-auto" style={{ maxWidth: 560 }}>
      <h1 className="h4">Not for your role</h1>
      <p className="mb-0">{roleNeededMessage(permission, role)}</p>
    </Alert>
  );
}
