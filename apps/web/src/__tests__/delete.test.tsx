import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeleteResult } from '@smart-zone/types/responses';
import { deferred, fakeApi, item, meRoute, page } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

const staff = passwordUser('staff@example.com', true);
const pixel = item();
const galaxy = item({ _id: 'b'.repeat(24), name: 'Galaxy A54', supplier: 'Samsung' });

describe('deleting an item', () => {
  test('asks first, and removes the item from the list only after the server answers', async () => {
    let items = [pixel, galaxy];
    const answer = deferred<{ body: DeleteResult }>();
    fakeApi({
      ...meRoute(staff),
      'GET /inventory?*': () => page(items),
      'DELETE /inventory/*': async () => {
        const result = await answer.promise;
        items = items.filter((one) => one._id !== pixel._id);
        return result;
      },
    });
    renderApp('/manageInventories', staff);

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Pixel 8 Pro' }));
    expect(await screen.findByText('Are you sure you want to delete?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    // The server has not answered: the item is still listed.
    expect(screen.getByRole('link', { name: 'Pixel 8 Pro' })).toBeInTheDocument();

    answer.resolve({ body: { acknowledged: true, deletedCount: 1 } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Pixel 8 Pro' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Galaxy A54' })).toBeInTheDocument();
    expect(await screen.findByText('Pixel 8 Pro is deleted')).toBeInTheDocument();
  });

  test('Cancel in the confirmation deletes nothing', async () => {
    const { calls } = fakeApi({ ...meRoute(staff), 'GET /inventory?*': () => page([pixel]) });
    renderApp('/manageInventories', staff);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Pixel 8 Pro' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Pixel 8 Pro' })).toBeInTheDocument();
  });

  test('a refused delete keeps the item and says why', async () => {
    fakeApi({
      ...meRoute(staff),
      'GET /inventory?*': () => page([pixel]),
      'DELETE /inventory/*': () => ({
        status: 403,
        body: { error: { code: 'forbidden', message: 'Verify your email address before changing anything.' } },
      }),
    });
    renderApp('/manageInventories', staff);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Pixel 8 Pro' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Verify your email address before changing anything.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pixel 8 Pro' })).toBeInTheDocument();
  });

  test('a visitor who clicks Delete on the detail page is sent to /login', async () => {
    const { calls } = fakeApi({ 'GET /inventory/*': () => ({ body: pixel }) });
    const { router } = renderApp(`/inventory/${pixel._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'Please Login' })).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: { pathname: `/inventory/${pixel._id}` } });
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });
});

test('Manage Inventories pages the items, newest first, with the total count', async () => {
  const { calls } = fakeApi({
    ...meRoute(staff),
    'GET /inventory?*': () => page([pixel, galaxy], 45),
  });
  const { router } = renderApp('/manageInventories', staff);
  expect(await screen.findAllByTestId('manage-row')).toHaveLength(2);
  expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 1–2 of 45 items');
  expect(calls.map((call) => call.path)).toContain('/inventory?limit=20&sort=newest');
  await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(calls.map((call) => call.path)).toContain('/inventory?limit=20&skip=20&sort=newest'));
  expect(router.state.location.search).toBe('?page=2');
});
