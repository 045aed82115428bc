import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StockMovement } from '@smart-zone/types/item';
import { type ItemStockLine, type Location, MAIN_LOCATION_ID } from '@smart-zone/types/location';
import type { Role } from '@smart-zone/types/roles';
import { NO_EDITS, type Call, fakeApi, item, itemPlaces, meRoute, movement, page, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

const staff = passwordUser('staff@example.com', true);
const pixel = item({ quantity: 7 });
const ITEM_PATH = `/inventory/${pixel._id}`;
const BIN = 'b1'.repeat(12);
const BIN_PATH = 'Back room / Shelf A / Bin 3';
const SHELF = 'c1'.repeat(12);
const MOVED = 'e0'.repeat(12);

const main = (quantity: number): ItemStockLine => ({ locationId: MAIN_LOCATION_ID, path: 'Main', quantity });
const bin = (quantity: number): ItemStockLine => ({ locationId: BIN, path: BIN_PATH, quantity });
const location = (_id: string, path: string): Location => ({
  _id,
  name: path.split(' / ').at(-1)!,
  parentId: MAIN_LOCATION_ID,
  path,
  depth: path.split(' / ').length,
  updatedAt: '2026-11-01T10:00:00.000Z',
});

/**
 * The item page's API for `role` with the item's units at `lines`; the locations search finds the bin and the
 * shelf; a transfer or a stock change answers `answer` (by default, done).
 */
function placesApi({
  role = 'manager',
  lines,
  history = [movement()],
  answer = () => ({ body: { quantity: 7, movementId: MOVED } }),
}: {
  role?: Role;
  lines: ItemStockLine[];
  history?: StockMovement[];
  answer?: (call: Call) => { status?: number; body: unknown };
}) {
  const api = fakeApi({
    ...meRoute(staff, { role }),
    ...NO_EDITS,
    ...stockAt(pixel, lines),
    [`GET ${ITEM_PATH}/history*`]: () => page(history),
    'GET /locations?*': () => page([location(SHELF, 'Back room / Shelf A'), location(BIN, BIN_PATH)]),
    'GET /inventory/*': () => ({ body: pixel }),
    'POST /inventory/*': answer,
  });
  const posts = (end: string) => api.calls.filter((call) => call.method === 'POST' && call.path.endsWith(end));
  const gets = (path: string) => api.calls.filter((call) => call.method === 'GET' && call.path === path);
  return { ...api, posts, gets };
}

const section = async () => within(await screen.findByRole('region', { name: 'Stock by location' }));
const linesShown = async () =>
  (await screen.findAllByTestId('stock-line')).map((line) => line.textContent?.replace(/Move$/, ''));
const panel = (name: string) => within(screen.getByRole('region', { name }));
const actions = async () => within(await screen.findByRole('group', { name: 'Stock actions for Pixel 8 Pro' }));

describe('stock by location on the item page', () => {
  test('staff see a line per location, Main first, with its quantity', async () => {
    placesApi({ role: 'viewer', lines: [main(5), bin(2)] });
    renderApp(ITEM_PATH, staff);
    await section();
    expect(await linesShown()).toEqual(['Main5', `${BIN_PATH}2`]);
    // A viewer reads where it is but moves nothing.
    expect(screen.queryByRole('button', { name: /^Move from/ })).not.toBeInTheDocument();
  });

  test('a visitor neither sees the section nor asks where the units are', async () => {
    const { calls } = fakeApi({ 'GET /inventory/*': () => ({ body: pixel }) });
    renderApp(ITEM_PATH);
    await screen.findByText('Stock: 7');
    expect(screen.queryByRole('region', { name: 'Stock by location' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/stock'))).toBe(false);
  });

  test('Move from a line: a location found by its path, 2, Move 2 sends the transfer; the lines and the history are asked again', async () => {
    const { posts, gets } = placesApi({ role: 'clerk', lines: [main(5)] });
    renderApp(ITEM_PATH, staff);
    await (await section()).findByText('Main');
    await userEvent.click(screen.getByRole('button', { name: 'Move from Main' }));
    const move = panel('Move Pixel 8 Pro');
    expect(move.getByLabelText('Amount')).toHaveValue(1);
    // At most what Main holds.
    expect(move.getByRole('button', { name: '10' })).toBeDisabled();
    await userEvent.type(move.getByLabelText('Find where they go'), 'a3');
    await userEvent.click(await move.findByRole('button', { name: BIN_PATH }));
    expect(move.getByTestId('move-to')).toHaveTextContent(BIN_PATH);
    await userEvent.click(move.getByRole('button', { name: '2' }));
    const before = { lines: gets(`${ITEM_PATH}/stock`).length, history: gets(`${ITEM_PATH}/history?limit=10`).length };
    await userEvent.click(move.getByRole('button', { name: 'Move 2' }));

    expect(await screen.findByText(`Moved 2 of Pixel 8 Pro: Main → ${BIN_PATH}`)).toBeInTheDocument();
    expect(posts('/transfer').map((call) => [call.path, call.body])).toEqual([
      [`${ITEM_PATH}/transfer`, { from: MAIN_LOCATION_ID, to: BIN, quantity: 2 }],
    ]);
    await waitFor(() => expect(gets(`${ITEM_PATH}/stock`).length).toBeGreaterThan(before.lines));
    await waitFor(() => expect(gets(`${ITEM_PATH}/history?limit=10`).length).toBeGreaterThan(before.history));
    expect(screen.queryByRole('region', { name: 'Move Pixel 8 Pro' })).not.toBeInTheDocument();
  });

  test('another of its lines is one tap; a 409 shows the API’s words beside the amount and the form stays', async () => {
    const message = 'Only 1 there: cannot move 2';
    const { posts } = placesApi({
      lines: [main(5), bin(2)],
      answer: () => ({ status: 409, body: { error: { code: 'out_of_stock', message, requestId: 'r' } } }),
    });
    renderApp(ITEM_PATH, staff);
    await (await section()).findByText(BIN_PATH);
    await userEvent.click(screen.getByRole('button', { name: `Move from ${BIN_PATH}` }));
    const move = panel('Move Pixel 8 Pro');
    expect(move.getByLabelText('From')).toHaveValue(BIN);
    await userEvent.click(within(move.getByRole('group', { name: 'To one of its locations' })).getByRole('button'));
    expect(move.getByTestId('move-to')).toHaveTextContent('Main');
    await userEvent.click(move.getByRole('button', { name: '2' }));
    await userEvent.click(move.getByRole('button', { name: 'Move 2' }));

    expect(await move.findByText(message)).toBeInTheDocument();
    expect(move.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(posts('/transfer').map((call) => call.body)).toEqual([{ from: BIN, to: MAIN_LOCATION_ID, quantity: 2 }]);
    // No toast of its own: the message is where the fix is.
    expect(screen.queryAllByText(message)).toHaveLength(1);
  });

  test('a move with nowhere picked, or more than the line holds, is refused before sending', async () => {
    const { posts } = placesApi({ lines: [main(5), bin(2)] });
    renderApp(ITEM_PATH, staff);
    await (await section()).findByText(BIN_PATH);
    await userEvent.click(screen.getByRole('button', { name: `Move from ${BIN_PATH}` }));
    const move = panel('Move Pixel 8 Pro');
    await userEvent.click(move.getByRole('button', { name: 'Move 1' }));
    expect(await move.findByText('Pick where they go')).toBeInTheDocument();
    await userEvent.click(move.getByRole('button', { name: 'Main' }));
    await userEvent.clear(move.getByLabelText('Amount'));
    await userEvent.type(move.getByLabelText('Amount'), '3');
    await userEvent.click(move.getByRole('button', { name: 'Move 3' }));
    expect(await move.findByText('Only 2 there')).toBeInTheDocument();
    expect(posts('/transfer')).toHaveLength(0);
  });
});

describe('where a receipt or a removal goes', () => {
  test('all at Main: nothing is asked and nothing sent but the amount', async () => {
    const { posts } = placesApi({ role: 'clerk', lines: [main(7)] });
    renderApp(ITEM_PATH, staff);
    await userEvent.click((await actions()).getByRole('button', { name: 'Remove' }));
    const remove = panel('Remove Pixel 8 Pro');
    await remove.findByText('In stock now: 7');
    await waitFor(() => expect(remove.getByRole('button', { name: 'Remove 1' })).toBeEnabled());
    expect(remove.queryByLabelText('Take them from')).not.toBeInTheDocument();
    await userEvent.click(remove.getByRole('radio', { name: 'Used' }));
    await userEvent.click(remove.getByRole('button', { name: 'Remove 1' }));
    await screen.findByText('Pixel 8 Pro now has 7 in stock');

    await userEvent.click((await actions()).getByRole('button', { name: 'Receive' }));
    const receive = panel('Receive Pixel 8 Pro');
    await waitFor(() => expect(receive.getByRole('button', { name: 'Receive 1' })).toBeEnabled());
    expect(receive.queryByLabelText('Put them at')).not.toBeInTheDocument();
    await userEvent.click(receive.getByRole('button', { name: 'Receive 1' }));
    await waitFor(() => expect(posts('/stock')).toHaveLength(2));
    expect(posts('/stock').map((call) => call.body)).toEqual([{ delta: -1, why: 'used' }, { delta: 1 }]);
  });

  test('all at one location other than Main: not asked, sent by its id', async () => {
    const { posts } = placesApi({ role: 'clerk', lines: [bin(7)] });
    renderApp(ITEM_PATH, staff);
    await userEvent.click((await actions()).getByRole('button', { name: 'Receive' }));
    const receive = panel('Receive Pixel 8 Pro');
    await waitFor(() => expect(receive.getByRole('button', { name: 'Receive 1' })).toBeEnabled());
    expect(receive.getByText(`Into ${BIN_PATH}`)).toBeInTheDocument();
    expect(receive.queryByLabelText('Put them at')).not.toBeInTheDocument();
    await userEvent.click(receive.getByRole('button', { name: 'Receive 1' }));
    await waitFor(() => expect(posts('/stock').map((call) => call.body)).toEqual([{ delta: 1, locationId: BIN }]));
  });

  test('in two places, a removal asks which, and stops at what that one holds', async () => {
    const { posts } = placesApi({ role: 'clerk', lines: [main(5), bin(2)] });
    renderApp(ITEM_PATH, staff);
    await userEvent.click((await actions()).getByRole('button', { name: 'Remove' }));
    const remove = panel('Remove Pixel 8 Pro');
    const from = await remove.findByLabelText('Take them from');
    expect(
      within(from)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Main (5 there)', `${BIN_PATH} (2 there)`]);
    await userEvent.selectOptions(from, BIN);
    expect(remove.getByRole('button', { name: '5' })).toBeDisabled();
    await userEvent.clear(remove.getByLabelText('Amount'));
    await userEvent.type(remove.getByLabelText('Amount'), '3');
    await userEvent.click(remove.getByRole('radio', { name: 'Lost' }));
    await userEvent.click(remove.getByRole('button', { name: 'Remove 3' }));
    expect(await remove.findByText('Only 2 there')).toBeInTheDocument();
    await userEvent.click(remove.getByRole('button', { name: '2' }));
    await userEvent.click(remove.getByRole('button', { name: 'Remove 2' }));
    await waitFor(() =>
      expect(posts('/stock').map((call) => call.body)).toEqual([{ delta: -2, why: 'lost', locationId: BIN }]),
    );
  });

  test('in two places, a receipt asks where: one of them, or another location found by its path', async () => {
    const { posts } = placesApi({ role: 'clerk', lines: [main(5), bin(2)] });
    renderApp(ITEM_PATH, staff);
    await userEvent.click((await actions()).getByRole('button', { name: 'Receive' }));
    const receive = panel('Receive Pixel 8 Pro');
    const where = await receive.findByLabelText('Put them at');
    await userEvent.selectOptions(where, 'Another location…');
    await userEvent.click(receive.getByRole('button', { name: 'Receive 1' }));
    expect(await receive.findByText('Pick the location they go to')).toBeInTheDocument();
    await userEvent.type(receive.getByLabelText('Find where they go'), 'shelf');
    await userEvent.click(await receive.findByRole('button', { name: 'Back room / Shelf A' }));
    await userEvent.click(receive.getByRole('button', { name: 'Receive 1' }));
    await waitFor(() => expect(posts('/stock').map((call) => call.body)).toEqual([{ delta: 1, locationId: SHELF }]));
  });

  test('the Restock card asks too, in two places only', async () => {
    const { posts } = placesApi({ lines: [main(5), bin(2)] });
    renderApp(ITEM_PATH, staff);
    const card = within((await screen.findByRole('heading', { name: 'Restock' })).closest('.card') as HTMLElement);
    await userEvent.type(card.getByLabelText('Amount'), '-1');
    await userEvent.selectOptions(await card.findByLabelText('Take them from'), BIN);
    await userEvent.click(card.getByRole('button', { name: 'Change stock' }));
    await waitFor(() => expect(posts('/stock').map((call) => call.body)).toEqual([{ delta: -1, locationId: BIN }]));
  });
});

describe('where receipts go by default', () => {
  const SHELF_PATH = 'Back room / Shelf A';
  const known = [location(SHELF, SHELF_PATH), location(BIN, BIN_PATH)];

  /**
   * The item page for `role` over a fake that keeps the item's places (itemPlaces): its units at `lines` (all 7 at
   * Main unless said), its default location `defaultId`; the locations search finds `found` (the shelf and the bin).
   */
  function defaultsApi({
    role = 'clerk',
    lines,
    defaultId = null,
    found = known,
  }: {
    role?: Role;
    lines?: ItemStockLine[];
    defaultId?: string | null;
    found?: Location[];
  } = {}) {
    const places = itemPlaces(pixel, { lines, locations: known, defaultId });
    const api = fakeApi({
      ...meRoute(staff, { role }),
      ...NO_EDITS,
      ...places.routes,
      [`GET ${ITEM_PATH}/history*`]: () => page([movement()]),
      'GET /locations?*': () => page(found),
    });
    const puts = () => api.calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body]);
    const stockPosts = () =>
      api.calls.filter((call) => call.method === 'POST' && call.path === `${ITEM_PATH}/stock`).map((call) => call.body);
    return { ...api, places, puts, stockPosts };
  }

  const receivesInto = async () => (await section()).findByTestId('default-location');
  const change = () => userEvent.click(screen.getByRole('button', { name: 'Change where receipts go' }));
  const chooser = () => panel('Where receipts of Pixel 8 Pro go');
  const shownLines = () => screen.getAllByTestId('stock-line').map((line) => line.textContent?.replace(/Move$/, ''));

  test('the line says Main; Change and a location found by its path: the line says that location', async () => {
    const { puts } = defaultsApi();
    renderApp(ITEM_PATH, staff);
    expect(await receivesInto()).toHaveTextContent('Receives into: Main');
    await change();
    // Nothing to clear yet.
    expect(chooser().queryByRole('button', { name: 'Use Main' })).not.toBeInTheDocument();
    await userEvent.type(chooser().getByLabelText('Find where receipts go'), 'a3');
    await userEvent.click(await chooser().findByRole('button', { name: BIN_PATH }));

    expect(await screen.findByText('Default location set')).toBeInTheDocument();
    await waitFor(async () => expect(await receivesInto()).toHaveTextContent(`Receives into: ${BIN_PATH}`));
    expect(puts()).toEqual([[`${ITEM_PATH}/default-location`, { locationId: BIN }]]);
    expect(screen.queryByRole('region', { name: 'Where receipts of Pixel 8 Pro go' })).not.toBeInTheDocument();
    // No stock moved.
    expect(shownLines()).toEqual(['Main7']);
  });

  test('a viewer reads where receipts go but has no Change', async () => {
    const { calls } = defaultsApi({ role: 'viewer', defaultId: BIN });
    renderApp(ITEM_PATH, staff);
    expect(await receivesInto()).toHaveTextContent(`Receives into: ${BIN_PATH}`);
    expect(screen.queryByRole('button', { name: /^Change/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  test('a receipt with no place picked goes to the default location: the form says so and sends none', async () => {
    const { stockPosts, places } = defaultsApi({ defaultId: SHELF });
    renderApp(ITEM_PATH, staff);
    await (await section()).findByText('Main');
    await userEvent.click((await actions()).getByRole('button', { name: 'Receive' }));
    const receive = panel('Receive Pixel 8 Pro');
    await waitFor(() => expect(receive.getByRole('button', { name: 'Receive 1' })).toBeEnabled());
    expect(receive.getByText(`Into ${SHELF_PATH}`)).toBeInTheDocument();
    await userEvent.click(receive.getByRole('button', { name: '5' }));
    await userEvent.click(receive.getByRole('button', { name: 'Receive 5' }));

    expect(await screen.findByText('Pixel 8 Pro now has 12 in stock')).toBeInTheDocument();
    expect(stockPosts()).toEqual([{ delta: 5 }]);
    await waitFor(() => expect(shownLines()).toEqual(['Main7', `${SHELF_PATH}5`]));
    expect(places.lines()).toEqual([
      { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 7 },
      { locationId: SHELF, path: SHELF_PATH, quantity: 5 },
    ]);
  });

  test('in two places, the receipt starts at the default location; picking another sends it', async () => {
    const { stockPosts } = defaultsApi({ lines: [main(5), bin(2)], defaultId: BIN });
    renderApp(ITEM_PATH, staff);
    await userEvent.click((await actions()).getByRole('button', { name: 'Receive' }));
    let receive = panel('Receive Pixel 8 Pro');
    expect(await receive.findByLabelText('Put them at')).toHaveValue(BIN);
    await waitFor(() => expect(receive.getByRole('button', { name: 'Receive 1' })).toBeEnabled());
    await userEvent.click(receive.getByRole('button', { name: 'Receive 1' }));
    await waitFor(() => expect(shownLines()).toEqual(['Main5', `${BIN_PATH}3`]));

    await userEvent.click((await actions()).getByRole('button', { name: 'Receive' }));
    receive = panel('Receive Pixel 8 Pro');
    await userEvent.selectOptions(await receive.findByLabelText('Put them at'), MAIN_LOCATION_ID);
    await userEvent.click(receive.getByRole('button', { name: 'Receive 1' }));
    await waitFor(() => expect(shownLines()).toEqual(['Main6', `${BIN_PATH}3`]));
    expect(stockPosts()).toEqual([{ delta: 1 }, { delta: 1, locationId: MAIN_LOCATION_ID }]);
  });

  test('Use Main clears it: the line says Main and receipts go there again', async () => {
    const { puts, stockPosts } = defaultsApi({ defaultId: BIN });
    renderApp(ITEM_PATH, staff);
    expect(await receivesInto()).toHaveTextContent(`Receives into: ${BIN_PATH}`);
    await change();
    await userEvent.click(chooser().getByRole('button', { name: 'Use Main' }));

    expect(await screen.findByText('Default location set')).toBeInTheDocument();
    await waitFor(async () => expect(await receivesInto()).toHaveTextContent('Receives into: Main'));
    expect(puts()).toEqual([[`${ITEM_PATH}/default-location`, { locationId: null }]]);

    await userEvent.click((await actions()).getByRole('button', { name: 'Receive' }));
    const receive = panel('Receive Pixel 8 Pro');
    await waitFor(() => expect(receive.getByRole('button', { name: 'Receive 1' })).toBeEnabled());
    expect(receive.getByText('Into Main')).toBeInTheDocument();
    await userEvent.click(receive.getByRole('button', { name: 'Receive 1' }));
    await waitFor(() => expect(shownLines()).toEqual(['Main8']));
    expect(stockPosts()).toEqual([{ delta: 1 }]);
  });

  test('a location the API does not know: its words, and the default stays', async () => {
    const dock = location('d1'.repeat(12), 'Loading dock');
    defaultsApi({ found: [dock] });
    renderApp(ITEM_PATH, staff);
    expect(await receivesInto()).toHaveTextContent('Receives into: Main');
    await change();
    await userEvent.type(chooser().getByLabelText('Find where receipts go'), 'dock');
    await userEvent.click(await chooser().findByRole('button', { name: 'Loading dock' }));

    expect(await screen.findByText('No location with that id (locationId): nothing changed')).toBeInTheDocument();
    expect(screen.queryByText('Default location set')).not.toBeInTheDocument();
    expect(await receivesInto()).toHaveTextContent('Receives into: Main');
    expect(chooser().getByLabelText('Find where receipts go')).toBeInTheDocument();
  });
});

describe('places in the stock history', () => {
  const transfer = (overrides: Partial<StockMovement> = {}) =>
    movement({
      _id: 'a0'.repeat(12),
      reason: 'transfer',
      delta: 0,
      quantityAfter: 7,
      at: new Date().toISOString(),
      places: [
        { locationId: MAIN_LOCATION_ID, delta: -2 },
        { locationId: BIN, delta: 2 },
      ],
      ...overrides,
    });

  test('a transfer says how many went from where to where; a restock elsewhere says where', async () => {
    const history: StockMovement[] = [
      transfer(),
      movement({ _id: 'a1'.repeat(12), reason: 'restock', delta: 5, places: [{ locationId: BIN, delta: 5 }] }),
    ];
    const { gets } = placesApi({ lines: [main(5), bin(2)], history });
    renderApp(ITEM_PATH, staff);
    const [moved, restocked] = await screen.findAllByTestId('history-row');
    expect(within(moved!).getByTestId('movement-places')).toHaveTextContent(`2 moved: Main → ${BIN_PATH}`);
    expect(moved!.querySelector('td[data-label="Reason"]')).toHaveTextContent(/^Moved/);
    expect(moved!.querySelector('td[data-label="Change"]')).toHaveTextContent('0');
    expect(within(restocked!).getByTestId('movement-places')).toHaveTextContent(`at ${BIN_PATH}`);
    // Both paths were known from the item's lines: no location was asked for.
    expect(gets(`/locations/${BIN}`)).toHaveLength(0);
  });

  test('a location the item no longer holds is asked for once, however many rows name it', async () => {
    const shelf = location(SHELF, 'Back room / Shelf A');
    const history = [
      transfer({
        places: [
          { locationId: SHELF, delta: -1 },
          { locationId: MAIN_LOCATION_ID, delta: 1 },
        ],
      }),
      movement({ _id: 'a1'.repeat(12), reason: 'restock', delta: 1, places: [{ locationId: SHELF, delta: 1 }] }),
    ];
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      ...stockAt(pixel),
      [`GET ${ITEM_PATH}/history*`]: () => page(history),
      [`GET /locations/${SHELF}`]: () => ({ body: shelf }),
      'GET /inventory/*': () => ({ body: pixel }),
    });
    renderApp(ITEM_PATH, staff);
    const [moved, restocked] = await screen.findAllByTestId('history-row');
    await waitFor(() =>
      expect(within(moved!).getByTestId('movement-places')).toHaveTextContent('1 moved: Back room / Shelf A → Main'),
    );
    expect(within(restocked!).getByTestId('movement-places')).toHaveTextContent('at Back room / Shelf A');
    expect(calls.filter((call) => call.path === `/locations/${SHELF}`)).toHaveLength(1);
  });
});
