import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@smart-zone/types/audit';
import type { Count } from '@smart-zone/types/count';
import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import type { Role } from '@smart-zone/types/roles';
import { type Call, LOGIN_OK, alert, deferred, fakeApi, item, meRoute, page } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';
import { todayRoutes } from '../../test/today-api';
import { formatWhen } from '../lib/when';

const person = (role: Role) => passwordUser(`${role}@example.com`, true);
const TODAY_AT = new Date(new Date().setHours(9, 30, 0, 0)).toISOString();

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: 'e1'.repeat(12),
    at: TODAY_AT,
    actor: { uid: 'uid-sam@example.com', email: 'sam@example.com' },
    action: 'stock.restock',
    target: { kind: 'item', id: item()._id, name: 'Pixel 8 Pro' },
    changes: { quantity: [7, 12] },
    requestId: 'req-1',
    ...overrides,
  };
}

const openCount = (overrides: Partial<Count> = {}): Count => ({
  _id: 'c0'.repeat(12),
  name: 'Shelf A, November',
  state: 'open',
  blind: false,
  scope: {},
  createdBy: 'manager@example.com',
  at: TODAY_AT,
  lines: 10,
  counted: 3,
  ...overrides,
});

const paths = (calls: Call[]) => calls.map((call) => call.path);

