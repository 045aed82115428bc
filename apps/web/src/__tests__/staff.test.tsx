import { screen } from '@testing-library/react';
import { fakeApi, item, meRoute } from '../../test/fake-api';
import { googleUser, passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

const outsider = googleUser('stranger@gmail.example');

describe('a verified user who is not on the staff list', () => {
  test.each(['/manageInventories', '/addNewItem', '/myitem'])(
    'reads so on %s, with the email to give an admin',
    async (path) => {
      const { calls } = fakeApi(meRoute(outsider, { staff: false }));
      renderApp(path, outsider);
      expect(await screen.findByRole('heading', { name: 'Not on the staff list' })).toBeInTheDocument();
      expect(screen.getByText(/not on this warehouse's staff list/)).toBeInTheDocument();
      expect(screen.getByText('stranger@gmail.example')).toBeInTheDocument();
      // Asked with the accessToken, and nothing else was asked for.
      expect(calls.map((call) => call.path)).toEqual(['/me']);
      expect(calls[0]!.headers.Authorization).toMatch(/^Bearer /);
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
