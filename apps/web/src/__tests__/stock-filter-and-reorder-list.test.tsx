import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item } from '@smart-zone/types/item';
import { catchDownloads } from '../../test/downloads';
import { type Call, fakeApi, item, meRoute, page } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { accessTokenFor, renderApp } from '../../test/render-app';
import { REORDER_PAGE_SIZE } from '../features/inventory/components/ReorderList';

const staff = passwordUser('staff@example.com', true);
const listCalls = (calls: Call[]) =>
  calls.filter((call) => call.path.startsWith('/inventory?')).map((call) => call.path);

const low = (index: number, overrides: Partial<Item> = {}) =>
  item({
    _id: String(index).padStart(24, '0'),
    name: `Low ${index}`,
    supplier: 'Acme',
    quantity: 2,
    minStock: 2 + index,
    ...overrides,
  });

describe('Manage Inventories: the stock filter and the shortfall sort', () => {
  test('"Low stock" goes to the address (?stock=low, page 1) and asks the API for the low items', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff),
      'GET /inventory?*': ({ path }) => (path.includes('stock=low') ? page([low(1)], 1) : page([item(), low(1)], 2)),
    });
    const { router } = renderApp('/manageInventories?page=2', staff);
    await screen.findAllByTestId('manage-row');
    const show = screen.getByRole('combobox', { name: 'Show' });
    expect(show).toHaveValue('');

    await userEvent.selectOptions(show, 'Low stock');
    await waitFor(() => expect(router.state.location.search).toBe('?stock=low'));
    await waitFor(() => expect(screen.getAllByTestId('manage-row')).toHaveLength(1));
    expect(listCalls(calls)).toContain('/inventory?limit=20&stock=low&sort=newest');
    const row = screen.getByTestId('manage-row');
    expect(within(row).getByText('Low stock')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument(); // its reorder point, in its own column
  });

  test('a shared address opens the out-of-stock filter sorted by shortfall', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff),
      'GET /inventory?*': () => page([low(1, { quantity: 0 })], 1),
    });
    renderApp('/manageInventories?stock=out&sort=shortfall', staff);
    // The badge in the row (the Show filter has an option of the same text).
    expect(within(await screen.findByTestId('manage-row')).getByText('Out of stock')).toBeInTheDocument();
    expect(listCalls(calls)).toEqual(['/inventory?limit=20&stock=out&sort=shortfall']);
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('out');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('shortfall');
  });

  test('an unknown filter in the address counts as none; an empty filter says so', async () => {
    const { calls } = fakeApi({ ...meRoute(staff), 'GET /inventory?*': () => page([], 0) });
    renderApp('/manageInventories?stock=plenty', staff);
    expect(await screen.findByText('No items yet. Add the first one.')).toBeInTheDocument();
    expect(listCalls(calls)).toEqual(['/inventory?limit=20&sort=newest']);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Low stock');
    expect(await screen.findByText('No item is at or below its reorder point.')).toBeInTheDocument();
  });
});

describe('the reorder list', () => {
  test('lists the low items by shortfall, paged, with item, supplier, quantity, reorder point and shortfall', async () => {
    const rows = Array.from({ length: REORDER_PAGE_SIZE }, (_, index) => low(REORDER_PAGE_SIZE - index));
    const { calls } = fakeApi({
      ...meRoute(staff),
      'GET /inventory?*': ({ path }) => (path.includes('skip=') ? page([low(0)], 21) : page(rows, 21)),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/manageInventories', staff);
    await user.click(await screen.findByRole('link', { name: 'Reorder list' }));
    expect(await screen.findAllByTestId('reorder-row')).toHaveLength(REORDER_PAGE_SIZE);
    expect(router.state.location.pathname).toBe('/manageInventories/reorder');
    expect(listCalls(calls)).toContain('/inventory?stock=low&sort=shortfall&limit=20');
    expect(screen.getByTestId('list-summary')).toHaveTextContent('Showing 1–20 of 21 items to reorder');

    const first = screen.getAllByTestId('reorder-row')[0]!;
    const cell = (label: string) => first.querySelector(`[data-label="${label}"]`)!.textContent;
    expect([cell('Item'), cell('Supplier'), cell('Quantity'), cell('Reorder point'), cell('Shortfall')]).toEqual([
      'Low 20',
      'Acme',
      '2',
      '22',
      '20',
    ]);
    expect(within(first).getByRole('link', { name: 'Low 20' })).toHaveAttribute('href', `/inventory/${low(20)._id}`);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByTestId('reorder-row')).toHaveLength(1));
    expect(router.state.location.search).toBe('?page=2');
    expect(listCalls(calls)).toContain('/inventory?stock=low&sort=shortfall&limit=20&skip=20');
  });

  test('Download CSV fetches reorder.csv with the access token and saves it under the API’s file name', async () => {
    const csv = 'Item,Supplier,Quantity,Reorder point,Shortfall\r\nLow 1,Acme,2,3,1\r\n';
    const { calls } = fakeApi({
      ...meRoute(staff),
      'GET /inventory?*': () => page([low(1)], 1),
      'GET /inventory/reorder.csv': () => ({
        body: csv,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          // As Express writes it: a plain file name is not quoted.
          'Content-Disposition': 'attachment; filename=reorder-list-2026-11-02.csv',
        },
      }),
    });
    // Through the one CSV download (lib/download-csv.ts), as the other exports.
    const downloads = catchDownloads();
    try {
      renderApp('/manageInventories/reorder', staff);
      await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(downloads.click).toHaveBeenCalledTimes(1));
    } finally {
      downloads.restore();
    }

    const download = calls.find((call) => call.path.startsWith('/inventory/reorder.csv'))!;
    expect(download.path).toBe('/inventory/reorder.csv');
    expect(download.headers.Authorization).toBe(`Bearer ${accessTokenFor(staff)}`);
    expect(download.headers.Accept).toBe('text/csv');
    expect(downloads.saved).toHaveLength(1);
    expect(downloads.saved[0]!.name).toBe('reorder-list-2026-11-02.csv');
    expect(await downloads.saved[0]!.text).toBe(csv);
  });

  test('nothing low: says there is nothing to reorder', async () => {
    fakeApi({ ...meRoute(staff), 'GET /inventory?*': () => page([], 0) });
    renderApp('/manageInventories/reorder', staff);
    expect(await screen.findByText(/nothing to reorder/)).toBeInTheDocument();
  });
});
