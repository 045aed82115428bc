import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import { LOGIN_OK, fakeApi, item } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { accessTokenFor, renderApp } from '../../test/render-app';

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
      'GET /myitem*': () => ({ body: [delivery(), delivery({ _id: 'e'.repeat(24), inventory: 'Galaxy A54' })] }),
    });
    renderApp('/myitem', staff);
    expect(await screen.findAllByTestId('delivery-row')).toHaveLength(2);
    expect(screen.getByTestId('delivery-count')).toHaveTextContent('2');
    const get = calls.find((call) => call.path.startsWith('/myitem'))!;
    expect(get.path).toBe('/myitem?email=staff%40example.com');
    expect(get.headers.Authorization).toBe(`Bearer ${accessTokenFor(staff)}`);
  });

  test('a failed request signs the user out and sends them to /login', async () => {
    fakeApi({
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
      'GET /myitem*': () => ({ body: rows }),
      'DELETE /myitem/*': () => {
        rows = [];
        return { body: { acknowledged: true, deletedCount: 1 } };
      },
      'POST /login': () => LOGIN_OK,
    });
    renderApp('/myitem', staff);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the delivery of Pixel 8 Pro' }));
    expect(await screen.findByText('Are you sure you want to delete?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel delivery' }));
    await waitFor(() => expect(screen.queryAllByTestId('delivery-row')).toHaveLength(0));
    expect(screen.getByTestId('delivery-count')).toHaveTextContent('0');
    expect(calls.find((call) => call.method === 'DELETE')!.path).toBe(`/myitem/${'d'.repeat(24)}`);
  });
});
