import { normaliseEmail, ROLES, type Role } from '@smart-zone/types/roles';
import type { Member, Team } from '@smart-zone/types/team';
import { AppError, notFound } from '../errors/app-error';
import type { Author, Store, TeamOutcome, TeamWriteGuard } from '../store/store';
import type { InvitationMailer } from './invitation-email';
import { isOpenWarehouse, type TeamSettings } from './team-roles';

const LAST_OWNER = 'The team must keep at least one owner: make someone else an owner first.';

/** The team as the owner sees and changes it: the store's members, with the settings' owners marked fixed. */
export function teamService(store: Store, settings: TeamSettings, mailer?: InvitationMailer) {
  const fixed = new Set(settings.ownerEmails.map(normaliseEmail));
  const withFixed = (member: Member): Member => {
    const invitationEmail = mailer?.stateOf(member.email);
    return { ...member, fixed: fixed.has(member.email), ...(invitationEmail ? { invitationEmail } : {}) };
  };

  /** OWNER_EMAILS owners change only with the settings. */
  const assertNotFixed = (email: string) => {
    if (fixed.has(email)) {
      throw new AppError(
        409,
        'owner_from_settings',
        `${email} is an owner named by the OWNER_EMAILS setting: only that setting can change them.`,
      );
    }
  };

  /**
   * The acting owner's role is read when the request starts; it is read again inside the write, so that one
   * demoted meanwhile changes nothing. An owner the settings name cannot be demoted: no need.
   */
  const guardOf = (by: Author): TeamWriteGuard =>
    fixed.has(normaliseEmail(by.email)) ? {} : { actingOwner: normaliseEmail(by.email) };

  const answer = (outcome: TeamOutcome, email: string): Member | null => {
    if (outcome.ok) return outcome.member && withFixed(outcome.member);
    if (outcome.reason === 'not_owner') {
      throw new AppError(
        403,
        'forbidden',
        'You are no longer an owner of this team: nothing changed.',
        undefined,
        'acting owner demoted before the write',
      );
    }
    if (outcome.reason === 'not_found') throw notFound(`${email} is not a member of the team`);
    if (outcome.reason === 'exists') {
      throw new AppError(
        409,
        'member_exists',
        `${email} is already a ${outcome.member.role}: change their role instead.`,
      );
    }
    throw new AppError(409, 'last_owner', LAST_OWNER);
  };

  return {
    async list(): Promise<Team> {
      const rank = (role: Role) => ROLES.indexOf(role);
      const [stored, people] = await Promise.all([store.team.list(), store.people.list()]);
      const byEmail = new Map(people.map((person) => [person.email, person]));
      const members = stored
        .map(withFixed)
        .map((member) => {
          const person = byEmail.get(member.email);
          return {
            ...member,
            ...(person?.name ? { name: person.name } : {}),
            ...(person?.signedInAt ? { signedInAt: person.signedInAt } : {}),
          };
        })
        .sort((a, b) => rank(b.role) - rank(a.role) || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
      return {
        members,
        staff: [...(settings.staff ?? [])],
        open: isOpenWarehouse(settings),
        invitationEmails: mailer !== undefined,
      };
    },

    /** Invites; with a mailer, the invitee's email goes out after the answer (its state: `sending`). */
    async add(email: string, role: Role, by: Author): Promise<Member> {
      assertNotFixed(email);
      const member = answer(await store.team.add({ email, role }, by, guardOf(by)), email)!;
      if (!mailer) return member;
      return {
        ...member,
        invitationEmail: mailer.send({ email: member.email, role: member.role, invitedBy: by.email }),
      };
    },

    async setRole(email: string, role: Role, by: Author): Promise<Member> {
      assertNotFixed(email);
      return answer(await store.team.setRole(email, role, by, guardOf(by)), email)!;
    },

    async remove(email: string, by: Author): Promise<void> {
      assertNotFixed(email);
      answer(await store.team.remove(email, by, guardOf(by)), email);
    },
  };
}
