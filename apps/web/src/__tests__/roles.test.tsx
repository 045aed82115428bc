import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import { type Permission, type Role, ROLES, can, roleNeededMessage } from '@smart-zone/types/roles';
import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { fakeApi, item, meRoute, movement, page, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';
import { openWorkMenu } from '../../test/work-menu';
import type { AuthUser } from '../lib/auth/gateway';

/**
 * What each person sees, generated from the permission table (roles.ts):
 * every role, and the three who have none (a visitor, an unverified user, a
 * verified user on no team). A control appears exactly when the role has
 * the permission behind its call.
 */

type Person =
  | { name: 'visitor'; user: null; role: null }
  | { name: 'unverified' | 'non-member'; user: AuthUser; role: null }
  | { name: Role; user: AuthUser; role: Role };

const PEOPLE: Person[] = [
  { name: 'visitor', user: null, role: null },
  { name: 'unverified', user: passwordUser('new@example.com', false), role: null },
  { name: 'non-member', user: passwordUser('outsider@example.com', true), role: null },
  ...ROLES.map((role) => ({ name: role, user: passwordUser(`${role}@example.com`, true), role })),
];
const MEMBERS = PEOPLE.filter((person): person is Extract<Person, { role: Role }> => person.role !== null);

/** The API a signed-in person's pages talk to: /me (and the bell) for the verified. */
const meOf = (person: Person) =>
  person.user && person.name !== 'unverified' ? meRoute(person.user, { role: person.role }) : {};

/** The nav links behind a permission; My Item is every member's (GET /myitem needs only a verified account). */
const NAV_LINKS: [string, Permission][] = [
  [SPEC_TEXTS.nav.manageInventories, 'readStock'],
  [SPEC_TEXTS.nav.addNewItem, 'manageItems'],
];
/** The team's pages, in the navbar's Work menu: each behind its permission. */
const WORK_LINKS: [string, Permission][] = [
  ['Today', 'readStock'],
  ['Dashboard', 'readStock'],
  ['Deliveries', 'readDeliveries'],
  ['Alerts', 'readStock'],
  ['Reorder list', 'readStock'],
  ['Import CSV', 'manageItems'],
  ['Counts', 'countStock'],
  ['Locations', 'readStock'],
  ['Audit', 'readOwnAudit'],
  ['Team', 'manageTeam'],
];

/** Whom a product control is offered to: a member whose role has it, and those the API has not placed (it leads to sign-in). */
const offered = (person: Person, permission: Permission) =>
  person.role ? can(person.role, permission) : person.name === 'visitor' || person.name === 'unverified';
/** The team's own tools: only a member whose role has the permission. */
const given = (person: Person, permission: Permission) => can(person.role, permission);

const nav = () => within(screen.getByRole('navigation'));
const shown = (present: boolean) => (present ? 'shows' : 'hides');

describe.each(PEOPLE)('$name', (person) => {
  test('the navbar', async () => {
    fakeApi(meOf(person));
    renderApp('/about', person.user);
    await screen.findByRole('heading', { level: 1 });
    if (person.user) await nav().findByRole('button', { name: 'Sign out' });
    if (person.role) await nav().findByRole('link', { name: 'Alerts' });
    else if (person.name === 'non-member')
      await waitFor(() => expect(nav().queryByRole('link', { name: SPEC_TEXTS.nav.myItem })).toBeNull());

    for (const [name, permission] of NAV_LINKS) {
      const expected = offered(person, permission);
      expect([name, nav().queryByRole('link', { name }) !== null]).toEqual([name, expected && person.user !== null]);
    }
    const myItem = person.user !== null && person.name !== 'non-member';
    expect(nav().queryByRole('link', { name: SPEC_TEXTS.nav.myItem }) !== null).toBe(myItem);

    // The team's pages: only in the Work menu, which only a member has (the bell is the other link called Alerts).
    for (const [name] of WORK_LINKS.filter(([label]) => label !== 'Alerts')) {
      expect([name, nav().queryByRole('link', { name })]).toEqual([name, null]);
    }
    if (!person.role) {
      expect(nav().queryByRole('button', { name: 'Work' })).toBeNull();
      return;
    }
    const work = await openWorkMenu();
    for (const [name, permission] of WORK_LINKS) {
      expect([name, work.queryByRole('link', { name }) !== null]).toEqual([name, given(person, permission)]);
    }
  });

  test('the item page', async () => {
    const pixel = item();
    const { calls } = fakeApi({
      ...meOf(person),
      'GET /inventory/a1b2c3d4e5f6a1b2c3d4e5f6/history*': () => page([movement()]),
      'GET /audit?itemId=*': () => page([], 0),
      ...stockAt(pixel),
      'GET /inventory/*': () => ({ body: pixel }),
    });
    renderApp(`/inventory/${pixel._id}`, person.user);
    await screen.findByRole('heading', { name: pixel.name });
    // The tools under the item come once the app knows who this is.
    await waitFor(() => expect(screen.queryByText('Checking your access...')).toBeNull());
    if (offered(person, 'manageItems')) {
      // A visitor's fold makes its form when opened (the page loads no form code for them until then).
      if (!person.user) await userEvent.click(await screen.findByText('Edit item details'));
      await screen.findByRole('button', { name: 'Update Item' });
    }
    if (given(person, 'readStock')) await screen.findByRole('heading', { name: 'Stock history' });

    const expectations: [string, boolean][] = [
      [`button ${SPEC_TEXTS.updateButton}`, offered(person, 'manageItems')],
      [`button ${SPEC_TEXTS.deliveredButton}`, offered(person, 'deliver')],
      [`button ${SPEC_TEXTS.deleteButton}`, offered(person, 'manageItems')],
      ['button Update Item', offered(person, 'manageItems')],
      ['heading Restock', given(person, 'moveStock')],
      ['heading Stock history', given(person, 'readStock')],
      ['heading Edits', given(person, 'readAudit')],
    ];
    const seen = expectations.map(([what]) => {
      const [role, ...name] = what.split(' ');
      return [what, screen.queryByRole(role as 'button' | 'heading', { name: name.join(' ') }) !== null];
    });
    expect(seen).toEqual(expectations);
    // Nothing the role may not read is asked for.
    expect(calls.some((call) => call.path.includes('/history'))).toBe(given(person, 'readStock'));
    expect(calls.some((call) => call.path.startsWith('/audit'))).toBe(given(person, 'readAudit'));
  });
});

describe.each(MEMBERS)('$name on the team pages', (person) => {
  test(`Manage Inventories ${shown(can(person.role, 'manageItems'))} Add New Item, Import CSV and Delete`, async () => {
    fakeApi({ ...meOf(person), 'GET /inventory?*': () => page([item()]) });
    renderApp('/manageInventories', person.user);
    await screen.findByTestId('manage-row');
    const manage = can(person.role, 'manageItems');
    expect(screen.queryByRole('link', { name: SPEC_TEXTS.addNewItemButton }) !== null).toBe(manage);
    expect(screen.queryByRole('link', { name: 'Import CSV' }) !== null).toBe(manage);
    expect(screen.queryByRole('button', { name: `${SPEC_TEXTS.deleteButton} ${item().name}` }) !== null).toBe(manage);
    expect(screen.getByRole('link', { name: 'Reorder list' })).toBeInTheDocument();
  });

  test(`My Item ${shown(can(person.role, 'deliver'))} Cancel`, async () => {
    const delivery: DeliveredItem = {
      _id: 'd'.repeat(24),
      uid: person.user.uid,
      name: 'Ann Buyer',
      email: person.user.email!,
      inventory: 'Pixel 8 Pro',
      inventoriesId: item()._id,
      address: '1 Main St',
      phone: '555 0100',
      quantity: 1,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    fakeApi({ ...meOf(person), 'GET /myitem*': () => ({ body: [delivery] }) });
    renderApp('/myitem', person.user);
    await screen.findByTestId('delivery-row');
    expect(screen.queryByRole('button', { name: 'Cancel the delivery of Pixel 8 Pro' }) !== null).toBe(
      can(person.role, 'deliver'),
    );
  });
});

describe('a page a role may not open', () => {
  test.each(
    MEMBERS.filter((person) => !can(person.role, 'manageItems')).flatMap((person) => [
      { ...person, path: '/addNewItem', control: 'Add Item' },
      { ...person, path: '/manageInventories/import', control: 'Check file' },
    ]),
  )('a $name on $path reads which role it needs', async ({ path, control, ...person }) => {
    const { calls } = fakeApi(meOf(person));
    renderApp(path, person.user);
    expect(await screen.findByRole('heading', { name: 'Not for your role' })).toBeInTheDocument();
    expect(screen.getByText(roleNeededMessage('manageItems', person.role))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: control })).not.toBeInTheDocument();
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });

  test('a manager on /team reads that it needs the owner role, and the team is never asked for', async () => {
    const manager = passwordUser('manager@example.com', true);
    const { calls } = fakeApi(meRoute(manager, { role: 'manager' }));
    renderApp('/team', manager);
    expect(await screen.findByText(roleNeededMessage('manageTeam', 'manager'))).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/team')).toBe(false);
  });
});

