import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import type { Role } from '@smart-zone/types/roles';
import { type Call, fakeApi, itemPickerRoutes, meRoute, page } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';
import { DELIVERIES_PAGE_SIZE } from '../features/deliveries/components/AllDeliveries';

const manager = passwordUser('manager@example.com', true);
const clerk = passwordUser('clerk@example.com', true);
const ITEM_ID = 'a1b2c3d4e5f6a1b2c3d4e5f6';

function delivery(index: number, overrides: Partial<DeliveredItem> = {}): DeliveredItem {
  return {
    _id: String(index).padStart(24, '0'),
    uid: 'uid-someone@example.com',
    name: `Buyer ${index}`,
    email: 'someone@example.com',
    inventory: `Item ${index}`,
    inventoriesId: ITEM_ID,
    address: '1 Main St',
    phone: '555 0100',
    quantity: 1,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const listCalls = (calls: Call[]) =>
  calls.filter((call) => call.method === 'GET' && call.path.startsWith('/deliveries')).map((call) => call.path);

describe('Deliveries', () => {
  test('the filters go to the address and to the request; the page starts again at 1', async () => {
    const { calls } = fakeApi({
      ...meRoute(manager),
      ...itemPickerRoutes(),
      'GET /deliveries?*': ({ path }) =>
        path.includes('email=') ? page([delivery(1)], 1) : page([delivery(1), delivery(2)], 45),
    });
    const { router } = renderApp('/deliveries?page=2', manager);
    expect(await screen.findAllByTestId('all-delivery-row')).toHaveLength(2);
    expect(listCalls(calls)).toEqual([
      `/deliveries?limit=${DELIVERIES_PAGE_SIZE}&skip=${DELIVERIES_PAGE_SIZE}&state=all`,
    ]);
    expect(document.title).toBe('Deliveries-Smart-Zone');

    const filters = within(screen.getByRole('form', { name: 'Filter the deliveries' }));
    await userEvent.type(filters.getByLabelText('Delivered by'), 'Clerk@Example.com');
    // The item by its name: typed, then chosen from the matches (its id goes to the address).
    await userEvent.type(filters.getByLabelText('Item'), 'Pixel');
    await userEvent.click(await filters.findByRole('option', { name: /Pixel 8 Pro/ }));
    expect(filters.getByLabelText('Item')).toHaveValue('Pixel 8 Pro');
    await userEvent.type(filters.getByLabelText('From'), '2026-11-01');
    await userEvent.type(filters.getByLabelText('To'), '2026-11-30');
    await userEvent.click(filters.getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?email=Clerk%40Example.com&itemId=${ITEM_ID}&from=2026-11-01&to=2026-11-30`,
      ),
    );
    await waitFor(() => expect(screen.getAllByTestId('all-delivery-row')).toHaveLength(1));
    expect(listCalls(calls).at(-1)).toBe(
      `/deliveries?email=Clerk%40Example.com&itemId=${ITEM_ID}&from=2026-11-01&to=2026-11-30&limit=${DELIVERIES_PAGE_SIZE}&state=all`,
    );
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 1–1 of 1 deliveries');

    await userEvent.click(filters.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(filters.getByLabelText('Delivered by')).toHaveValue('');
  });

  test('pages on the server, with the total', async () => {
    const rows = Array.from({ length: DELIVERIES_PAGE_SIZE }, (_, index) => delivery(index));
    const { calls } = fakeApi({
      ...meRoute(manager),
      'GET /deliveries?*': ({ path }) => (path.includes('skip=') ? page([delivery(99)], 21) : page(rows, 21)),
    });
    const { router } = renderApp('/deliveries', manager);
    expect(await screen.findAllByTestId('all-delivery-row')).toHaveLength(DELIVERIES_PAGE_SIZE);
    expect(screen.getByTestId('list-summary')).toHaveTextContent(`Showing 1–${DELIVERIES_PAGE_SIZE} of 21 deliveries`);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByTestId('all-delivery-row')).toHaveLength(1));
    expect(router.state.location.search).toBe('?page=2');
    expect(listCalls(calls)).toContain(
      `/deliveries?limit=${DELIVERIES_PAGE_SIZE}&skip=${DELIVERIES_PAGE_SIZE}&state=all`,
    );
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 21–21 of 21 deliveries');
  });

  test.each<[Role, string[]]>([
    ['viewer', []],
    ['clerk', ['Cancel the delivery of Item 2']],
    ['manager', ['Cancel the delivery of Item 1', 'Cancel the delivery of Item 2']],
  ])('a %s gets Cancel where the role may cancel', async (role, buttons) => {
    const user = passwordUser(`${role}@example.com`, true);
    fakeApi({
      ...meRoute(user, { role }),
      'GET /deliveries?*': () => page([delivery(1), delivery(2, { uid: user.uid, email: user.email! })]),
    });
    renderApp('/deliveries', user);
    await screen.findAllByTestId('all-delivery-row');
    expect(
      screen
        .queryAllByRole('button', { name: /^Cancel the delivery/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(buttons);
  });

  test('a manager cancels anyone’s delivery through /deliveries, with an optional reason sent in the query', async () => {
    let rows = [delivery(1)];
    const { calls } = fakeApi({
      ...meRoute(manager),
      'GET /deliveries?*': () => page(rows),
      'DELETE /deliveries/*': () => {
        rows = [];
        return { body: { acknowledged: true, deletedCount: 1 } };
      },
    });
    renderApp('/deliveries', manager);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the delivery of Item 1' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('Reason (optional)'), 'Customer called');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel delivery' }));
    expect(await screen.findByText('No deliveries yet.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')!.path).toBe(
      `/deliveries/${delivery(1)._id}?reason=Customer+called`,
    );
  });

  test('a clerk must say why before cancelling their own', async () => {
    const { calls } = fakeApi({
      ...meRoute(clerk, { role: 'clerk' }),
      'GET /deliveries?*': () => page([delivery(1, { uid: clerk.uid })]),
      'DELETE /myitem/*': () => ({ body: { acknowledged: true, deletedCount: 1 } }),
    });
    renderApp('/deliveries', clerk);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the delivery of Item 1' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel delivery' }));
    expect(await dialog.findByText('A clerk must give a reason to cancel a delivery')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await userEvent.type(dialog.getByLabelText('Reason'), 'Wrong address');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel delivery' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'DELETE')!.path).toBe(
      `/myitem/${delivery(1)._id}?reason=Wrong+address`,
    );
  });

  test('a refused filter says why, in the API’s words', async () => {
    fakeApi({
      ...meRoute(manager),
      'GET /deliveries?*': () => ({
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Invalid query: itemId',
            fields: { itemId: 'itemId must be a 24-character hex id' },
          },
        },
      }),
    });
    renderApp('/deliveries?itemId=nope', manager);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid query: itemId');
  });
});
