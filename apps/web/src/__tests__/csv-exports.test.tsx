import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catchDownloads } from '../../test/downloads';
import { deferred, fakeApi, item, meRoute, movement, page, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { accessTokenFor, renderApp } from '../../test/render-app';

const staff = passwordUser('staff@example.com', true);
const pixel = item();
const ITEM_PATH = `/inventory/${pixel._id}`;

const csvAnswer = (body: string, filename: string) => ({
  body,
  headers: {
    'Content-Type': 'text/csv; charset=utf-8',
    // As Express writes it: a plain file name is not quoted.
    'Content-Disposition': `attachment; filename=${filename}`,
  },
});

let downloads: ReturnType<typeof catchDownloads>;
beforeEach(() => {
  downloads = catchDownloads();
});
afterEach(() => downloads.restore());

const card = (heading: string) => screen.getByRole('heading', { name: heading }).closest('.card') as HTMLElement;

describe('Manage Inventories: Export CSV', () => {
  const ITEMS_CSV = '\uFEFFid,sku,name,supplier,price,quantity,minStock,description,img\r\n';

  test('asks /inventory.csv with the list’s search, stock filter and order and a BOM, busy meanwhile, and saves it under the API’s name', async () => {
    const answer = deferred<ReturnType<typeof csvAnswer>>();
    const { calls } = fakeApi({
      ...meRoute(staff),
      'GET /inventory?*': () => page([item()], 1),
      'GET /inventory.csv?*': () => answer.promise,
    });
    const user = userEvent.setup();
    // As the address has it: the search as typed (the list trims it), page 2 (the export is every page).
    renderApp('/manageInventories?q=+pixel+&stock=low&sort=-price&page=2', staff);
    await screen.findAllByTestId('manage-row');
    expect(calls.map((call) => call.path)).toContain('/inventory?limit=20&skip=20&q=pixel&stock=low&sort=-price');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const busy = await screen.findByRole('button', { name: 'Exporting...' });
    expect(busy).toBeDisabled();
    answer.resolve(csvAnswer(ITEMS_CSV, 'inventory-2026-11-02.csv'));
    await waitFor(() => expect(downloads.click).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();

    const exports = calls.filter((call) => call.path.startsWith('/inventory.csv'));
    expect(exports.map((call) => call.path)).toEqual(['/inventory.csv?q=pixel&stock=low&sort=-price&bom=1']);
    // A public route: no token is sent.
    expect(exports[0]!.headers.Authorization).toBeUndefined();
    expect(exports[0]!.headers.Accept).toBe('text/csv');
    expect(downloads.saved).toHaveLength(1);
    expect(downloads.saved[0]!.name).toBe('inventory-2026-11-02.csv');
    expect(await downloads.saved[0]!.text).toBe(ITEMS_CSV);
  });

  test('follows the list as it changes: a new order and no filter export the default list in that order', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff),
      'GET /inventory?*': () => page([item()], 1),
      'GET /inventory.csv?*': () => csvAnswer(ITEMS_CSV, 'inventory-2026-11-02.csv'),
    });
    const user = userEvent.setup();
    renderApp('/manageInventories?stock=out', staff);
    await screen.findAllByTestId('manage-row');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'All items');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name (A to Z)');
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/inventory?limit=20&sort=name'));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.click).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.path.startsWith('/inventory.csv')).map((call) => call.path)).toEqual([
      '/inventory.csv?sort=name&bom=1',
    ]);
  });

  test('a refused export (429) toasts the API’s message and saves nothing', async () => {
    const message = 'Too many whole-list downloads at once. Try again in a minute.';
    fakeApi({
      ...meRoute(staff),
      'GET /inventory?*': () => page([item()], 1),
      'GET /inventory.csv?*': () => ({ status: 429, body: { error: { code: 'rate_limited', message } } }),
    });
    renderApp('/manageInventories', staff);
    await screen.findAllByTestId('manage-row');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
    expect(downloads.saved).toHaveLength(0);
    expect(downloads.click).not.toHaveBeenCalled();
  });
});

describe('the item page’s stock history: Export CSV', () => {
  test('a viewer (the least role that reads stock) gets the item’s ledger from /movements.csv with the token', async () => {
    const ledger = '\uFEFFat,movementId,itemId,item,reason,delta,quantityAfter,actor,note,deliveryId\r\n';
    const { calls } = fakeApi({
      ...meRoute(staff, { role: 'viewer' }),
      [`GET ${ITEM_PATH}/history*`]: () => page([movement()]),
      ...stockAt(pixel),
      'GET /inventory/*': () => ({ body: pixel }),
      'GET /movements.csv?*': () => csvAnswer(ledger, 'movements-2026-11-02.csv'),
    });
    renderApp(ITEM_PATH, staff);
    await screen.findByTestId('history-row');
    await userEvent.click(within(card('Stock history')).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.click).toHaveBeenCalledTimes(1));

    const exports = calls.filter((call) => call.path.startsWith('/movements.csv'));
    expect(exports.map((call) => call.path)).toEqual([`/movements.csv?itemId=${pixel._id}&bom=1`]);
    expect(exports[0]!.headers.Authorization).toBe(`Bearer ${accessTokenFor(staff)}`);
    expect(exports[0]!.headers.Accept).toBe('text/csv');
    expect(downloads.saved[0]!.name).toBe('movements-2026-11-02.csv');
    expect(await downloads.saved[0]!.text).toBe(ledger);
  });

  test('a visitor gets no export (nor the history)', async () => {
    fakeApi({ 'GET /inventory/*': () => ({ body: pixel }) });
    renderApp(ITEM_PATH);
    // The update form is in its fold: the page is whole.
    await userEvent.click(await screen.findByText('Edit item details'));
    expect(await screen.findByRole('button', { name: 'Update Item' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Stock history' })).not.toBeInTheDocument();
  });

  test('a verified user on no team gets no export', async () => {
    const outsider = passwordUser('outsider@example.com', true);
    fakeApi({ ...meRoute(outsider, { role: null }), 'GET /inventory/*': () => ({ body: pixel }) });
    renderApp(ITEM_PATH, outsider);
    expect(await screen.findByText("Only this warehouse's staff can change items.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Checking your access...')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Stock history' })).not.toBeInTheDocument();
  });
});
