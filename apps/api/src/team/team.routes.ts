import { deleteResultSchema, memberSchema, teamSchema } from '@smart-zone/types/api-schemas';
import { reasonQuerySchema } from '@smart-zone/types/audit';
import { memberInputSchema, memberParams, roleChangeSchema } from '@smart-zone/types/team';
import { currentAuthor } from '../auth/require-user';
import { json } from '../http/route-docs';
import { route } from '../http/route';
import type { Store } from '../store/store';
import type { InvitationMailer } from './invitation-email';
import type { TeamSettings } from './team-roles';
import { teamService } from './team.service';

const OWNER_RULES =
  'An owner named by OWNER_EMAILS cannot be changed here (409 owner_from_settings); the team always keeps an ' +
  'owner (409 last_owner). A change counts from the member’s very next request, with no new sign-in.';

/** The team page's calls: owners only (permission `manageTeam`). */
export function teamRoutes(deps: { store: Store; settings: TeamSettings; mailer?: InvitationMailer }) {
  const service = teamService(deps.store, deps.settings, deps.mailer);
  return [
    route({
      method: 'get',
      path: '/team',
      operationId: 'getTeam',
      tag: 'team',
      summary: 'The members and their roles, the STAFF setting, and whether invitations are emailed',
      description:
        'Owners first, then by role, then by email. With SMTP_URL set (`invitationEmails`), each member invited ' +
        'since the server started has the state of their invitation email (sending, sent, or failed with why).',
      access: 'manageTeam',
      responses: { '200': { description: 'The team', content: json(teamSchema) } },
      async handle(_input, _req, res) {
        res.json(await service.list());
      },
    }),

    route({
      method: 'post',
      path: '/team',
      operationId: 'inviteMember',
      tag: 'team',
      summary: 'Invite an email with a role',
      description:
        'The role takes effect whenever that email signs in verified. With SMTP_URL set, an email tells the ' +
        'invitee how to join (open the app, sign up with this address); it is sent after the answer, whose ' +
        `\`invitationEmail\` is then \`sending\` (GET /team shows whether it was sent). ${OWNER_RULES}`,
      access: 'manageTeam',
      body: memberInputSchema,
      responses: { '201': { description: 'The new member', content: json(memberSchema) } },
      refusals: {
        409: 'The email is a member already (member_exists), or an owner the settings name (owner_from_settings)',
      },
      async handle({ body }, _req, res) {
        res.status(201).json(await service.add(body.email, body.role, currentAuthor(res, body.reason)));
      },
    }),

    route({
      method: 'patch',
      path: '/team/:email',
      operationId: 'changeMemberRole',
      tag: 'team',
      summary: 'Change a member’s role',
      description: OWNER_RULES,
      access: 'manageTeam',
      params: memberParams,
      body: roleChangeSchema,
      responses: { '200': { description: 'The member', content: json(memberSchema) } },
      refusals: {
        404: 'No member with that email (not_found)',
        409: 'It would leave no owner (last_owner), or the owner is named by the settings (owner_from_settings)',
      },
      async handle({ params, body }, _req, res) {
        res.json(await service.setRole(params.email, body.role, currentAuthor(res, body.reason)));
      },
    }),

    route({
      method: 'delete',
      path: '/team/:email',
      operationId: 'removeMember',
      tag: 'team',
      summary: 'Remove a member (someone on the STAFF list stays a clerk)',
      description: OWNER_RULES,
      access: 'manageTeam',
      params: memberParams,
      query: reasonQuerySchema,
      responses: { '200': { description: 'Removed', content: json(deleteResultSchema) } },
      refusals: {
        404: 'No member with that email (not_found)',
        409: 'It would leave no owner (last_owner), or the owner is named by the settings (owner_from_settings)',
      },
      async handle({ params, query }, _req, res) {
        await service.remove(params.email, currentAuthor(res, query.reason));
        res.json({ acknowledged: true, deletedCount: 1 });
      },
    }),
  ];
}
