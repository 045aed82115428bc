import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Member, Team } from '@smart-zone/types/team';
import { fakeApi, meRoute } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';
import { openWorkMenu } from '../../test/work-menu';

const owner = passwordUser('owner@example.com', true);

const member = (email: string, overrides: Partial<Member> = {}): Member => ({
  email,
  role: 'clerk',
  invitedBy: 'owner@example.com',
  at: '2026-11-20T10:00:00.000Z',
  fixed: false,
  ...overrides,
});

const TEAM: Team = {
  members: [
    member('owner@example.com', {
      role: 'owner',
      invitedBy: 'OWNER_EMAILS',
      fixed: true,
      name: 'Olive Owner',
      signedInAt: '2026-11-21T08:30:00.000Z',
    }),
    member('second@example.com', { role: 'owner' }),
    member('bob@example.com'),
  ],
  staff: ['@warehouse.example', 'temp@example.com'],
  open: false,
  invitationEmails: false,
};

const refusal = (status: number, code: string, message: string) => ({ status, body: { error: { code, message } } });
const rowOf = (email: string) =>
  screen.getAllByTestId('member-row').find((row) => within(row).queryByText(email)) as HTMLElement;

describe('Team', () => {
  test('lists the members; the owner the settings name is marked and has no controls; STAFF is read-only', async () => {
    const { calls } = fakeApi({
      ...meRoute(owner, { role: 'owner', people: [{ email: 'owner@example.com', name: 'Olive Owner' }] }),
      'GET /team': () => ({ body: TEAM }),
    });
    renderApp('/team', owner);
    expect(await screen.findAllByTestId('member-row')).toHaveLength(3);
    expect(document.title).toBe('Team-Smart-Zone');
    expect(calls.find((call) => call.path === '/team')!.headers.Authorization).toMatch(/^Bearer /);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Member',
      'Role',
      'Sign-in',
      'Invited by',
      'When',
      'Actions',
    ]);

    // The fixed owner, in plain words: no setting's name anywhere on the page.
    const fixed = within(rowOf('owner@example.com'));
    expect(fixed.getByRole('cell', { name: 'Owner (set by the server administrator)' })).toBeInTheDocument();
    expect(fixed.queryByRole('combobox')).toBeNull();
    expect(fixed.queryByRole('button')).toBeNull();
    expect(document.body).not.toHaveTextContent(/OWNER_EMAILS|STAFF|SMTP_URL|Set by the server/);
    const bob = within(rowOf('bob@example.com'));
    expect(bob.getByRole('combobox', { name: 'Role of bob@example.com' })).toHaveValue('clerk');
    expect(bob.getByRole('button', { name: 'Remove bob@example.com' })).toBeInTheDocument();
    // Invited by the owner: their name, the email on hover.
    expect(await bob.findByText('Olive Owner')).toHaveAttribute('title', 'owner@example.com');

    expect(screen.getByRole('heading', { name: 'Also clerks: anyone signing in with these addresses' })).toBeVisible();
    const staff = within(screen.getByTestId('staff-list'));
    expect(staff.getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'anyone at @warehouse.example',
      'temp@example.com',
    ]);
    expect(staff.queryByRole('button')).toBeNull();
  });

  test('members by name, the email beneath, and whether they have signed in yet', async () => {
    fakeApi({ ...meRoute(owner, { role: 'owner' }), 'GET /team': () => ({ body: TEAM }) });
    renderApp('/team', owner);
    await screen.findAllByTestId('member-row');

    // Cells after the member's own: Role, Sign-in, Invited by, When, the actions.
    const named = within(rowOf('owner@example.com'));
    const who = named.getByRole('rowheader');
    expect(who.textContent).toBe('Olive Ownerowner@example.com');
    expect(within(who).getByText('Olive Owner')).toBeInTheDocument();
    const signedIn = named.getAllByRole('cell')[1]!;
    expect(signedIn).toHaveTextContent(/^signed in \S/);
    expect(within(signedIn).getByRole('time')).toHaveAttribute('dateTime', '2026-11-21T08:30:00.000Z');

    // Not signed in yet: their email alone, and "not yet".
    const bob = within(rowOf('bob@example.com'));
    expect(bob.getByRole('rowheader').textContent).toBe('bob@example.com');
    expect(bob.getAllByRole('cell')[1]).toHaveTextContent(/^not yet$/);
  });

  test('the owner sets their own name at the top of the page', async () => {
    let name: string | undefined;
    const { calls } = fakeApi({
      ...meRoute(owner, { role: 'owner' }),
      'GET /me': () => ({
        body: { email: owner.email, uid: owner.uid, verified: true, role: 'owner', staff: true, ...(name && { name }) },
      }),
      'GET /team': () => ({ body: TEAM }),
      'PUT /me/name': ({ body }) => {
        name = (body as { name: string }).name;
        return { body: { email: owner.email, name } };
      },
    });
    renderApp('/team', owner);
    await screen.findAllByTestId('member-row');
    const field = screen.getByLabelText('Your name');
    expect(field).toHaveValue('');
    await userEvent.type(field, '  Olive   Owner ');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Name saved')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/me/name', body: { name: 'Olive Owner' } }),
    ]);
    // The navbar calls them by it from now on.
    expect(await within(screen.getByRole('navigation')).findByText('Olive Owner')).toBeInTheDocument();
  });

  test('invites an email with a role and a reason; the list shows the new member', async () => {
    let team = TEAM;
    const { calls } = fakeApi({
      ...meRoute(owner, { role: 'owner' }),
      'GET /team': () => ({ body: team }),
      'POST /team': ({ body }) => {
        const added = member('ann@example.com', { role: 'manager' });
        team = { ...team, members: [...team.members, added] };
        return { status: 201, body: { ...added, echoed: body } };
      },
    });
    renderApp('/team', owner);
    await screen.findAllByTestId('member-row');
    await userEvent.type(screen.getByLabelText('Email'), ' Ann@Example.com ');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'manager');
    await userEvent.type(screen.getByLabelText('Reason (optional)'), 'New shift lead');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('ann@example.com is invited as manager')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      email: 'ann@example.com',
      role: 'manager',
      reason: 'New shift lead',
    });
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(4));
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  test('an invalid email is refused before sending; a member already there is refused in the API’s words', async () => {
    const { calls } = fakeApi({
      ...meRoute(owner, { role: 'owner' }),
      'GET /team': () => ({ body: TEAM }),
      'POST /team': () => refusal(409, 'member_exists', 'bob@example.com is already a member (clerk).'),
    });
    renderApp('/team', owner);
    await screen.findAllByTestId('member-row');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'bob@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('bob@example.com is already a member (clerk).')).toBeInTheDocument();
  });

  test('changes a role after confirming, with an optional reason', async () => {
    let team = TEAM;
    const { calls } = fakeApi({
      ...meRoute(owner, { role: 'owner' }),
      'GET /team': () => ({ body: team }),
      'PATCH /team/*': ({ body }) => {
        const changed = member('bob@example.com', { role: (body as Member).role });
        team = { ...team, members: team.members.map((one) => (one.email === changed.email ? changed : one)) };
        return { body: changed };
      },
    });
    renderApp('/team', owner);
    await screen.findAllByTestId('member-row');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of bob@example.com' }), 'viewer');
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Change this role?')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
    await userEvent.type(dialog.getByLabelText('Reason (optional)'), 'Moved to reporting');
    await userEvent.click(dialog.getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('bob@example.com is now viewer')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.path).toBe('/team/bob%40example.com');
    expect(patch.body).toEqual({ role: 'viewer', reason: 'Moved to reporting' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Role of bob@example.com' })).toHaveValue('viewer'),
    );
  });

  test('the last owner’s refusal is shown in the API’s words, and the role stays', async () => {
    fakeApi({
      ...meRoute(owner, { role: 'owner' }),
      'GET /team': () => ({ body: TEAM }),
      'PATCH /team/*': () => refusal(409, 'last_owner', 'The team must keep at least one owner.'),
    });
    renderApp('/team', owner);
    await screen.findAllByTestId('member-row');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of second@example.com' }), 'clerk');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('The team must keep at least one owner.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of second@example.com' })).toHaveValue('owner');
  });

  test('removes a member after confirming, the reason in the query; a refusal is shown', async () => {
    let team = TEAM;
    const { calls } = fakeApi({
      ...meRoute(owner, { role: 'owner' }),
      'GET /team': () => ({ body: team }),
      'DELETE /team/bob%40example.com*': () => {
        team = { ...team, members: team.members.filter((one) => one.email !== 'bob@example.com') };
        return { body: { acknowledged: true, deletedCount: 1 } };
      },
      'DELETE /team/second%40example.com*': () =>
        refusal(409, 'last_owner', 'second@example.com is the last owner the app can change.'),
    });
    renderApp('/team', owner);
    await screen.findAllByTestId('member-row');
    await userEvent.click(screen.getByRole('button', { name: 'Remove bob@example.com' }));
    let dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('Reason (optional)'), 'Left the company');
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('bob@example.com has left the team')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(2));
    expect(calls.find((call) => call.method === 'DELETE')!.path).toBe(
      '/team/bob%40example.com?reason=Left+the+company',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Remove second@example.com' }));
    dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('second@example.com is the last owner the app can change.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').at(-1)!.path).toBe('/team/second%40example.com');
  });

  test('an owner who makes themself a manager loses the Team link at once, without signing in again', async () => {
    const second = passwordUser('second@example.com', true);
    let role: Member['role'] = 'owner';
    fakeApi({
      ...meRoute(second, { role: 'owner' }),
      'GET /me': () => ({ body: { email: second.email, uid: second.uid, verified: true, role, staff: true } }),
      'GET /team': () => ({ body: TEAM }),
      'PATCH /team/*': () => {
        role = 'manager';
        return { body: member('second@example.com', { role }) };
      },
    });
    renderApp('/team', second);
    await screen.findAllByTestId('member-row');
    expect((await openWorkMenu()).getByRole('link', { name: 'Team' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of second@example.com' }), 'manager');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change role' }));
    // The dialog's click closed the menu: opened again, it has no Team any more.
    await waitFor(async () => expect((await openWorkMenu()).queryByRole('link', { name: 'Team' })).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Not for your role' })).toBeInTheDocument();
  });

  describe('what the invitee must do', () => {
    const invitingApi = (emails: boolean, after: Member['invitationEmail'][]) => {
      let team: Team = { ...TEAM, invitationEmails: emails };
      let polls = 0;
      return fakeApi({
        ...meRoute(owner, { role: 'owner' }),
        'GET /team': () => {
          if (team.members.length > 3) {
            const state = after[Math.min(polls++, after.length - 1)];
            team = {
              ...team,
              members: team.members.map((m) => (m.email === 'ann@example.com' ? { ...m, invitationEmail: state } : m)),
            };
          }
          return { body: team };
        },
        'POST /team': () => {
          const added = member('ann@example.com', {
            invitationEmail: emails ? { state: 'sending', at: '2026-11-20T10:00:00.000Z' } : undefined,
          });
          team = { ...team, members: [...team.members, added] };
          return { status: 201, body: added };
        },
      });
    };
    const invite = async () => {
      await screen.findAllByTestId('member-row');
      await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
      await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    };

    test('without SMTP on the server: the page says no email is sent, and what to tell the person', async () => {
      invitingApi(false, [undefined]);
      renderApp('/team', owner);
      expect(await screen.findByTestId('invite-how')).toHaveTextContent(
        'Invitation emails are off on this server, so no email is sent: tell the person ' +
          'yourself to open this app, sign up with the exact email you enter here, and open the verification link.',
      );
      await invite();
      expect(await screen.findByTestId('invite-next')).toHaveTextContent(
        `No email was sent. Tell ann@example.com: open ${window.location.origin}/signup and sign up with this ` +
          'exact email address: ann@example.com, then open the verification link.',
      );
      expect(screen.queryByTestId('invitation-email')).not.toBeInTheDocument();
    });

    test('with SMTP: the page says an email tells them how to join, and the list shows when it is sent', async () => {
      const sent = { state: 'sent' as const, at: '2026-11-20T10:00:01.000Z' };
      invitingApi(true, [{ state: 'sending', at: '2026-11-20T10:00:00.000Z' }, sent]);
      renderApp('/team', owner);
      expect(await screen.findByTestId('invite-how')).toHaveTextContent(
        'Smart Zone emails the person how to join: open this app and sign up with the email you enter here.',
      );
      await invite();
      expect(await screen.findByTestId('invite-next')).toHaveTextContent(
        'An email to ann@example.com is on its way, saying how to join. The list below shows when it is sent.',
      );
      expect(await within(rowOf('ann@example.com')).findByText('Sending the invitation email...')).toBeInTheDocument();
      // Asked again while it is sending, until the relay has answered.
      expect(
        await within(rowOf('ann@example.com')).findByText('Invitation email sent.', {}, { timeout: 5000 }),
      ).toBeInTheDocument();
    });

    test('a failed invitation email is shown to the owner, in red, with what to do', async () => {
      invitingApi(true, [{ state: 'failed', at: '2026-11-20T10:00:01.000Z', error: '550 Mailbox unavailable' }]);
      renderApp('/team', owner);
      await invite();
      const failed = await within(rowOf('ann@example.com')).findByText(/could not be sent/, {}, { timeout: 5000 });
      expect(failed).toHaveTextContent(
        'The invitation email could not be sent (550 Mailbox unavailable). Tell them yourself to sign up with ' +
          'this exact address.',
      );
      expect(failed).toHaveClass('text-danger');
    });
  });
});
