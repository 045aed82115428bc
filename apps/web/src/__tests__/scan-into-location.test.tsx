import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAIN_LOCATION_ID, type Location, type LocationItem } from '@smart-zone/types/location';
import { fakeApi, item, meRoute, page } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

/** Issue 34, "scan a bin, then its items": a location's view, its contents, and moving scanned items into it. */
const clerk = passwordUser('clerk@example.com', true);
const at = '2026-11-27T10:00:00.000Z';
const bin: Location = {
  _id: 'b'.repeat(24),
  name: 'Bin 3',
  parentId: 'c'.repeat(24),
  path: 'Back room / Shelf A / Bin 3',
  depth: 3,
  updatedAt: at,
};
const pens = item({ _id: 'e'.repeat(24), name: 'Stabilo pens', sku: 'ST-PEN-10', barcodes: ['4006381333931'] });
const cable = item({ _id: 'd'.repeat(24), name: 'USB-C cable', sku: 'CAB-1M' });

/** The bin's page for `role`: what it holds is `held()` (as it is now), a move answered by `transfers`. */
function binApi(
  role: 'clerk' | 'viewer' | 'manager',
  {
    held = () => [],
    transfers = () => ({ body: { movementIds: ['f1'.repeat(12)] } }),
  }: { held?: () => LocationItem[]; transfers?: () => { status?: number; body: unknown } } = {},
) {
  return fakeApi({
    ...meRoute(clerk, { role }),
    [`GET /locations/${bin._id}`]: () => ({ body: bin }),
    [`GET /locations?parentId=${bin._id}&limit=50`]: () => page([]),
    [`GET /locations/${bin._id}/items?limit=50`]: () => page(held()),
    'GET /inventory?code=4006381333931': () => page([pens]),
    'GET /inventory?code=ST-PEN-10': () => page([pens]),
    'GET /inventory?code=CAB-1M': () => page([cable]),
    'GET /inventory?code=*': () => page([], 0),
    'POST /transfers': transfers,
  });
}

const codeField = () => screen.findByRole('textbox', { name: 'Item code' });
async function scan(code: string) {
  await userEvent.type(await codeField(), `${code}{Enter}`);
}
const lines = () => screen.queryAllByTestId('scan-into-line');

