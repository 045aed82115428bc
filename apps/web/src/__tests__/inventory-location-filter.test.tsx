import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Location, LocationItem } from '@smart-zone/types/location';
import { type Call, fakeApi, item, meRoute, page } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';
import { MANAGE_PAGE_SIZE } from '../features/inventory/page-sizes';

const viewer = passwordUser('viewer@example.com', true);

const shelf: Location = {
  _id: 'c'.repeat(24),
  name: 'Shelf A',
  parentId: 'a'.repeat(24),
  path: 'Back room / Shelf A',
  depth: 2,
  updatedAt: '2026-11-27T10:00:00.000Z',
};
const held: LocationItem[] = [
  { itemId: '1'.repeat(24), name: 'Pixel 8 Pro', sku: 'PX8', quantity: 5 },
  { itemId: '2'.repeat(24), name: 'Cable', quantity: 12 },
];

/** Manage Inventories for a viewer: the list (2 items), a location search that finds Shelf A, and what it holds. */
function warehouse() {
  return fakeApi({
    ...meRoute(viewer, { role: 'viewer' }),
    'GET /inventory?*': () => page([item(), item({ _id: 'e'.repeat(24), name: 'Galaxy S24' })], 2),
    'GET /locations?*': () => page([shelf]),
    [`GET /locations/${shelf._id}`]: () => ({ body: shelf }),
    [`GET /locations/${shelf._id}/items?*`]: ({ path }) =>
      path.includes('deep=true') ? page(held, 2) : page(held.slice(0, 1), 1),
  });
}

const heldCalls = (calls: Call[]) =>
  calls.filter((call) => call.path.startsWith(`/locations/${shelf._id}/items`)).map((call) => call.path);
const listCalls = (calls: Call[]) => calls.filter((call) => call.path.startsWith('/inventory?'));
const heldRows = () => screen.findAllByTestId('location-item-row');
const line = () => screen.findByTestId('location-filter-line');

