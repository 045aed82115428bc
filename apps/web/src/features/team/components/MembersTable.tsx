import { ROLES, type Role } from '@smart-zone/types/roles';
import type { Member } from '@smart-zone/types/team';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Email } from '../../../components/Email';
import { PersonName } from '../../../components/PersonName';
import { When } from '../../../components/When';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useChangeRole } from '../api/change-role';
import { useRemoveMember } from '../api/remove-member';
import { MEMBER_COLUMNS } from './skeletons';

/** `invitedBy` of an owner the server's settings name. */
const SETTINGS_INVITER = 'OWNER_EMAILS';

/** The invitation email's fate, when one was sent since the server started; a failure says what to do. */
function InvitationEmailState({ member }: { member: Member }) {
  const sent = member.invitationEmail;
  if (!sent) return null;
  const text =
    sent.state === 'sending'
      ? 'Sending the invitation email...'
      : sent.state === 'sent'
        ? 'Invitation email sent.'
        : `The invitation email could not be sent (${sent.error ?? 'no answer'}). Tell them yourself to sign up ` +
          'with this exact address.';
  return (
    <span
      className={`d-block small fw-normal ${sent.state === 'failed' ? 'text-danger' : 'text-secondary'}`}
      data-testid="invitation-email"
    >
      {text}
    </span>
  );
}

/** Who a member is: their name over their email, or their email alone until they have a name. */
function MemberName({ member }: { member: Member }) {
  if (!member.name) return <Email address={member.email} />;
  return (
    <>
      <span className="d-block">{member.name}</span>
      <span className="d-block small fw-normal text-secondary">
        <Email address={member.email} />
      </span>
    </>
  );
}

/** Whether a member has signed in yet, and when last. */
function SignedIn({ at }: { at?: string }) {
  return at ? (
    <span>
      signed in <When at={at} />
    </span>
  ) : (
    <span className="text-secondary">not yet</span>
  );
}

/** Who invited a member: their name (email on hover); an owner the server administrator named, by nobody. */
function InvitedBy({ member }: { member: Member }) {
  if (member.fixed || member.invitedBy === SETTINGS_INVITER) return <span className="text-secondary">—</span>;
  return <PersonName email={member.invitedBy} />;
}

/** What the owner is about to do to one member, until they confirm (each with an optional reason). */
type Pending = { kind: 'role'; member: Member; role: Role } | { kind: 'remove'; member: Member };

/**
 * The members, owners first, by name (their email under it), whether they have signed in yet: a role menu and a
 * Remove button on each, both asking first; an owner the server administrator named is marked and has neither.
 * A refusal (the last owner, say) shows above the table, in the API's words.
 */
export function MembersTable({ members }: { members: Member[] }) {
  const changeRole = useChangeRole();
  const removeMember = useRemoveMember();
  const [pending, setPending] = useState<Pending | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const busy = changeRole.isPending || removeMember.isPending;
  const [who, role, signedIn, invitedBy, at] = MEMBER_COLUMNS;

  const settled = {
    onError: (error: Error) => setRefusal(errorMessage(error)),
    onSettled: () => setPending(null),
  };
  const confirm = (reason?: string) => {
    if (!pending) return;
    setRefusal(undefined);
    if (pending.kind === 'role') {
      const { member, role: next } = pending;
      changeRole.mutate(
        { email: member.email, role: next, reason },
        { ...settled, onSuccess: () => toast.success(`${member.email} is now ${next}`) },
      );
    } else {
      const { member } = pending;
      removeMember.mutate(
        { ...member, reason },
        { ...settled, onSuccess: () => toast.success(`${member.email} has left the team`) },
      );
    }
  };

  return (
    <>
      {refusal && (
        <Alert variant="danger" dismissible onClose={() => setRefusal(undefined)}>
          {refusal}
        </Alert>
      )}
      <Table striped className="align-middle table-stack">
        <thead>
          <tr>
            {MEMBER_COLUMNS.map((column) => (
              <th scope="col" key={column}>
                {column || <span className="visually-hidden">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.email} data-testid="member-row">
              <th scope="row" data-label={who}>
                {/* One box: the stacked row (a phone) puts it beside its label. */}
                <div>
                  <MemberName member={member} />
                  <InvitationEmailState member={member} />
                </div>
              </th>
              <td data-label={role}>
                {member.fixed ? (
                  'Owner (set by the server administrator)'
                ) : (
                  <Form.Select
                    // Written out, not `size="sm"`: the CSS purge keeps only class names it can read in src/.
                    className="form-select-sm"
                    aria-label={`Role of ${member.email}`}
                    value={member.role}
                    disabled={busy}
                    onChange={(event) => setPending({ kind: 'role', member, role: event.target.value as Role })}
                  >
                    {ROLES.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </Form.Select>
                )}
              </td>
              <td data-label={signedIn}>
                <SignedIn at={member.signedInAt} />
              </td>
              <td data-label={invitedBy}>
                <InvitedBy member={member} />
              </td>
              <td data-label={at} className="small">
                <When at={member.at} />
              </td>
              <td className="table-actions">
                {!member.fixed && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Remove ${member.email}`}
                    disabled={busy}
                    onClick={() => setPending({ kind: 'remove', member })}
                  >
                    Remove
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <ConfirmDialog
        show={pending !== null}
        question={pending?.kind === 'role' ? 'Change this role?' : 'Remove this member?'}
        detail={
          pending?.kind === 'role'
            ? `${pending.member.email} becomes ${pending.role}, from their very next request.`
            : pending
              ? `${pending.member.email} leaves the team and loses access at once.`
              : undefined
        }
        confirmLabel={pending?.kind === 'role' ? 'Change role' : 'Remove'}
        busyLabel="Saving..."
        busy={busy}
        reason={{ required: false }}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