describe('scan a bin, then its items', () => {
  test('a clerk starts it from the bin; typed codes become lines of 1, the same code again adds 1', async () => {
    binApi('clerk');
    const { router } = renderApp(`/locations?in=${bin._id}`, clerk);
    await waitFor(() => expect(screen.getByTestId('location-holds-summary')).toHaveTextContent('No stock here yet.'));
    await userEvent.click(await screen.findByRole('button', { name: 'Scan items into Back room / Shelf A / Bin 3' }));
    expect(router.state.location.search).toBe(`?in=${bin._id}&scan=1`);
    expect(screen.getByRole('heading', { name: 'Scan items into Back room / Shelf A / Bin 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move 0 items here' })).toBeDisabled();

    await scan('4006381333931');
    expect(await screen.findByText('Added Stabilo pens')).toBeInTheDocument();
    await scan('CAB-1M');
    await waitFor(() => expect(lines()).toHaveLength(2));
    await scan('ST-PEN-10');
    expect(await screen.findByText('Added Stabilo pens (2)')).toBeInTheDocument();
    expect(lines()).toHaveLength(2);
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Stabilo pens' })).toHaveValue(2);
    expect(screen.getByRole('spinbutton', { name: 'Quantity of USB-C cable' })).toHaveValue(1);
    expect(screen.getByRole('button', { name: 'Move 3 items here' })).toBeEnabled();

    await scan('0000000000000');
    expect(await screen.findByText('No item has the code 0000000000000.')).toBeInTheDocument();
    expect(lines()).toHaveLength(2);
  });

  test('the stepper: − stops at 1, + adds one, a line is removed, a bad quantity blocks the move', async () => {
    binApi('clerk');
    renderApp(`/locations?in=${bin._id}&scan=1`, clerk);
    await scan('CAB-1M');
    const less = await screen.findByRole('button', { name: 'One less USB-C cable' });
    const more = screen.getByRole('button', { name: 'One more USB-C cable' });
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of USB-C cable' });
    expect(less).toBeDisabled();
    await userEvent.click(more);
    await userEvent.click(more);
    expect(quantity).toHaveValue(3);
    await userEvent.click(less);
    expect(quantity).toHaveValue(2);
    await userEvent.clear(quantity);
    expect(screen.getByRole('button', { name: 'Move 0 items here' })).toBeDisabled();
    await userEvent.type(quantity, '4');
    expect(screen.getByRole('button', { name: 'Move 4 items here' })).toBeEnabled();
    await scan('ST-PEN-10');
    await waitFor(() => expect(lines()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Remove USB-C cable' }));
    expect(lines()).toHaveLength(1);
    expect(within(lines()[0]!).getByText('Stabilo pens')).toBeInTheDocument();
  });

  test('Move sends one transfer to the bin, lines without from; done: a toast, the list cleared, the contents asked again', async () => {
    let held: LocationItem[] = [];
    const { calls } = binApi('clerk', {
      held: () => held,
      transfers: () => {
        held = [
          { itemId: cable._id, name: cable.name, sku: cable.sku, quantity: 2 },
          { itemId: pens._id, name: pens.name, sku: pens.sku, quantity: 1 },
        ];
        return { body: { movementIds: ['f1'.repeat(12), 'f2'.repeat(12)] } };
      },
    });
    renderApp(`/locations?in=${bin._id}&scan=1`, clerk);
    await scan('CAB-1M');
    await scan('CAB-1M');
    await scan('ST-PEN-10');
    await waitFor(() => expect(lines()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Move 3 items here' }));
    expect(await screen.findByText('Moved 3 items into Back room / Shelf A / Bin 3')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        to: bin._id,
        lines: [
          { itemId: cable._id, quantity: 2 },
          { itemId: pens._id, quantity: 1 },
        ],
      },
    ]);
    await waitFor(() => expect(lines()).toHaveLength(0));
    await waitFor(() => expect(screen.getByTestId('location-holds-summary')).toHaveTextContent('2 items here'));
    const rows = screen.getAllByTestId('location-holds-row');
    expect(rows.map((row) => row.textContent)).toEqual(['USB-C cableCAB-1M2', 'Stabilo pensST-PEN-101']);
    expect(within(rows[0]!).getByRole('link', { name: 'USB-C cable' })).toHaveAttribute(
      'href',
      `/inventory/${cable._id}`,
    );
  });

  test('a refused move (409) says the API’s message and keeps the list; nothing is toasted as done', async () => {
    const message = `Line 2 (item ${pens._id}): Only 1 there: cannot move 2`;
    binApi('clerk', {
      transfers: () => ({ status: 409, body: { error: { code: 'out_of_stock', message } } }),
    });
    renderApp(`/locations?in=${bin._id}&scan=1`, clerk);
    await scan('CAB-1M');
    await scan('ST-PEN-10');
    await scan('ST-PEN-10');
    await screen.findByText('Added Stabilo pens (2)');
    await userEvent.click(screen.getByRole('button', { name: 'Move 3 items here' }));
    expect(await screen.findByTestId('scan-into-refusal')).toHaveTextContent(message);
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(lines()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Move 3 items here' })).toBeEnabled();
    expect(screen.queryByText(/^Moved /)).toBeNull();
  });

  test('a viewer sees what the bin holds but is not offered to scan items into it, even by its address', async () => {
    const { calls } = binApi('viewer', {
      held: () => [{ itemId: pens._id, name: pens.name, quantity: 4 }],
    });
    renderApp(`/locations?in=${bin._id}&scan=1`, clerk);
    await waitFor(() => expect(screen.getByTestId('location-holds-summary')).toHaveTextContent('1 item here'));
    expect(screen.queryByRole('button', { name: /^Scan items into/ })).toBeNull();
    expect(screen.queryByTestId('scan-into')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Item code' })).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('Main holds no list here and offers no scanning into it', async () => {
    fakeApi({
      ...meRoute(clerk, { role: 'clerk' }),
      [`GET /locations/${MAIN_LOCATION_ID}`]: () => ({
        body: { _id: MAIN_LOCATION_ID, name: 'Main', parentId: null, path: 'Main', depth: 0, updatedAt: at },
      }),
      [`GET /locations?parentId=${MAIN_LOCATION_ID}&limit=50`]: () => page([bin]),
    });
    renderApp('/locations', clerk);
    expect(await screen.findAllByTestId('location-row')).toHaveLength(1);
    expect(screen.queryByTestId('location-holds')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Scan items into/ })).toBeNull();
  });

  test('a bin label read on the Scan screen opens the bin; one tap there starts scanning into it', async () => {
    binApi('clerk');
    const { router } = renderApp('/scan', clerk);
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Type or paste a code' }),
      `http://localhost:5000/locations?in=${bin._id}{Enter}`,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Scan items into Back room / Shelf A / Bin 3' }));
    expect(await codeField()).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?in=${bin._id}&scan=1`);
    // Done leaves the mode: the bin's view again.
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(router.state.location.search).toBe(`?in=${bin._id}`);
    expect(screen.queryByTestId('scan-into')).toBeNull();
  });
});
