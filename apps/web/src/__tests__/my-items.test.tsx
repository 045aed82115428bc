import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import { LOGIN_OK, fakeApi, item, meRoute } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { accessTokenFor, renderApp } from '../../test/render-app';
import { MY_ITEM_PAGE_SIZE } from '../features/deliveries/components/MyItems';

const staff = passwordUser('staff@example.com', true);

function delivery(overrides: Partial<DeliveredItem> = {}): DeliveredItem {
  return {
    _id: 'd'.repeat(24),
    uid: staff.uid,
    name: 'Ann Buyer',
    email: staff.email!,
    inventory: 'Pixel 8 Pro',
    inventoriesId: item()._id,
    address: '1 Main St',
    phone: '555 0100',
    quantity: 2,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

describe('My Item', () => {
  test('lists my deliveries with their count, asked for with my bearer token', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff),
      'GET /myitem*': () => ({ body: [delivery(), delivery({ _id: 'e'.repeat(24), inventory: 'Galaxy A54' })] }),
    });
    renderApp('/myitem', staff);
    expect(await screen.findAllByTestId('delivery-row')).toHaveLength(2);
    expect(screen.getByTestId('delivery-count')).toHaveTextContent('2');
    const get = calls.find((call) => call.path.startsWith('/myitem'))!;
    expect(get.path).toBe('/myitem?email=staff%40example.com&state=all');
    expect(get.headers.Authorization).toBe(`Bearer ${accessTokenFor(staff)}`);
  });

  test('a cancelled delivery stays listed as Cancelled, with when, by whom and why, and leaves the count', async () => {
    fakeApi({
      ...meRoute(staff),
      'GET /people': () => ({ body: [{ email: 'boss@example.com', name: 'Maya Boss' }] }),
      'GET /myitem*': () => ({
        body: [
          delivery(),
          delivery({
            _id: 'e'.repeat(24),
            inventory: 'Galaxy A54',
            cancelledAt: '2026-11-21T09:30:00.000Z',
            cancelledBy: 'boss@example.com',
            cancelReason: 'Wrong address',
          }),
        ],
      }),
    });
    renderApp('/myitem', staff);
    const rows = await screen.findAllByTestId('delivery-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('delivery-count')).toHaveTextContent('1');
    expect(screen.getByText(/1 cancelled delivery is listed too/)).toBeInTheDocument();
    const cancelled = within(rows.find((row) => row.dataset.state === 'cancelled')!);
    expect(cancelled.getByText('Cancelled')).toBeInTheDocument();
    expect(cancelled.getByTestId('cancelled-note')).toHaveTextContent(/^Cancelled .+ by .+: “Wrong address”$/);
    expect(cancelled.queryByRole('button', { name: /Cancel the delivery/ })).toBeNull();
    const standing = within(rows.find((row) => row.dataset.state === 'delivered')!);
    expect(standing.getByRole('button', { name: 'Cancel the delivery of Pixel 8 Pro' })).toBeInTheDocument();
  });

  test('a failed request signs the user out and sends them to /login', async () => {
    fakeApi({
      ...meRoute(staff),
      'GET /myitem*': () => ({ status: 403, body: { error: { code: 'forbidden', message: 'Not yours.' } } }),
    });
    const { gateway, router } = renderApp('/myitem', staff);
    await waitFor(() => expect(gateway.signOut).toHaveBeenCalled());
    expect(await screen.findByRole('heading', { name: 'Please Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  test('an expired accessToken is renewed once through /login before giving up', async () => {
    let renewed = false;
    fakeApi({
      ...meRoute(staff),
      'POST /login': () => {
        renewed = true;
        return { body: { accessToken: 'fresh-token' } };
      },
      'GET /myitem*': ({ headers }) =>
        headers.Authorization === 'Bearer fresh-token'
          ? { body: [delivery()] }
          : { status: 401, body: { error: { code: 'unauthorized', message: 'Your session has expired.' } } },
    });
    renderApp('/myitem', staff);
    expect(await screen.findAllByTestId('delivery-row')).toHaveLength(1);
    expect(renewed).toBe(true);
    expect(localStorage.getItem('accessToken')).toBe('fresh-token');
  });

  test('cancelling asks first, then the row goes once the server answers', async () => {
    let rows = [delivery()];
    const { calls } = fakeApi({
      ...meRoute(staff),
      'GET /myitem*': () => ({ body: rows }),
      'DELETE /myitem/*': () => {
        rows = [];
        return { body: { acknowledged: true, deletedCount: 1 } };
      },
      'POST /login': () => LOGIN_OK,
    });
    renderApp('/myitem', staff);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the delivery of Pixel 8 Pro' }));
    expect(await screen.findByText('Are you sure you want to cancel this delivery?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel delivery' }));
    await waitFor(() => expect(screen.queryAllByTestId('delivery-row')).toHaveLength(0));
    expect(screen.getByTestId('delivery-count')).toHaveTextContent('0');
    expect(calls.find((call) => call.method === 'DELETE')!.path).toBe(`/myitem/${'d'.repeat(24)}`);
  });

  test('a clerk must say why they cancel; the reason goes in the query', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff, { role: 'clerk' }),
      'GET /myitem*': () => ({ body: [delivery()] }),
      'DELETE /myitem/*': () => ({ body: { acknowledged: true, deletedCount: 1 } }),
    });
    renderApp('/myitem', staff);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the delivery of Pixel 8 Pro' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel delivery' }));
    expect(await dialog.findByText('A clerk must give a reason to cancel a delivery')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await userEvent.type(dialog.getByLabelText('Reason'), 'Sent twice');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel delivery' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`/myitem/${'d'.repeat(24)}?reason=Sent+twice`),
    );
  });
});

