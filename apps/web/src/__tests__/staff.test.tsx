import { screen } from '@testing-library/react';
import { fakeApi, item, meRoute, page } from '../../test/fake-api';
import { googleUser, passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

const outsider = googleUser('stranger@gmail.example');

describe('a verified user who is not on the staff list', () => {
  test.each(['/manageInventories', '/addNewItem', '/myitem'])(
    'reads so on %s, with the email to give an admin',
    async (path) => {
      // The page's own data is asked for beside /me (a read the API answers any verified user), never shown.
      const { calls } = fakeApi({
        ...meRoute(outsider, { staff: false }),
        'GET /inventory?*': () => page([item()]),
        'GET /myitem?*': () => ({ body: [] }),
      });
      renderApp(path, outsider);
      expect(await screen.findByRole('heading', { name: 'Not on the staff list' })).toBeInTheDocument();
      expect(screen.getByText(/not on this warehouse's staff list/)).toBeInTheDocument();
      expect(screen.getByText('stranger@gmail.example')).toBeInTheDocument();
      expect(screen.queryByText(item().name)).not.toBeInTheDocument();
      // Asked with the accessToken, and nothing but reads.
      expect(calls.find((call) => call.path === '/me')?.headers.Authorization).toMatch(/^Bearer /);
      expect(calls.every((call) => call.method === 'GET')).toBe(true);
    },
  );

  test('reads so on the delivery page instead of the form', async () => {
    fakeApi({ ...meRoute(outsider, { staff: false }), 'GET /inventory/*': () => ({ body: item() }) });
    renderApp(`/inventoryDetails/${item()._id}`, outsider);
    expect(await screen.findByRole('heading', { name: 'Not on the staff list' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deliver' })).not.toBeInTheDocument();
  });
});

test('staff see the protected page itself', async () => {
  const staff = passwordUser('staff@example.com', true);
  fakeApi(meRoute(staff));
  renderApp('/addNewItem', staff);
  expect(await screen.findByRole('heading', { name: 'Add New Item' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Not on the staff list' })).not.toBeInTheDocument();
});
