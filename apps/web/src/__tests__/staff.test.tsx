import { screen } from '@testing-library/react';
import { roleNeededMessage } from '@smart-zone/types/roles';
import { fakeApi, item, meRoute, page } from '../../test/fake-api';
import { googleUser, passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

const outsider = googleUser('stranger@gmail.example');

describe('a verified user on no team', () => {
  test.each(['/manageInventories', '/addNewItem', '/myitem', '/scan'])(
    'reads so on %s, with the email to give an owner who must invite them',
    async (path) => {
      // The page's own data is asked for beside /me (a read the API answers any verified user), never shown.
      const { calls } = fakeApi({
        ...meRoute(outsider, { role: null }),
        'GET /inventory?*': () => page([item()]),
        'GET /myitem?*': () => ({ body: [] }),
      });
      renderApp(path, outsider);
      expect(await screen.findByRole('heading', { name: 'Not on the team' })).toBeInTheDocument();
      expect(screen.getByText(/An owner of this warehouse must invite you/)).toBeInTheDocument();
      expect(screen.getByText('stranger@gmail.example')).toBeInTheDocument();
      expect(screen.queryByText(item().name)).not.toBeInTheDocument();
      // Asked with the accessToken, and nothing but reads.
      expect(calls.find((call) => call.path === '/me')?.headers.Authorization).toMatch(/^Bearer /);
      expect(calls.every((call) => call.method === 'GET')).toBe(true);
    },
  );

  test('reads so on the delivery page instead of the form', async () => {
    fakeApi({ ...meRoute(outsider, { role: null }), 'GET /inventory/*': () => ({ body: item() }) });
    renderApp(`/inventoryDetails/${item()._id}`, outsider);
    expect(await screen.findByRole('heading', { name: 'Not on the team' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deliver' })).not.toBeInTheDocument();
  });
});

test('a member whose role may see it sees the protected page itself', async () => {
  const staff = passwordUser('staff@example.com', true);
  fakeApi(meRoute(staff));
  renderApp('/addNewItem', staff);
  expect(await screen.findByRole('heading', { name: 'Add New Item' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Not on the team' })).not.toBeInTheDocument();
});

test('a viewer on the delivery page reads that delivering needs a clerk, instead of the form', async () => {
  const viewer = passwordUser('viewer@example.com', true);
  fakeApi({ ...meRoute(viewer, { role: 'viewer' }), 'GET /inventory/*': () => ({ body: item() }) });
  renderApp(`/inventoryDetails/${item()._id}`, viewer);
  expect(await screen.findByText(roleNeededMessage('deliver', 'viewer'))).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Deliver' })).not.toBeInTheDocument();
});