/** Signs in on the sign-in form (the fake provider takes any password). */
async function signIn(email: string) {
  await userEvent.type(await screen.findByLabelText('Email address'), email);
  await userEvent.type(screen.getByLabelText('Password'), 'secret-pw');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('where a sign-in lands', () => {
  test('staff who open /login themselves land on Today', async () => {
    const clerk = person('clerk');
    fakeApi({ 'POST /login': () => LOGIN_OK, ...meRoute(clerk, { role: 'clerk' }), ...todayRoutes() });
    const { router } = renderApp('/login');
    await signIn(clerk.email!);
    expect(await screen.findByRole('heading', { name: 'Today', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/today');
    expect(document.title).toBe('Today-Smart-Zone');
  });

  test('staff sent to sign in by a protected page go back to it, not to Today', async () => {
    const viewer = person('viewer');
    fakeApi({
      'POST /login': () => LOGIN_OK,
      ...meRoute(viewer, { role: 'viewer' }),
      'GET /myitem?*': () => ({ body: [] }),
    });
    const { router } = renderApp('/myitem');
    expect(await screen.findByRole('heading', { name: 'Please Login' })).toBeInTheDocument();
    await signIn(viewer.email!);
    expect(await screen.findByRole('heading', { name: 'My Item' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/myitem');
  });

  test('someone on no team goes home, as the product always did', async () => {
    const outsider = passwordUser('outsider@example.com', true);
    const { calls } = fakeApi({
      'POST /login': () => LOGIN_OK,
      ...meRoute(outsider, { role: null }),
      'GET /inventory?limit=6': () => ({ body: [item()] }),
    });
    const { router } = renderApp('/login');
    await signIn(outsider.email!);
    expect(await screen.findByRole('heading', { name: 'Inventory' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(paths(calls).filter((path) => path.startsWith('/audit') || path.startsWith('/alerts'))).toEqual([]);
  });

  test('staff already signed in who open /login go on to Today; / and /home stay the home page', async () => {
    const manager = person('manager');
    fakeApi({ ...meRoute(manager), ...todayRoutes(), 'GET /inventory?limit=6': () => ({ body: [item()] }) });
    const { router } = renderApp('/login', manager);
    expect(await screen.findByRole('heading', { name: 'Today', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/today');

    for (const home of ['/', '/home']) {
      await act(() => router.navigate(home));
      expect(await screen.findByRole('heading', { name: 'Inventory' })).toBeInTheDocument();
      expect(screen.getByText('Iphone')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(home);
    }
  });
});

describe('the Today page', () => {
  test('shows the open alerts, today’s movements as lines people read, the open counts, and the search', async () => {
    const clerk = person('clerk');
    const { calls } = fakeApi({
      ...meRoute(clerk, { role: 'clerk', people: [{ email: 'sam@example.com', name: 'Sam Staff' }] }),
      ...todayRoutes({
        alerts: [alert({ itemName: 'Galaxy A54', quantity: 2, minStock: 5 })],
        movements: [
          entry(),
          entry({
            _id: 'e2'.repeat(12),
            action: 'item.update',
            changes: { price: [899, 799] },
            reason: 'Black Friday',
          }),
        ],
        counts: [openCount()],
      }),
    });
    renderApp('/today', clerk);

    const alerts = within(await screen.findByRole('region', { name: /Open alerts/ }));
    expect(await alerts.findByRole('link', { name: 'Galaxy A54' })).toHaveAttribute('href', `/inventory/${item()._id}`);
    expect(alerts.getByText(/2 left, reorder at 5/)).toBeInTheDocument();
    expect(alerts.getByRole('link', { name: 'All alerts' })).toHaveAttribute('href', '/alerts');

    const [restock, edit] = await screen.findAllByTestId('today-movement');
    expect(restock).toHaveTextContent(`Stock added Pixel 8 Pro +5, 12 left`);
    expect(await within(restock!).findByText('Sam Staff')).toBeInTheDocument();
    expect(restock).toHaveTextContent(formatWhen(TODAY_AT));
    expect(within(restock!).getByRole('link', { name: 'Pixel 8 Pro' })).toHaveAttribute(
      'href',
      `/inventory/${item()._id}`,
    );
    expect(edit).toHaveTextContent('Item edited Pixel 8 Pro $899.00 → $799.00');
    expect(edit).toHaveTextContent('Black Friday');
    const movements = within(screen.getByRole('region', { name: /Today's movements/ }));
    expect(movements.getByText('The changes you made today, newest first.')).toBeInTheDocument();
    expect(movements.getByRole('link', { name: 'Audit' }).getAttribute('href')).toMatch(
      /^\/audit\?from=\d{4}-\d{2}-\d{2}$/,
    );

    const counts = within(await screen.findByRole('region', { name: /Open counts/ }));
    expect(counts.getByText('3 of 10 counted')).toBeInTheDocument();
    expect(counts.getByRole('link', { name: 'Count Shelf A, November' })).toHaveAttribute(
      'href',
      `/counts/${'c0'.repeat(12)}`,
    );
    expect(counts.getByRole('link', { name: 'All counts' })).toHaveAttribute('href', '/counts');

    // The header's search and scanner are the page's here (one of them, not two).
    const find = within(screen.getByRole('region', { name: 'Find an item' }));
    expect(find.getByRole('searchbox', { name: 'Find an item by name or code' })).toBeInTheDocument();
    expect(find.getByRole('link', { name: 'Scan' })).toHaveAttribute('href', '/scan');
    expect(screen.getAllByRole('searchbox')).toHaveLength(1);

    // Today's movements are asked from midnight, where the person is.
    const asked = paths(calls).find((path) => path.startsWith('/audit?from='))!;
    const from = new Date(decodeURIComponent(new URLSearchParams(asked.split('?')[1]).get('from')!));
    expect(from.getTime()).toBe(new Date().setHours(0, 0, 0, 0));
  });

  test('says so when nothing is open and nothing moved; no counts part while none is open', async () => {
    const clerk = person('clerk');
    fakeApi({ ...meRoute(clerk, { role: 'clerk' }), ...todayRoutes() });
    renderApp('/today', clerk);
    expect(await screen.findByText('No open alerts: no item is at or below its reorder point.')).toBeInTheDocument();
    expect(await screen.findByText('Nothing has changed yet today.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Open counts/ })).toBeNull();
  });

  test('a viewer is not asked about counts (they may not count); a manager reads everyone’s movements', async () => {
    const viewer = person('viewer');
    const { calls } = fakeApi({ ...meRoute(viewer, { role: 'viewer' }), ...todayRoutes() });
    const { unmount } = renderApp('/today', viewer);
    await screen.findByText('Nothing has changed yet today.');
    expect(paths(calls).some((path) => path.startsWith('/counts'))).toBe(false);
    unmount();

    const manager = person('manager');
    fakeApi({ ...meRoute(manager), ...todayRoutes({ created: [entry({ action: 'item.create' })] }) });
    renderApp('/today', manager);
    expect(await screen.findByText('Every change made today, newest first.')).toBeInTheDocument();
  });

  test('a visitor is asked to sign in', async () => {
    const { router } = renderApp('/today');
    expect(await screen.findByRole('heading', { name: 'Please Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('first steps', () => {
  const created = (email: string) => [entry({ action: 'item.create', actor: { uid: email, email } })];

  test('the owner of a shop with only the demo items: add, import, invite, or start empty', async () => {
    const owner = person('owner');
    fakeApi({
      ...meRoute(owner, { role: 'owner' }),
      ...todayRoutes({ created: created(SYSTEM_ACTOR.email) }),
      'GET /demo-data': () => ({ body: { demoOnly: true } }),
      'GET /inventory?limit=1': () => page([item()], 10),
    });
    renderApp('/today', owner);
    const steps = within(await screen.findByRole('region', { name: 'First steps' }));
    expect(steps.getByRole('link', { name: 'Add your first item' })).toHaveAttribute('href', '/addNewItem');
    expect(steps.getByRole('link', { name: 'Import a CSV' })).toHaveAttribute('href', '/manageInventories/import');
    expect(steps.getByRole('link', { name: 'Invite your team' })).toHaveAttribute('href', '/team');
    expect(await steps.findByRole('button', { name: 'Start with an empty warehouse' })).toBeInTheDocument();
  });

  test('a manager of a shop with no item at all: add and import (inviting is the owner’s)', async () => {
    const manager = person('manager');
    fakeApi({ ...meRoute(manager), ...todayRoutes() });
    renderApp('/today', manager);
    const steps = within(await screen.findByRole('region', { name: 'First steps' }));
    expect(steps.getByRole('link', { name: 'Add your first item' })).toBeInTheDocument();
    expect(steps.getByRole('link', { name: 'Import a CSV' })).toBeInTheDocument();
    expect(steps.queryByRole('link', { name: 'Invite your team' })).toBeNull();
    expect(steps.queryByRole('button', { name: 'Start with an empty warehouse' })).toBeNull();
  });

  test('nothing moves under a thumb: the page shows once its first steps and alerts are known, all at once', async () => {
    const owner = person('owner');
    const demo = deferred<{ body: { demoOnly: boolean } }>();
    fakeApi({
      ...meRoute(owner, { role: 'owner' }),
      ...todayRoutes({ created: created(SYSTEM_ACTOR.email), alerts: [alert()] }),
      'GET /demo-data': () => demo.promise,
      'GET /inventory?limit=1': () => page([item()], 10),
    });
    renderApp('/today', owner);
    expect(await screen.findByText('Loading your day...')).toBeInTheDocument();
    // The owner's empty-warehouse answer is still out: neither the first steps nor what is under them yet.
    await act(async () => {
      await new Promise((done) => setTimeout(done, 50));
    });
    expect(screen.queryByRole('region', { name: 'First steps' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Find an item' })).toBeNull();
    demo.resolve({ body: { demoOnly: true } });
    const steps = within(await screen.findByRole('region', { name: 'First steps' }));
    expect(steps.getByRole('button', { name: 'Start with an empty warehouse' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Find an item' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Open alerts/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading your day...')).toBeNull();
  });

  test('gone once a person has added an item', async () => {
    const owner = person('owner');
    const { calls } = fakeApi({
      ...meRoute(owner, { role: 'owner' }),
      ...todayRoutes({ created: created('owner@example.com') }),
    });
    renderApp('/today', owner);
    await screen.findByText('Nothing has changed yet today.');
    await waitFor(() => expect(paths(calls)).toContain('/audit?action=item.create&limit=1'));
    expect(screen.queryByRole('region', { name: 'First steps' })).toBeNull();
  });

  test('not for a clerk, who is never asked about it', async () => {
    const clerk = person('clerk');
    const { calls } = fakeApi({ ...meRoute(clerk, { role: 'clerk' }), ...todayRoutes() });
    renderApp('/today', clerk);
    await screen.findByText('Nothing has changed yet today.');
    expect(screen.queryByRole('region', { name: 'First steps' })).toBeNull();
    expect(paths(calls)).not.toContain('/audit?action=item.create&limit=1');
  });
});
