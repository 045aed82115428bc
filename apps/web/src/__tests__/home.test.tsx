import { screen } from '@testing-library/react';
import { fakeApi, item } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

test('home: carousel captions, the Inventory heading, six cards asked for with limit=6, Manage Inventories', async () => {
  const six = Array.from({ length: 6 }, (_, index) =>
    item({ _id: String(index).padStart(24, '0'), name: `Phone ${index + 1}` }),
  );
  const { calls } = fakeApi({ 'GET /inventory?limit=6': () => ({ body: six }) });
  renderApp('/');

  for (const caption of ['Iphone', 'Samsung Smart PHone', 'One Plus']) {
    expect(screen.getByRole('heading', { name: caption })).toBeInTheDocument();
  }
  expect(screen.getByRole('heading', { name: 'Inventory', level: 1 })).toBeInTheDocument();
  expect(await screen.findAllByTestId('item-card')).toHaveLength(6);
  expect(screen.getAllByText('$899.00')).toHaveLength(6);
  expect(screen.getAllByTestId('item-card')[0]).toHaveTextContent('Price: $899.00');
  expect(calls.map((call) => call.path)).toEqual(['/inventory?limit=6']);
  const manage = screen.getAllByRole('link', { name: 'Manage Inventories' });
  expect(manage.map((link) => link.getAttribute('href'))).toContain('/manageinventories');
  expect(document.title).toBe('Home-Smart-Zone');
});

test('home: a failed load says why and offers to try again', async () => {
  fakeApi({
    'GET /inventory?limit=6': () => ({
      status: 500,
      body: { error: { code: 'internal', message: 'The store is down.' } },
    }),
  });
  renderApp('/home');
  expect(await screen.findByText('The store is down.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
