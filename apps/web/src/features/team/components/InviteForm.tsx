import { fieldErrors } from '@smart-zone/types/errors';
import { REASON_MAX, ROLES, ROLE_SUMMARIES, type Role } from '@smart-zone/types/roles';
import { memberInputSchema } from '@smart-zone/types/team';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { TextField } from '../../../components/TextField';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useInviteMember } from '../api/invite-member';

/** An invitation: an email and a role, in force when that email signs in verified. */
export function InviteForm() {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('clerk');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = memberInputSchema.safeParse({ email, role, reason });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setRefusal(undefined);
    invite.mutate(parsed.data, {
      onSuccess: (member) => {
        toast.success(`${member.email} is invited as ${member.role}`);
        setEmail('');
        setReason('');
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        setErrors(error.fields);
        if (!Object.keys(error.fields).length) setRefusal(error.message);
      },
    });
  };

  return (
    <Card className="shadow-sm mb-4">
      <Card.Body className="p-4">
        <h2 className="h4 mb-3">Invite a member</h2>
        <Form onSubmit={onSubmit} noValidate aria-busy={invite.isPending}>
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
          <Button type="submit" variant="primary" disabled={invite.isPending}>
            {invite.isPending ? 'Inviting...' : 'Invite'}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
