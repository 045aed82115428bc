import { REASON_MAX, ROLES, ROLE_SUMMARIES, type Role } from '@smart-zone/types/roles';
import { memberInputSchema } from '@smart-zone/types/team';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { TextField } from '../../../components/TextField';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useInviteMember } from '../api/invite-member';

/** An invitation: an email and a role, in force when that email signs in verified. */
export function InviteForm() {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('clerk');
  const [reason, setReason] = useState('');
  const form = useFormSubmit({
    schema: memberInputSchema,
    send: (input) => invite.mutateAsync(input),
    onSuccess: (member) => {
      toast.success(`${member.email} is invited as ${member.role}`);
      setEmail('');
      setReason('');
    },
  });
  const { errors, refusal } = form;

  return (
    <Card className="shadow-sm mb-4">
      <Card.Body className="p-4">
        <h2 className="h4 mb-3">Invite a member</h2>
        <Form onSubmit={(event) => form.onSubmit(event, { email, role, reason })} noValidate aria-busy={form.busy}>
          <Row>
            <Col md={5}>
              <TextField
                id="invite-email"
                label="Email"
                type="email"
                autoComplete="off"
                required
                value={email}
                error={errors.email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </Col>
            <Col md={3}>
              <Form.Group className="mb-3" controlId="invite-role">
                <Form.Label>Role</Form.Label>
                <Form.Select
                  value={role}
                  aria-describedby="invite-role-help"
                  onChange={(event) => setRole(event.target.value as Role)}
                >
                  {ROLES.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </Form.Select>
                <Form.Text id="invite-role-help" className="d-block">
                  {role}: {ROLE_SUMMARIES[role]}.
                </Form.Text>
              </Form.Group>
            </Col>
            <Col md={4}>
              <TextField
                id="invite-reason"
                label="Reason (optional)"
                maxLength={REASON_MAX}
                autoComplete="off"
                value={reason}
                error={errors.reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </Col>
          </Row>
          {refusal && (
            <Alert variant="danger" className="py-2">
              {refusal}
            </Alert>
          )}
          <Button type="submit" variant="primary" disabled={form.busy}>
            {form.busy ? 'Inviting...' : 'Invite'}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
