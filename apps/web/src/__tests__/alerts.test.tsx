import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import type { Alert } from '@smart-zone/types/alert';
import {
  type Call,
  OPEN_COUNT_PATH,
  UNREAD_COUNT_PATH,
  alert,
  deferred,
  fakeApi,
  item,
  meRoute,
  movement,
  page,
  NO_EDITS,
  stockAt,
} from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { accessTokenFor, renderApp } from '../../test/render-app';
import { ALERTS_PAGE_SIZE } from '../features/alerts/components/skeletons';
import { formatWhen } from '../lib/when';

const staff = passwordUser('staff@example.com', true);
const countCalls = (calls: Call[]) => calls.filter((call) => call.path === OPEN_COUNT_PATH);
const bell = (name: string | RegExp) => screen.findByRole('link', { name });

describe('the bell', () => {
  test('staff see the open count (the low items), asked with the access token, linking to the Alerts page', async () => {
    const { calls } = fakeApi({ ...meRoute(staff, { open: 3 }), 'GET /inventory?*': () => page([item()]) });
    const { router } = renderApp('/home', staff);
    const link = await bell('Alerts: 3 open');
    expect(within(link).getByTestId('alerts-unread-count')).toHaveTextContent('3');
    expect(countCalls(calls)[0]!.headers.Authorization).toBe(`Bearer ${accessTokenFor(staff)}`);

    fakeApi({ ...meRoute(staff, { open: 3 }), 'GET /alerts?state=open&limit=20': () => page([alert()], 1) });
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Alerts', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/alerts');
  });

  test('no open alert: a bell with no number', async () => {
    fakeApi({ ...meRoute(staff), 'GET /inventory?*': () => page([item()]) });
    renderApp('/home', staff);
    expect(await bell('Alerts')).toBeInTheDocument();
    expect(screen.queryByTestId('alerts-unread-count')).not.toBeInTheDocument();
  });

  test('nobody signed in, or not staff: no bell, and alerts are never asked for', async () => {
    const outsider = passwordUser('outsider@example.com', true);
    const { calls } = fakeApi({
      ...meRoute(outsider, { role: null }),
      'GET /inventory?*': () => page([item()]),
    });
    renderApp('/home', outsider);
    await screen.findByRole('article', { name: 'Pixel 8 Pro' });
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/me'));
    expect(screen.queryByRole('link', { name: /^Alerts/ })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/alerts'))).toHaveLength(0);
  });

  test('asks again when the window gets focus, and after a change (a removal may open an alert)', async () => {
    let open = 0;
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      [`GET ${OPEN_COUNT_PATH}`]: () => page(open ? [alert()] : [], open),
      'GET /inventory/a1b2c3d4e5f6a1b2c3d4e5f6/history*': () => page([movement()]),
      ...stockAt(item({ quantity: 7, minStock: 5 })),
      'GET /inventory/*': () => ({ body: item({ quantity: 7, minStock: 5 }) }),
      'POST /inventory/*': () => ({ body: { quantity: 4 } }),
    });
    renderApp(`/inventory/${item()._id}`, staff);
    await bell('Alerts');
    expect(countCalls(calls)).toHaveLength(1);

    open = 1;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await bell('Alerts: 1 open')).toBeInTheDocument();
    expect(countCalls(calls)).toHaveLength(2);

    open = 2;
    await userEvent.type(await screen.findByLabelText('Amount'), '-3');
    await userEvent.click(screen.getByRole('button', { name: 'Change stock' }));
    expect(await bell('Alerts: 2 open')).toBeInTheDocument();
    expect(countCalls(calls)).toHaveLength(3);
    act(() => focusManager.setFocused(undefined));
  });
});