describe('reasons a clerk must give', () => {
  const clerk = passwordUser('clerk@example.com', true);

  test('removing stock needs a note (the API’s words); adding does not', async () => {
    const pixel = item();
    const { calls } = fakeApi({
      ...meRoute(clerk, { role: 'clerk' }),
      'GET /inventory/a1b2c3d4e5f6a1b2c3d4e5f6/history*': () => page([movement()]),
      ...stockAt(pixel),
      'GET /inventory/*': () => ({ body: pixel }),
      'POST /inventory/*': () => ({ body: { quantity: 5 } }),
    });
    renderApp(`/inventory/${pixel._id}`, clerk);
    const restock = within((await screen.findByRole('heading', { name: 'Restock' })).closest('.card') as HTMLElement);
    await userEvent.type(restock.getByLabelText('Amount'), '-2');
    await userEvent.click(restock.getByRole('button', { name: 'Change stock' }));
    expect(await restock.findByText('A clerk must give a reason to remove stock')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.type(restock.getByLabelText('Note (required to remove stock)'), 'Broken in transit');
    await userEvent.click(restock.getByRole('button', { name: 'Change stock' }));
    expect(await screen.findByText('Pixel 8 Pro now has 5 in stock')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ delta: -2, note: 'Broken in transit' });
  });

  test('a refusal for a missing note lands beside the note', async () => {
    const pixel = item();
    fakeApi({
      ...meRoute(clerk, { role: 'clerk' }),
      'GET /inventory/a1b2c3d4e5f6a1b2c3d4e5f6/history*': () => page([movement()]),
      ...stockAt(pixel),
      'GET /inventory/*': () => ({ body: pixel }),
      'POST /inventory/*': () => ({
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Say why you are removing stock',
            fields: { note: 'A clerk must give a reason to remove stock (server)' },
          },
        },
      }),
    });
    renderApp(`/inventory/${pixel._id}`, clerk);
    const restock = within((await screen.findByRole('heading', { name: 'Restock' })).closest('.card') as HTMLElement);
    // Adding needs no note here, so the form sends it; the server's field error is shown where it belongs.
    await userEvent.type(restock.getByLabelText('Amount'), '3');
    await userEvent.click(restock.getByRole('button', { name: 'Change stock' }));
    expect(await restock.findByText('A clerk must give a reason to remove stock (server)')).toBeInTheDocument();
  });
});
