import { REASON_MAX, ROLES, ROLE_SUMMARIES, type Role } from '@smart-zone/types/roles';
import { type Member, memberInputSchema } from '@smart-zone/types/team';
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

/** What to tell a person invited without an email: where to go and which address to sign up with. */
const joinSteps = (email: string) =>
  `open ${new URL('/signup', window.location.origin).href} and sign up with this exact email address: ${email}, ` +
  'then open the verification link.';

/**
 * An invitation: an email and a role, in force when that email signs in verified. With `emails` (SMTP_URL on the
 * server) Smart Zone emails the person how to join; without, the form says what to tell them.
 */
export function InviteForm({ emails }: { emails: boolean }) {
  const invite = useInviteMember();
  const [done, setDone] = useState<Member>();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('clerk');
  const [reason, setReason] = useState('');
  const form = useFormSubmit({
    schema: memberInputSchema,
    send: (input) => invite.mutateAsync(input),
    onSuccess: (member) => {
      toast.success(`${member.email} is invited as ${member.role}`);
      setDone(member);
      setEmail('');
      setReason('');
    },
  });
  const { errors, refusal } = form;

  return (
    <Card className="shadow-sm mb-4">
      <Card.Body className="p-4">
        <h2 className="h4 mb-2">Invite a member</h2>
        <p className="small text-secondary" data-testid="invite-how">
          {emails
            ? 'Smart Zone emails the person how to join: open this app and sign up with the email you enter here.'
            : 'Invitation emails are off on this server, so no email is sent: tell the person ' +
              'yourself to open this app, sign up with the exact email you enter here, and open the verification link.'}
        </p>
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
          {done && (
            <Alert
              variant={emails ? 'success' : 'info'}
              className="py-2"
              data-testid="invite-next"
              dismissible
              onClose={() => setDone(undefined)}
            >
              {emails
                ? `An email to ${done.email} is on its way, saying how to join. The list below shows when it is sent.`
                : `No email was sent. Tell ${done.email}: ${joinSteps(done.email)}`}
            </Alert>
          )}
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
