import { ROLE_SUMMARIES, ROLES } from '@smart-zone/types/roles';
import Card from 'react-bootstrap/Card';
import { Email } from '../../../components/Email';
import { QueryError } from '../../../components/QueryError';
import { usePageTitle } from '../../../components/use-page-title';
import { YourNameForm } from '../../../components/YourNameForm';
import { useTeam } from '../api/get-team';
import { InviteForm } from './InviteForm';
import { MembersTable } from './MembersTable';
import { TeamPageSkeleton } from './skeletons';

/** An entry of the clerks' list as the owner reads it: an @domain is everyone at it. */
const clerksEntry = (entry: string) =>
  entry.startsWith('@') ? (
    <>
      anyone at <Email address={entry} />
    </>
  ) : (
    <Email address={entry} />
  );

/**
 * The owner's team: their own name first; invite an email with a role, change a member's role, remove a member;
 * whom the server administrator also makes clerks, read-only. A change takes effect on the member's very next
 * request. In the owner's words, never the server's setting names.
 */
export function TeamPage() {
  usePageTitle('Team');
  const team = useTeam();
  if (team.isPending) return <TeamPageSkeleton />;
  if (team.isError) return <QueryError error={team.error} onRetry={() => void team.refetch()} />;
  const { members, staff, open, invitationEmails } = team.data;

  return (
    <section aria-labelledby="team-title">
      <h1 id="team-title">Team</h1>
      <Card className="shadow-sm mb-4">
        <Card.Body className="p-4">
          <h2 className="h4 mb-2">Your name</h2>
          <YourNameForm id="team-your-name" />
        </Card.Body>
      </Card>
      <ul className="text-secondary small ps-3">
        {ROLES.map((role) => (
          <li key={role}>
            <strong>{role}</strong>: {ROLE_SUMMARIES[role]}
          </li>
        ))}
      </ul>
      <InviteForm emails={invitationEmails} />
      <h2 className="h4 mb-3">Members</h2>
      {members.length ? (
        <MembersTable members={members} />
      ) : (
        <p className="text-secondary">No members yet. Invite the first one above.</p>
      )}
      {open && (
        <p className="alert alert-warning">
          Anyone who signs up and verifies their email is a manager here, unless you invite them with another role: the
          server administrator has named no owner and no clerks.
        </p>
      )}
      <section aria-labelledby="staff-title" className="mt-4">
        <h2 id="staff-title" className="h4">
          Also clerks: anyone signing in with these addresses
        </h2>
        <p className="text-secondary small">
          Unless you invite them with another role. The server administrator keeps this list; it cannot be changed here.
        </p>
        {staff.length ? (
          <ul data-testid="staff-list">
            {staff.map((entry) => (
              <li key={entry}>{clerksEntry(entry)}</li>
            ))}
          </ul>
        ) : (
          <p className="text-secondary">None.</p>
        )}
      </section>
    </section>
  );
}
