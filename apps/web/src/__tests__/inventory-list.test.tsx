import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item } from '@smart-zone/types/item';
import { type Call, deferred, fakeApi, item, page } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { SEARCH_DEBOUNCE_MS } from '../components/SearchBox';
import { INVENTORY_PAGE_SIZE } from '../features/inventory/page-sizes';

const phones = (count: number, from = 0): Item[] =>
  Array.from({ length: count }, (_, index) =>
    item({ _id: String(from + index).padStart(24, '0'), name: `Phone ${from + index + 1}` }),
  );

/** The inventory as the API pages it: 30 items, the query's page of them, X-Total-Count 30. */
function catalogue(total = 30) {
  return fakeApi({
    'GET /inventory?*': ({ path }) => {
      const query = new URLSearchParams(path.split('?')[1]);
      const skip = Number(query.get('skip') ?? 0);
      const limit = Number(query.get('limit'));
      const q = query.get('q');
      if (q === 'nothing') return page([], 0);
      return page(phones(Math.max(0, Math.min(limit, total - skip)), skip), total);
    },
  });
}

const listCalls = (calls: Call[]) =>
  calls.filter((call) => call.path.startsWith('/inventory?')).map((call) => call.path);
const cardNames = () => screen.getAllByTestId('item-card').map((card) => within(card).getByRole('heading').textContent);

describe('the inventory page', () => {
  test('shows the first page with the total count, and pages through the address (Back works)', async () => {
    const { calls } = catalogue();
    const { router } = renderApp('/inventory');

    expect(await screen.findAllByTestId('item-card')).toHaveLength(INVENTORY_PAGE_SIZE);
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 1–12 of 30 items');
    expect(listCalls(calls)).toEqual(['/inventory?limit=12&sort=-newest']);

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(cardNames()[0]).toBe('Phone 13'));
    expect(router.state.location.search).toBe('?page=2');
    expect(listCalls(calls)).toContain('/inventory?limit=12&skip=12&sort=-newest');
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 13–24 of 30 items');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Last page, 3' }));
    await waitFor(() => expect(screen.getAllByTestId('item-card')).toHaveLength(6));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await act(() => router.navigate(-1));
    await waitFor(() => expect(cardNames()[0]).toBe('Phone 13'));
    expect(router.state.location.search).toBe('?page=2');
  });

  test('while the next page loads, the summary still describes the rows on screen', async () => {
    const secondPage = deferred<ReturnType<typeof page>>();
    fakeApi({
      'GET /inventory?limit=12&sort=-newest': () => page(phones(12), 30),
      'GET /inventory?limit=12&skip=12&sort=-newest': () => secondPage.promise,
    });
    renderApp('/inventory');
    expect(await screen.findAllByTestId('item-card')).toHaveLength(INVENTORY_PAGE_SIZE);

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(cardNames()[0]).toBe('Phone 1');
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 1–12 of 30 items');

    secondPage.resolve(page(phones(12, 12), 30));
    await waitFor(() => expect(cardNames()[0]).toBe('Phone 13'));
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 13–24 of 30 items');
  });

  test('a shared address opens the same search, sort and page', async () => {
    const { calls } = catalogue();
    renderApp('/inventory?q=phone&sort=-price&page=2');
    await screen.findAllByTestId('item-card');
    expect(listCalls(calls)).toEqual(['/inventory?limit=12&skip=12&q=phone&sort=-price']);
    expect(screen.getByRole('searchbox', { name: 'Search by name, supplier, SKU or barcode' })).toHaveValue('phone');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-price');
  });

  test('search waits for a pause in typing, then goes to the address and back to page 1', async () => {
    const { calls } = catalogue();
    const { router } = renderApp('/inventory?page=2');
    await screen.findAllByTestId('item-card');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name, supplier, SKU or barcode' }), 'pixel');
    await waitFor(() => expect(router.state.location.search).toBe('?q=pixel'));
    await waitFor(() => expect(listCalls(calls)).toContain('/inventory?limit=12&q=pixel&sort=-newest'));
    // One search for the whole word, not one per key.
    expect(listCalls(calls).filter((path) => path.includes('q='))).toEqual([
      '/inventory?limit=12&q=pixel&sort=-newest',
    ]);
    expect(SEARCH_DEBOUNCE_MS).toBeGreaterThanOrEqual(200);

    // Back: the search box follows the address.
    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search by name, supplier, SKU or barcode' })).toHaveValue(''),
    );
    expect(router.state.location.search).toBe('?page=2');
  });

  test('sorting goes to the address and asks the API in that order', async () => {
    const { calls } = catalogue();
    const { router } = renderApp('/inventory');
    await screen.findAllByTestId('item-card');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price (high to low)');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-price'));
    await waitFor(() => expect(listCalls(calls)).toContain('/inventory?limit=12&sort=-price'));
  });

  test('a search nothing matches says so', async () => {
    catalogue();
    renderApp('/inventory?q=nothing');
    expect(await screen.findByText('No item matches “nothing”.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of items' })).not.toBeInTheDocument();
  });

  test('an empty warehouse says so, and a page past the end offers the first one', async () => {
    catalogue(0);
    const { router } = renderApp('/inventory?page=4');
    await userEvent.click(await screen.findByRole('button', { name: 'Go to the first page' }));
    expect(await screen.findByText('The warehouse is empty.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});

describe('the inventory page with no network', () => {
  let online = false;
  let onLine: jest.SpyInstance;
  beforeEach(() => {
    online = false;
    onLine = jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(() => {
    onLine.mockRestore();
    act(() => {
      online = true;
      window.dispatchEvent(new Event('online'));
    });
  });

  test('opened offline: says so (the header and the list), asks nothing, and loads by itself when the network is back', async () => {
    const { calls } = catalogue();
    renderApp('/inventory');

    expect(await screen.findByText('You are offline. This list shows once the network is back.')).toBeInTheDocument();
    expect(screen.getAllByRole('status').some((status) => status.textContent === 'Offline')).toBe(true);
    expect(listCalls(calls)).toEqual([]);

    act(() => {
      online = true;
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findAllByTestId('item-card')).toHaveLength(INVENTORY_PAGE_SIZE);
    expect(screen.queryByText('You are offline. This list shows once the network is back.')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').some((status) => status.textContent === 'Offline')).toBe(false);
    expect(listCalls(calls)).toEqual(['/inventory?limit=12&sort=-newest']);
  });
});