describe('My Item, paged in the browser', () => {
  const many = Array.from({ length: 25 }, (_, index) =>
    delivery({
      _id: String(index).padStart(24, 'd'),
      inventory: index % 5 === 0 ? `Galaxy ${index}` : `Pixel ${index}`,
      createdAt: new Date(Date.UTC(2026, 10, 1, index)).toISOString(),
    }),
  );
  const rowItems = () =>
    screen.getAllByTestId('delivery-row').map((row) => within(row).getByRole('rowheader').textContent);

  test('the count is the total; the page, newest first, and the next page come from the address', async () => {
    fakeApi({ ...meRoute(staff), 'GET /myitem*': () => ({ body: many }) });
    const { router } = renderApp('/myitem', staff);
    expect(await screen.findAllByTestId('delivery-row')).toHaveLength(MY_ITEM_PAGE_SIZE);
    expect(screen.getByTestId('delivery-count')).toHaveTextContent('25');
    expect(rowItems()[0]).toBe('Pixel 24');
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 1–20 of 25 deliveries');

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(5));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByTestId('delivery-count')).toHaveTextContent('25');
  });

  test('search and sort narrow and order the rows; the count stays the total', async () => {
    fakeApi({ ...meRoute(staff), 'GET /myitem*': () => ({ body: many }) });
    const { router } = renderApp('/myitem?sort=-newest', staff);
    await screen.findAllByTestId('delivery-row');
    expect(rowItems()[0]).toBe('Galaxy 0');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by item, recipient or address' }), 'galaxy');
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(5));
    expect(router.state.location.search).toBe('?sort=-newest&q=galaxy');
    expect(rowItems()).toEqual(['Galaxy 0', 'Galaxy 5', 'Galaxy 10', 'Galaxy 15', 'Galaxy 20']);
    expect(screen.getByTestId('delivery-count')).toHaveTextContent('25');
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 1–5 of 5 matching deliveries');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by item, recipient or address' }), 'zz');
    expect(await screen.findByText('No delivery matches “galaxyzz”.')).toBeInTheDocument();
  });
});
