import { ROLE_SUMMARIES, ROLES } from '@smart-zone/types/roles';
import { Email } from '../../../components/Email';
import { QueryError } from '../../../components/QueryError';
import { usePageTitle } from '../../../components/use-page-title';
import { useTeam } from '../api/get-team';
import { InviteForm } from './InviteForm';
import { MembersTable } from './MembersTable';
import { TeamPageSkeleton } from './skeletons';

/**
 * The owner's team: invite an email with a role, change a member's role,
 * remove a member; what the STAFF setting adds, read-only. A change takes
 * effect on the member's very next request.
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
          Neither OWNER_EMAILS nor STAFF is set on the server: every verified user who is not a member is a manager.
        </p>
      )}
      <section aria-labelledby="staff-title" className="mt-4">
        <h2 id="staff-title" className="h4">
          From the STAFF setting
        </h2>
        <p className="text-secondary small">
          Read-only here: these emails and @domains are clerks unless they are members. The server&apos;s settings
          change them.
        </p>
        {staff.length ? (
          <ul data-testid="staff-list">
            {staff.map((entry) => (
              <li key={entry}>
                <Email address={entry} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-secondary">STAFF is not set.</p>
        )}
      </section>
    </section>
  );
}
