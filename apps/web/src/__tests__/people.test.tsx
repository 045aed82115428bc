import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@smart-zone/types/audit';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import type { Role } from '@smart-zone/types/roles';
import type { Person } from '@smart-zone/types/team';
import { NO_EDITS, fakeApi, item, meRoute, movement, page, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';
import { PersonName } from '../components/PersonName';

const manager = passwordUser('manager@example.com', true);
const PEOPLE: Person[] = [
  { email: 'ann@example.com', name: 'Ann Lee', signedInAt: '2026-11-20T08:00:00.000Z' },
  { email: 'bob@example.com', signedInAt: '2026-11-20T08:00:00.000Z' },
];

const PEOPLE_ACTOR = {
  ann: { uid: 'uid-ann', email: 'ann@example.com' },
  bob: { uid: 'uid-bob', email: 'bob@example.com' },
};

describe('PersonName', () => {
  const nameOf = (email: string) => ({
    extraPages: [{ path: '/who', element: <PersonName email={email} /> }],
  });

  test('a person with a name: the name, the email on hover and after the name for a screen reader', async () => {
    const { calls } = fakeApi({ ...meRoute(manager, { people: PEOPLE }) });
    // As an actor's email may come: not lower-cased.
    renderApp('/who', manager, nameOf('Ann@Example.com'));
    const name = await screen.findByText('Ann Lee');
    expect(name).toHaveAttribute('title', 'Ann@Example.com');
    expect(name).toHaveTextContent('Ann Lee (Ann@Example.com)');
    expect(within(name).getByText('(Ann@Example.com)', { exact: false })).toHaveClass('visually-hidden');
    expect(calls.filter((call) => call.path === '/people')).toHaveLength(1);
  });

  test('someone without a name, or unknown: their email, whole on hover', async () => {
    fakeApi({ ...meRoute(manager, { people: PEOPLE }) });
    renderApp('/who', manager, nameOf('bob@example.com'));
    const email = await screen.findByText('bob@example.com');
    expect(email).toHaveClass('email-text');
    expect(email).toHaveAttribute('title', 'bob@example.com');
    expect(screen.queryByText(/Ann Lee/)).toBeNull();
  });

  test('someone who may not read people (on no team): the email, and nobody’s names are asked for', async () => {
    const visitor = passwordUser('visitor@example.com', true);
    // No GET /people route: asking for it would fail the test.
    fakeApi({ ...meRoute(visitor, { role: null }) });
    renderApp('/who', visitor, nameOf('ann@example.com'));
    expect(await screen.findByText('ann@example.com')).toHaveClass('email-text');
    await waitFor(() => expect(screen.queryByText('Ann Lee')).toBeNull());
  });
});

describe('names wherever someone did something', () => {
  const ITEM_ID = item()._id;
  const auditEntry = (index: number, email: string): AuditEntry => ({
    _id: String(index).padStart(24, '0'),
    at: '2026-11-20T10:00:00.000Z',
    actor: { uid: `uid-${email}`, email },
    action: 'stock.restock',
    target: { kind: 'item', id: ITEM_ID, name: 'Pixel 8 Pro' },
    changes: { quantity: [5, 8] },
    requestId: `req-${index}`,
  });

  test('the audit: the actor by name (email on hover), an unnamed one by email; a member as the target by name', async () => {
    fakeApi({
      ...meRoute(manager, { people: PEOPLE }),
      'GET /audit?*': () =>
        page([
          auditEntry(1, 'ann@example.com'),
          auditEntry(2, 'bob@example.com'),
          {
            ...auditEntry(3, 'manager@example.com'),
            action: 'member.role',
            target: { kind: 'member', id: 'ann@example.com', name: 'ann@example.com' },
            changes: { role: ['clerk', 'manager'] },
          },
        ]),
    });
    renderApp('/audit', manager);
    const [byAnn, byBob, aboutAnn] = await screen.findAllByTestId('audit-row');
    const who = await within(byAnn!).findByText('Ann Lee');
    expect(who).toHaveAttribute('title', 'ann@example.com');
    expect(who.closest('td')).toHaveAttribute('data-label', 'Who');
    expect(within(byBob!).getByText('bob@example.com')).toHaveClass('email-text');
    const about = within(aboutAnn!).getByText('Ann Lee');
    expect(about.closest('td')).toHaveAttribute('data-label', 'About');
  });

  test('the item’s stock history: who made each change, by name', async () => {
    const pixel = item({ quantity: 8 });
    fakeApi({
      ...meRoute(manager, { people: PEOPLE }),
      ...NO_EDITS,
      [`GET /inventory/${pixel._id}/history*`]: () =>
        page([
          movement({ _id: 'e'.repeat(24), delta: 3, quantityAfter: 8, reason: 'restock', actor: PEOPLE_ACTOR.ann }),
          movement({ actor: PEOPLE_ACTOR.bob }),
        ]),
      ...stockAt(pixel),
      'GET /inventory/*': () => ({ body: pixel }),
    });
    renderApp(`/inventory/${pixel._id}`, manager);
    const [restock, created] = await screen.findAllByTestId('history-row');
    const who = await within(restock!).findByText('Ann Lee');
    expect(who).toHaveAttribute('title', 'ann@example.com');
    expect(who.closest('td')).toHaveAttribute('data-label', 'Who');
    expect(within(created!).getByText('bob@example.com')).toHaveClass('email-text');
  });

  test('the Deliveries page: who recorded each delivery, by name', async () => {
    const delivery = (index: number, email: string): DeliveredItem => ({
      _id: String(index).padStart(24, '0'),
      uid: `uid-${email}`,
      name: `Buyer ${index}`,
      email,
      inventory: 'Pixel 8 Pro',
      inventoriesId: ITEM_ID,
      address: '1 Main St',
      phone: '555 0100',
      quantity: 1,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    fakeApi({
      ...meRoute(manager, { people: PEOPLE }),
      'GET /deliveries?*': () => page([delivery(1, 'ann@example.com'), delivery(2, 'bob@example.com')]),
    });
    renderApp('/deliveries', manager);
    const [byAnn, byBob] = await screen.findAllByTestId('all-delivery-row');
    const who = await within(byAnn!).findByText('Ann Lee');
    expect(who).toHaveAttribute('title', 'ann@example.com');
    expect(who.closest('td')).toHaveAttribute('data-label', 'Delivered by');
    expect(within(byBob!).getByText('bob@example.com')).toHaveClass('email-text');
  });
});

describe('the signed-in person in the navbar, and their name', () => {
  const STAFF_ROLES: Role[] = ['viewer', 'clerk', 'manager', 'owner'];

  /** GET /me with the name set so far; PUT /me/name sets it, or answers `refuse` when given. */
  function namingApi(
    user: ReturnType<typeof passwordUser>,
    role: Role,
    refuse?: () => { status: number; body: unknown },
  ) {
    let name: string | undefined = 'Sam Staff';
    const api = fakeApi({
      ...meRoute(user, { role }),
      'GET /me': () => ({
        body: { email: user.email, uid: user.uid, verified: true, role, staff: true, ...(name && { name }) },
      }),
      'PUT /me/name': ({ body }) => {
        if (refuse) return refuse();
        name = (body as { name: string }).name;
        return { body: { email: user.email, name } };
      },
    });
    return api;
  }

  test.each(STAFF_ROLES)(
    '%s: their own name in the navbar opens a form that sets it (PUT, "Name saved")',
    async (role) => {
      const user = passwordUser(`${role}@example.com`, true);
      const { calls } = namingApi(user, role);
      renderApp('/about', user);
      const nav = within(screen.getByRole('navigation'));
      const me = await nav.findByRole('button', { name: 'Sam Staff' });
      expect(me).toHaveAttribute('title', 'Your name and account');
      await userEvent.click(me);

      const dialog = within(await screen.findByRole('dialog', { name: 'Your account' }));
      expect(dialog.getByText(`${role}@example.com`)).toBeInTheDocument();
      const field = dialog.getByLabelText('Your name');
      expect(field).toHaveValue('Sam Staff');
      await userEvent.clear(field);
      await userEvent.type(field, 'Samantha Stone');
      await userEvent.click(dialog.getByRole('button', { name: 'Save name' }));

      expect(await screen.findByText('Name saved')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([
        expect.objectContaining({ path: '/me/name', body: { name: 'Samantha Stone' } }),
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await nav.findByRole('button', { name: 'Samantha Stone' })).toBeInTheDocument();
    },
  );

  test('an empty name is refused beside the field, before sending; the API’s refusal too', async () => {
    const user = passwordUser('clerk@example.com', true);
    const { calls } = namingApi(user, 'clerk', () => ({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Invalid request',
          fields: { name: 'Name cannot contain control characters such as NUL, tabs or line breaks' },
        },
      },
    }));
    renderApp('/about', user);
    await userEvent.click(await within(screen.getByRole('navigation')).findByRole('button', { name: 'Sam Staff' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Your account' }));
    const field = dialog.getByLabelText('Your name');
    await userEvent.clear(field);
    await userEvent.type(field, '   ');
    await userEvent.click(dialog.getByRole('button', { name: 'Save name' }));
    expect(await dialog.findByText('Name is required')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'Sam');
    await userEvent.click(dialog.getByRole('button', { name: 'Save name' }));
    expect(
      await dialog.findByText('Name cannot contain control characters such as NUL, tabs or line breaks'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    // Beside the field, not as a toast; the dialog stays open.
    expect(screen.queryByText('Invalid request')).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  test.each([
    ['the account’s name', 'Gail From Google', 'Gail From Google'],
    ['the email', null, 'gail@example.com'],
  ])('without a name of their own: %s', async (_, displayName, shown) => {
    const gail = { ...passwordUser('gail@example.com', true), displayName };
    fakeApi({ ...meRoute(gail, { role: 'clerk' }) });
    renderApp('/about', gail);
    expect(await within(screen.getByRole('navigation')).findByRole('button', { name: shown })).toBeInTheDocument();
  });
});
