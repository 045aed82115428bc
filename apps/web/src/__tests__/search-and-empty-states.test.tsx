import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item } from '@smart-zone/types/item';
import { type Call, fakeApi, item, meRoute, page, unexpectedRequests, NO_EDITS, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';
import { expectConsoleError } from '../../test/setup';

const staff = passwordUser('staff@example.com', true);

const stock: Item[] = [
  item({ _id: '1'.padStart(24, '0'), name: 'Pixel 8 Pro', supplier: 'Google' }),
  item({ _id: '2'.padStart(24, '0'), name: 'Galaxy A54', supplier: 'Samsung' }),
  item({ _id: '3'.padStart(24, '0'), name: 'Pixel 9', supplier: 'Google' }),
  item({ _id: '4'.padStart(24, '0'), name: 'iPhone 15', supplier: 'Apple' }),
  item({ _id: '5'.padStart(24, '0'), name: 'Nord 4', supplier: 'OnePlus' }),
];

/** The API's list as it answers: `q` narrows by name or supplier, case-insensitively; X-Total-Count counts the matches. */
function warehouse(items: Item[]) {
  return fakeApi({
    ...meRoute(staff),
    'GET /inventory?*': ({ path }) => {
      const q = new URLSearchParams(path.split('?')[1]).get('q')?.toLowerCase();
      const matching = q ? items.filter((row) => `${row.name} ${row.supplier}`.toLowerCase().includes(q)) : items;
      return page(matching);
    },
  });
}

const searchedFor = (calls: Call[]) =>
  calls
    .filter((call) => call.path.startsWith('/inventory?'))
    .map((call) => new URLSearchParams(call.path.split('?')[1]).get('q'));

const searchbox = () => screen.getByRole('searchbox', { name: 'Search by name, supplier, SKU or barcode' });

describe('search is wired to the list', () => {
  test('/inventory: typing asks the API with q= and shows only the matching cards and their count', async () => {
    const { calls } = warehouse(stock);
    renderApp('/inventory');
    expect(await screen.findAllByTestId('item-card')).toHaveLength(5);
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 1–5 of 5 items');

    await userEvent.type(searchbox(), 'pixel');

    await waitFor(() => expect(screen.getAllByTestId('item-card')).toHaveLength(2));
    const names = screen.getAllByTestId('item-card').map((card) => within(card).getByRole('heading').textContent);
    expect(names).toEqual(['Pixel 8 Pro', 'Pixel 9']);
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 1–2 of 2 items');
    expect(searchedFor(calls)).toContain('pixel');
  });

  test('Manage Inventories: the search narrows the table the same way', async () => {
    const { calls } = warehouse(stock);
    renderApp('/manageInventories', staff);
    expect(await screen.findAllByTestId('manage-row')).toHaveLength(5);

    await userEvent.type(searchbox(), 'samsung');

    await waitFor(() => expect(screen.getAllByTestId('manage-row')).toHaveLength(1));
    expect(screen.getByTestId('manage-row')).toHaveTextContent('Galaxy A54');
    expect(screen.queryByText('Pixel 9')).not.toBeInTheDocument();
    expect(searchedFor(calls)).toContain('samsung');
  });
});

describe('empty states say why a list is empty', () => {
  test('home with an empty warehouse', async () => {
    warehouse([]);
    renderApp('/');
    expect(await screen.findByText('The warehouse is empty. Add the first item.')).toBeInTheDocument();
    expect(screen.queryByTestId('item-card')).not.toBeInTheDocument();
  });

  test('Manage Inventories with no item', async () => {
    warehouse([]);
    renderApp('/manageInventories', staff);
    expect(await screen.findByText('No items yet. Add the first one.')).toBeInTheDocument();
    expect(screen.queryByTestId('manage-row')).not.toBeInTheDocument();
    expect(screen.queryByTestId('list-summary')).not.toBeInTheDocument();
  });

  test('/inventory: a search nothing matches names the search, not an empty warehouse', async () => {
    warehouse(stock);
    renderApp('/inventory?q=zzz');
    expect(await screen.findByText('No item matches “zzz”.')).toBeInTheDocument();
    expect(screen.queryByText('The warehouse is empty.')).not.toBeInTheDocument();
    expect(screen.queryByTestId('item-card')).not.toBeInTheDocument();
  });

  test('My Item before any delivery', async () => {
    fakeApi({ ...meRoute(staff), 'GET /myitem*': () => ({ body: [] }) });
    renderApp('/myitem', staff);
    expect(await screen.findByText(/No deliveries yet\./)).toBeInTheDocument();
    expect(screen.getByTestId('delivery-count')).toHaveTextContent('0');
    expect(screen.queryByTestId('delivery-row')).not.toBeInTheDocument();
  });

  test('an item with no stock change yet', async () => {
    const pixel = item();
    fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      [`GET /inventory/${pixel._id}/history*`]: () => page([]),
      ...stockAt(pixel),
      'GET /inventory/*': () => ({ body: pixel }),
    });
    renderApp(`/inventory/${pixel._id}`, staff);
    expect(await screen.findByText('No stock changes yet.')).toBeInTheDocument();
  });
});

describe('the harness fails a test on what it did not expect', () => {
  test('an unknown request is recorded as unexpected (test/setup.ts then fails the test) and answered 404', async () => {
    warehouse(stock);
    const response = await fetch('/api/no-such-route');
    expect(response.status).toBe(404);
    expect(unexpectedRequests).toEqual(['GET /no-such-route']);
    // Forget it, or this test's afterEach (test/setup.ts) would fail it, which is the point.
    unexpectedRequests.length = 0;
  });

  test('before fakeApi() every request is refused', async () => {
    await expect(fetch('/api/inventory')).rejects.toThrow('Unexpected request GET /api/inventory');
    expect(unexpectedRequests).toEqual(['GET /api/inventory']);
    unexpectedRequests.length = 0;
  });

  test('a console.error is caught (test/setup.ts fails the test unless it says it expected one)', () => {
    console.error('React warned about something');
    expect(expectConsoleError()).toBe(1);
  });
});