describe('the Alerts page', () => {
  const rows = (): Alert[] => [
    alert({
      _id: '1'.repeat(24),
      itemName: 'Galaxy A54',
      itemId: 'c'.repeat(24),
      kind: 'out',
      quantity: 0,
      minStock: 4,
      failed: ['email', 'webhook'],
    }),
    alert({ _id: '2'.repeat(24), readAt: '2026-11-02T10:00:00.000Z' }),
  ];
  const LIST = 'GET /alerts?state=open&limit=20';

  test('lists the open alerts as the API orders them (newest first): kind, item link, quantity / reorder point, open, read or not, failed sends', async () => {
    const { calls } = fakeApi({ ...meRoute(staff, { open: 1 }), [LIST]: () => page(rows(), 2) });
    renderApp('/alerts', staff);
    const [first, second] = await screen.findAllByTestId('alert-row');
    expect(first).toHaveTextContent('Out of stock');
    expect(within(first!).getByRole('link', { name: 'Galaxy A54' })).toHaveAttribute(
      'href',
      `/inventory/${'c'.repeat(24)}`,
    );
    expect(first!.querySelector('[data-label="Quantity / reorder point"]')).toHaveTextContent('0 / 4');
    expect(first).toHaveTextContent('Open');
    expect(first).toHaveTextContent('Unread');
    expect(first).toHaveTextContent('Failed to send by email and webhook');
    expect(within(first!).getByRole('button', { name: 'Mark read the alert on Galaxy A54' })).toBeInTheDocument();

    expect(second).toHaveTextContent('Low stock');
    expect(second!.querySelector('[data-label="Quantity / reorder point"]')).toHaveTextContent('3 / 5');
    expect(second).toHaveTextContent(`Read ${formatWhen('2026-11-02T10:00:00.000Z')}`);
    expect(second).not.toHaveTextContent('Failed to send');
    expect(within(second!).queryByRole('button', { name: /Mark read/ })).not.toBeInTheDocument();

    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 1–2 of 2 alerts');
    expect(calls.find((call) => call.path === '/alerts?state=open&limit=20')!.headers.Authorization).toMatch(
      /^Bearer /,
    );
  });

  test('while the first page loads, a skeleton in the table’s shape holds its room', async () => {
    const answer = deferred<ReturnType<typeof page>>();
    fakeApi({ ...meRoute(staff), [LIST]: () => answer.promise });
    renderApp('/alerts', staff);
    const skeleton = (await screen.findByText('Loading the alerts...')).closest('[role="status"]') as HTMLElement;
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(within(skeleton).getAllByRole('row', { hidden: true })).toHaveLength(ALERTS_PAGE_SIZE + 1);
    answer.resolve(page(rows(), 2));
    expect(await screen.findAllByTestId('alert-row')).toHaveLength(2);
    expect(screen.queryByText('Loading the alerts...')).not.toBeInTheDocument();
  });

  test('Mark read marks that one, then the list and the bell are asked again', async () => {
    let current = rows();
    const { calls } = fakeApi({
      ...meRoute(staff),
      [`GET ${UNREAD_COUNT_PATH}`]: () => page([], current.filter((row) => !row.readAt).length),
      [LIST]: () => page(current, current.length),
      'POST /alerts/*': ({ path }) => {
        current = current.map((row) =>
          path === `/alerts/${row._id}/read` ? { ...row, readAt: '2026-11-03T08:00:00.000Z' } : row,
        );
        return { body: current[0] };
      },
    });
    renderApp('/alerts', staff);
    await userEvent.click(await screen.findByRole('button', { name: /Mark read/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Mark read/ })).not.toBeInTheDocument());
    // The bell is asked again too (read is not resolved: it counts the open alerts all the same).
    await waitFor(() => expect(countCalls(calls).length).toBeGreaterThanOrEqual(2));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe(`/alerts/${'1'.repeat(24)}/read`);
    expect(post.headers.Authorization).toBe(`Bearer ${accessTokenFor(staff)}`);
    expect(screen.getAllByTestId('alert-row')[0]).toHaveTextContent('Read ');
  });

  test('Mark all read, and it is off when nothing is unread', async () => {
    let unread = 2;
    const { calls } = fakeApi({
      ...meRoute(staff),
      [`GET ${UNREAD_COUNT_PATH}`]: () => page([], unread),
      [LIST]: () => page(rows(), 2),
      'POST /alerts/read-all': () => {
        unread = 0;
        return { body: { marked: 2 } };
      },
    });
    renderApp('/alerts', staff);
    const markAll = await screen.findByRole('button', { name: 'Mark all read' });
    await waitFor(() => expect(markAll).toBeEnabled());
    await userEvent.click(markAll);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/alerts/read-all']);
  });

  test('pages like the other lists, and "Unread only" goes to the address', async () => {
    const many = Array.from({ length: ALERTS_PAGE_SIZE }, (_, index) =>
      alert({ _id: String(index).padStart(24, '0'), itemName: `Phone ${index + 1}` }),
    );
    const { calls } = fakeApi({
      ...meRoute(staff, { open: 25 }),
      'GET /alerts?*': ({ path }) => (path.includes('skip=20') ? page([alert()], 25) : page(many, 25)),
    });
    const { router } = renderApp('/alerts', staff);
    expect(await screen.findAllByTestId('alert-row')).toHaveLength(ALERTS_PAGE_SIZE);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByTestId('alert-row')).toHaveLength(1));
    expect(router.state.location.search).toBe('?page=2');
    expect(calls.map((call) => call.path)).toContain('/alerts?state=open&limit=20&skip=20');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Unread only');
    await waitFor(() => expect(router.state.location.search).toBe('?unread=true'));
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/alerts?state=open&unread=true&limit=20'));
  });

  test('Open by default; Resolved and All go to the address and ask the API for them', async () => {
    const resolved = alert({
      _id: '3'.repeat(24),
      itemName: 'Galaxy A54',
      state: 'resolved',
      resolvedAt: '2026-11-03T08:00:00.000Z',
    });
    const { calls } = fakeApi({
      ...meRoute(staff, { open: 1 }),
      [LIST]: () => page([alert()], 1),
      'GET /alerts?state=resolved&limit=20': () => page([resolved], 1),
      'GET /alerts?state=all&limit=20': () => page([resolved, alert()], 2),
    });
    const { router } = renderApp('/alerts', staff);
    expect(await screen.findByRole('button', { name: 'Open', pressed: true })).toBeInTheDocument();
    const [open] = await screen.findAllByTestId('alert-row');
    expect(within(open!).getByRole('button', { name: 'Restock Pixel 8 Pro' })).toHaveClass('touch-target');

    await userEvent.click(screen.getByRole('button', { name: 'Resolved' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=resolved'));
    await waitFor(() => expect(screen.getAllByTestId('alert-row')[0]).toHaveTextContent('Galaxy A54'));
    const [row] = screen.getAllByTestId('alert-row');
    expect(row).toHaveTextContent(`Resolved ${formatWhen('2026-11-03T08:00:00.000Z')}`);
    // A resolved alert's item is above its reorder point: nothing to restock.
    expect(within(row!).queryByRole('button', { name: /Restock/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(screen.getAllByTestId('alert-row')).toHaveLength(2));
    expect(router.state.location.search).toBe('?state=all');
    expect(screen.getByRole('button', { name: 'All', pressed: true })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(
      expect.arrayContaining(['/alerts?state=resolved&limit=20', '/alerts?state=all&limit=20']),
    );
  });

  test('Restock on an open alert: the amount, Change stock, and the item is restocked; the dialog closes', async () => {
    let restocked = false;
    const { calls } = fakeApi({
      ...meRoute(staff, { open: 1 }),
      [LIST]: () => page(restocked ? [] : [alert()], restocked ? 0 : 1),
      ...stockAt(item({ quantity: 3, minStock: 5 })),
      'GET /inventory/*': () => ({ body: item({ quantity: 3, minStock: 5 }) }),
      'POST /inventory/*': () => {
        restocked = true;
        return { body: { quantity: 23, movementId: 'f1'.repeat(12) } };
      },
    });
    renderApp('/alerts', staff);
    await userEvent.click(await screen.findByRole('button', { name: 'Restock Pixel 8 Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restock Pixel 8 Pro' });
    await userEvent.type(await within(dialog).findByLabelText('Amount'), '20');
    // The dialog's title names it: the form brings no heading of its own.
    expect(within(dialog).queryByRole('heading', { name: 'Restock' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change stock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe(`/inventory/${item()._id}/stock`);
    expect(post.body).toEqual({ delta: 20 });
    // The list is asked again: the alert resolved, the open list is empty.
    expect(await screen.findByText('No open alerts: no item is at or below its reorder point.')).toBeInTheDocument();
  });

  test('a viewer, who may not move stock, is offered no Restock', async () => {
    fakeApi({ ...meRoute(staff, { role: 'viewer', open: 1 }), [LIST]: () => page([alert()], 1) });
    renderApp('/alerts', staff);
    expect(await screen.findAllByTestId('alert-row')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Restock/ })).not.toBeInTheDocument();
  });

  test('someone on no team reads so, and no alert is asked for', async () => {
    const outsider = passwordUser('outsider@example.com', true);
    const { calls } = fakeApi(meRoute(outsider, { role: null }));
    renderApp('/alerts', outsider);
    expect(await screen.findByRole('heading', { name: 'Not on the team' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/alerts'))).toHaveLength(0);
  });
});