describe('Manage Inventories narrowed to one location', () => {
  test('a viewer chooses a location: its items with "N here", the line that says so, and Clear back to the list', async () => {
    const { calls } = warehouse();
    const user = userEvent.setup();
    const { router } = renderApp('/manageInventories?q=pixel&page=2', viewer);
    await screen.findAllByTestId('manage-row');
    const listed = listCalls(calls).length;
    const deep = screen.getByRole('checkbox', { name: 'Including the locations inside it' });
    expect(deep).toBeChecked();

    await user.type(screen.getByRole('searchbox', { name: 'Location' }), 'shelf');
    const found = await screen.findByRole('group', { name: 'Locations found' });
    await user.click(await within(found).findByRole('button', { name: 'Back room / Shelf A' }));

    const rows = await heldRows();
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Pixel 8 Pro' })).toHaveAttribute(
      'href',
      `/inventory/${'1'.repeat(24)}`,
    );
    expect(rows[0]).toHaveTextContent('SKU: PX8');
    expect(rows[0]).toHaveTextContent('5 here');
    expect(rows[1]).toHaveTextContent('12 here');
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 1–2 of 2 items');
    expect(await line()).toHaveTextContent('Showing what Back room / Shelf A holds (and the locations inside it)');
    expect(within(await line()).getByRole('button', { name: 'Clear' })).toBeInTheDocument();
    expect(heldCalls(calls)).toEqual([`/locations/${shelf._id}/items?deep=true&limit=${MANAGE_PAGE_SIZE}`]);
    // The search, the order and the stock filter do not apply to what a location holds: gone, and said so.
    expect(screen.queryByRole('searchbox', { name: 'Search by name, supplier, SKU or barcode' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Show' })).toBeNull();
    expect(screen.getByText(/Search, Show and Sort by are set aside while a location is chosen/)).toBeInTheDocument();
    expect(screen.queryAllByTestId('manage-row')).toHaveLength(0);
    expect(listCalls(calls)).toHaveLength(listed);
    // In the address (page 1 of it), the search kept for when it is cleared.
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: 'pixel',
      location: shelf._id,
    });

    await user.click(within(await line()).getByRole('button', { name: 'Clear' }));
    expect(await screen.findAllByTestId('manage-row')).toHaveLength(2);
    expect(router.state.location.search).toBe('?q=pixel');
    expect(screen.queryByTestId('location-filter-line')).toBeNull();
    expect(screen.queryAllByTestId('location-item-row')).toHaveLength(0);
    expect(screen.getByRole('searchbox', { name: 'Search by name, supplier, SKU or barcode' })).toHaveValue('pixel');
    expect(screen.getByRole('searchbox', { name: 'Location' })).toHaveValue('');
  });

  test('a shared address (?location=&deep=0) opens the location chosen, the inside box unticked, without the list', async () => {
    const { calls } = warehouse();
    renderApp(`/manageInventories?location=${shelf._id}&deep=0`, viewer);

    expect(await heldRows()).toHaveLength(1);
    expect(heldCalls(calls)).toEqual([`/locations/${shelf._id}/items?deep=false&limit=${MANAGE_PAGE_SIZE}`]);
    expect(listCalls(calls)).toEqual([]);
    await waitFor(() =>
      expect(screen.getByTestId('location-filter-line')).toHaveTextContent(
        'Showing what Back room / Shelf A holds (only there, not the locations inside it)',
      ),
    );
    expect(screen.getByRole('checkbox', { name: 'Including the locations inside it' })).not.toBeChecked();
    expect(screen.queryByRole('searchbox', { name: 'Location' })).toBeNull();
  });

  test('unticking "Including the locations inside it" asks for the location alone (deep=false), in the address', async () => {
    const { calls } = warehouse();
    const user = userEvent.setup();
    const { router } = renderApp(`/manageInventories?location=${shelf._id}`, viewer);
    expect(await heldRows()).toHaveLength(2);

    await user.click(screen.getByRole('checkbox', { name: 'Including the locations inside it' }));
    await waitFor(async () => expect(await heldRows()).toHaveLength(1));
    expect(router.state.location.search).toBe(`?location=${shelf._id}&deep=0`);
    expect(heldCalls(calls)).toEqual([
      `/locations/${shelf._id}/items?deep=true&limit=${MANAGE_PAGE_SIZE}`,
      `/locations/${shelf._id}/items?deep=false&limit=${MANAGE_PAGE_SIZE}`,
    ]);
    expect(await line()).toHaveTextContent('(only there, not the locations inside it)');

    // Back: the address's choice again.
    await act(() => router.navigate(-1));
    await waitFor(async () => expect(await heldRows()).toHaveLength(2));
    expect(screen.getByRole('checkbox', { name: 'Including the locations inside it' })).toBeChecked();
  });

  test('what a location holds is paged like the list (?page=)', async () => {
    const many = Array.from({ length: MANAGE_PAGE_SIZE + 3 }, (_, index) => ({
      itemId: String(index).padStart(24, '0'),
      name: `Part ${index + 1}`,
      quantity: index + 1,
    }));
    const { calls } = fakeApi({
      ...meRoute(viewer, { role: 'viewer' }),
      [`GET /locations/${shelf._id}`]: () => ({ body: shelf }),
      [`GET /locations/${shelf._id}/items?*`]: ({ path }) =>
        path.includes('skip=')
          ? page(many.slice(MANAGE_PAGE_SIZE), many.length)
          : page(many.slice(0, MANAGE_PAGE_SIZE), many.length),
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/manageInventories?location=${shelf._id}`, viewer);
    expect(await heldRows()).toHaveLength(MANAGE_PAGE_SIZE);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByTestId('location-item-row')).toHaveLength(3));
    expect(screen.getByTestId('list-summary')).toHaveTextContent(`Showing 21–23 of ${many.length} items`);
    expect(router.state.location.search).toBe(`?location=${shelf._id}&page=2`);
    expect(heldCalls(calls)).toContain(
      `/locations/${shelf._id}/items?deep=true&limit=${MANAGE_PAGE_SIZE}&skip=${MANAGE_PAGE_SIZE}`,
    );
  });

  test('a location holding nothing says so', async () => {
    fakeApi({
      ...meRoute(viewer, { role: 'viewer' }),
      [`GET /locations/${shelf._id}`]: () => ({ body: shelf }),
      [`GET /locations/${shelf._id}/items?*`]: () => page([], 0),
    });
    renderApp(`/manageInventories?location=${shelf._id}`, viewer);
    expect(await screen.findByText('No stock here yet.')).toBeInTheDocument();
  });

  test('a location page\'s "What Shelf A holds" opens the list narrowed to it, that location only', async () => {
    const { calls } = fakeApi({
      ...meRoute(viewer, { role: 'viewer' }),
      [`GET /locations/${shelf._id}`]: () => ({ body: shelf }),
      [`GET /locations?parentId=${shelf._id}&limit=50`]: () => page([]),
      [`GET /locations/${shelf._id}/items?*`]: ({ path }) =>
        path.includes('deep=true') ? page(held, 2) : page(held.slice(0, 1), 1),
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/locations?in=${shelf._id}`, viewer);
    await user.click(await screen.findByRole('link', { name: 'What Shelf A holds' }));
    expect(await heldRows()).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/manageInventories');
    expect(router.state.location.search).toBe(`?location=${shelf._id}&deep=0`);
    expect(screen.getByRole('heading', { name: 'Manage Inventories' })).toBeInTheDocument();
    expect(heldCalls(calls)).toContain(`/locations/${shelf._id}/items?deep=false&limit=${MANAGE_PAGE_SIZE}`);
    expect(listCalls(calls)).toEqual([]);
  });

  test('a visitor never sees the filter: the public list has none, and a shared address asks them to sign in', async () => {
    const { calls } = fakeApi({ 'GET /inventory?*': () => page([item()], 1) });
    const { unmount } = renderApp(`/inventory?location=${shelf._id}`);
    expect(await screen.findAllByTestId('item-card')).toHaveLength(1);
    expect(screen.queryByRole('searchbox', { name: 'Location' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Including the locations inside it' })).toBeNull();
    expect(screen.queryByTestId('location-filter-line')).toBeNull();
    unmount();

    const { router } = renderApp(`/manageInventories?location=${shelf._id}`);
    expect(await screen.findByRole('heading', { name: 'Please Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('searchbox', { name: 'Location' })).toBeNull();
    expect(calls.filter((call) => call.path.startsWith('/locations'))).toEqual([]);
  });
});
