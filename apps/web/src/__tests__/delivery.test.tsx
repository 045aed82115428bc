import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item } from '@smart-zone/types/item';
import { type ItemStockLine, MAIN_LOCATION_ID } from '@smart-zone/types/location';
import { type Call, NO_EDITS, fakeApi, item, meRoute, movement, page, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

const staff = { ...passwordUser('staff@example.com', true), displayName: 'Sam Staff' };

describe('delivery form', () => {
  test('is pre-filled but the recipient, requires every field, takes the stock down, then starts again with a confirmation', async () => {
    let current: Item = item({ quantity: 5 });
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...stockAt(() => current),
      'GET /inventory/*': () => ({ body: current }),
      'POST /myitem': ({ body }) => {
        current = { ...current, quantity: current.quantity - (body as { quantity: number }).quantity };
        return { status: 201, body: { acknowledged: true, insertedId: 'c'.repeat(24) } };
      },
    });
    renderApp(`/inventoryDetails/${current._id}`, staff);

    expect(await screen.findByLabelText('Email')).toHaveValue('staff@example.com');
    // The recipient is whoever receives the goods, not the person recording it: it starts empty.
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Name')).toHaveAttribute('placeholder', 'Recipient name');
    expect(screen.getByLabelText('Inventory name')).toHaveValue('Pixel 8 Pro');

    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Name'), 'Sam Staff');
    await userEvent.type(screen.getByLabelText('Address'), '1 Main St');
    await userEvent.type(screen.getByLabelText('Phone'), '+1 555 0100');
    const quantity = screen.getByLabelText('Quantity (in stock: 5)');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));

    expect(await screen.findByText('Your delevery is successfull')).toBeInTheDocument();
    expect(await screen.findByText('Stock: 3')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'Sam Staff',
      email: 'staff@example.com',
      inventory: 'Pixel 8 Pro',
      inventoriesId: current._id,
      address: '1 Main St',
      phone: '+1 555 0100',
      quantity: 2,
    });
    // Saved: every field starts again, and the confirmation offers View, Undo and Back to item.
    const saved = await screen.findByText(/^Delivered 2 × Pixel 8 Pro/);
    expect(saved).toHaveTextContent('Delivered 2 × Pixel 8 Pro — View · Undo · Back to item');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Address')).toHaveValue('');
  });

  test('the name is required, and a phone needs at least one digit', async () => {
    const { calls } = fakeApi({ ...meRoute(staff), ...stockAt(item()), 'GET /inventory/*': () => ({ body: item() }) });
    renderApp(`/inventoryDetails/${item()._id}`, staff);
    await userEvent.clear(await screen.findByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Address'), '1 Main St');
    await userEvent.type(screen.getByLabelText('Phone'), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone must contain at least one digit')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  test('asking for more than the stock is refused before sending', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...stockAt(item({ quantity: 1 })),
      'GET /inventory/*': () => ({ body: item({ quantity: 1 }) }),
    });
    renderApp(`/inventoryDetails/${item()._id}`, staff);
    await userEvent.type(await screen.findByLabelText('Name'), 'Sam Staff');
    await userEvent.type(screen.getByLabelText('Address'), '1 Main St');
    await userEvent.type(screen.getByLabelText('Phone'), '555 0100');
    const quantity = screen.getByLabelText('Quantity (in stock: 1)');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText('Only 1 in stock')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  test('an out-of-stock item cannot be delivered', async () => {
    fakeApi({
      ...meRoute(staff),
      ...stockAt(item({ quantity: 0 })),
      'GET /inventory/*': () => ({ body: item({ quantity: 0 }) }),
    });
    renderApp(`/inventoryDetails/${item()._id}`, staff);
    expect(await screen.findByText(/is out of stock/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deliver' })).not.toBeInTheDocument();
  });

  test("the server's out-of-stock answer is shown", async () => {
    fakeApi({
      ...meRoute(staff),
      ...stockAt(item({ quantity: 2 })),
      'GET /inventory/*': () => ({ body: item({ quantity: 2 }) }),
      'POST /myitem': () => ({
        status: 409,
        body: { error: { code: 'out_of_stock', message: 'Only 0 of Pixel 8 Pro left in stock.' } },
      }),
    });
    renderApp(`/inventoryDetails/${item()._id}`, staff);
    await userEvent.type(await screen.findByLabelText('Name'), 'Sam Staff');
    await userEvent.type(screen.getByLabelText('Address'), '1 Main St');
    await userEvent.type(screen.getByLabelText('Phone'), '555 0100');
    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText('Only 0 of Pixel 8 Pro left in stock.')).toBeInTheDocument();
  });

  test('a visitor is sent to /login first', async () => {
    fakeApi({ 'GET /inventory/*': () => ({ body: item() }) });
    renderApp(`/inventoryDetails/${item()._id}`);
    expect(await screen.findByRole('heading', { name: 'Please Login' })).toBeInTheDocument();
  });
});

const BIN = 'b1'.repeat(12);
const BIN_PATH = 'Back room / Shelf A / Bin 3';
const main = (quantity: number): ItemStockLine => ({ locationId: MAIN_LOCATION_ID, path: 'Main', quantity });
const bin = (quantity: number): ItemStockLine => ({ locationId: BIN, path: BIN_PATH, quantity });

/**
 * The delivery page's API for an item of 7 whose units are at `lines`; a delivery answers `answer` (by default,
 * saved).
 */
function placesApi(
  lines: ItemStockLine[],
  answer: (call: Call) => { status?: number; body: unknown } = () => ({
    status: 201,
    body: { acknowledged: true, insertedId: 'c'.repeat(24) },
  }),
) {
  const pixel = item({ quantity: lines.reduce((sum, line) => sum + line.quantity, 0) });
  const api = fakeApi({
    ...meRoute(staff),
    ...stockAt(pixel, lines),
    'GET /inventory/*': () => ({ body: pixel }),
    'POST /myitem': answer,
  });
  const deliveries = () => api.calls.filter((call) => call.method === 'POST' && call.path === '/myitem');
  return { ...api, deliveries };
}

/** Fills the delivery form's address and phone, and the quantity when given. */
async function fillIn(quantity?: string) {
  await userEvent.type(await screen.findByLabelText('Name'), 'Sam Staff');
  await userEvent.type(screen.getByLabelText('Address'), '1 Main St');
  await userEvent.type(screen.getByLabelText('Phone'), '555 0100');
  if (quantity !== undefined) {
    const field = screen.getByLabelText(/^Quantity \(in stock: \d+\)$/);
    await userEvent.clear(field);
    await userEvent.type(field, quantity);
  }
}

const DELIVERY = {
  name: 'Sam Staff',
  email: 'staff@example.com',
  inventory: 'Pixel 8 Pro',
  inventoriesId: item()._id,
  address: '1 Main St',
  phone: '555 0100',
};

describe('where a delivery is taken from (issue 34)', () => {
  test('in two places, "Take them from" starts at where the most are, and sends no location', async () => {
    const { deliveries } = placesApi([main(5), bin(2)]);
    renderApp(`/inventoryDetails/${item()._id}`, staff);
    const from = await screen.findByLabelText('Take them from');
    expect(
      within(from)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Where the most are', 'Main (5 there)', `${BIN_PATH} (2 there)`]);
    expect(within(from).getByRole('option', { name: 'Where the most are' })).toHaveProperty('selected', true);
    expect(from).toHaveClass('form-select', 'tap-target');

    await fillIn('6');
    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText('Your delevery is successfull')).toBeInTheDocument();
    expect(deliveries().map((call) => call.body)).toEqual([{ ...DELIVERY, quantity: 6 }]);
  });

  test('a bin picked sends its id, and no more than it holds may be asked for', async () => {
    const { deliveries } = placesApi([main(5), bin(2)]);
    renderApp(`/inventoryDetails/${item()._id}`, staff);
    await userEvent.selectOptions(await screen.findByLabelText('Take them from'), BIN);
    await fillIn('3');
    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText('Only 2 there')).toBeInTheDocument();
    expect(deliveries()).toHaveLength(0);

    const quantity = screen.getByLabelText('Quantity (in stock: 7)');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText('Your delevery is successfull')).toBeInTheDocument();
    expect(deliveries().map((call) => call.body)).toEqual([{ ...DELIVERY, quantity: 2, locationId: BIN }]);
  });

  test('Main picked, then back to where the most are: none sent', async () => {
    const { deliveries } = placesApi([main(5), bin(2)]);
    renderApp(`/inventoryDetails/${item()._id}`, staff);
    const from = await screen.findByLabelText('Take them from');
    await userEvent.selectOptions(from, MAIN_LOCATION_ID);
    await userEvent.selectOptions(from, 'Where the most are');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    await screen.findByText('Your delevery is successfull');
    expect(deliveries().map((call) => call.body)).toEqual([{ ...DELIVERY, quantity: 1 }]);
  });

  test("the API's refusal for the bin picked is shown in its words", async () => {
    // Someone took one from the bin since its lines were read.
    const { deliveries } = placesApi([main(5), bin(2)], () => ({
      status: 409,
      body: { error: { code: 'out_of_stock', message: 'Only 1 there; you asked for 2', requestId: 'r' } },
    }));
    renderApp(`/inventoryDetails/${item()._id}`, staff);
    await userEvent.selectOptions(await screen.findByLabelText('Take them from'), BIN);
    await fillIn('2');
    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText('Only 1 there; you asked for 2')).toBeInTheDocument();
    expect(deliveries().map((call) => call.body)).toEqual([{ ...DELIVERY, quantity: 2, locationId: BIN }]);
    expect(screen.getByLabelText('Address')).toHaveValue('1 Main St');
  });

  test('a location the API does not know: its words', async () => {
    placesApi([main(5), bin(2)], () => ({
      status: 400,
      body: {
        error: {
          code: 'location_not_found',
          message: 'No location with that id (locationId): nothing changed',
          requestId: 'r',
        },
      },
    }));
    renderApp(`/inventoryDetails/${item()._id}`, staff);
    await userEvent.selectOptions(await screen.findByLabelText('Take them from'), BIN);
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText('No location with that id (locationId): nothing changed')).toBeInTheDocument();
  });

  test.each([
    { where: 'all at Main', lines: [main(7)] },
    { where: 'all at one bin', lines: [bin(7)] },
  ])('$where: nothing is asked, and nothing sent but the delivery', async ({ lines }) => {
    const { deliveries, calls } = placesApi(lines);
    renderApp(`/inventoryDetails/${item()._id}`, staff);
    await fillIn('7');
    await waitFor(() => expect(calls.some((call) => call.path === `/inventory/${item()._id}/stock`)).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    await screen.findByText('Your delevery is successfull');
    expect(deliveries().map((call) => call.body)).toEqual([{ ...DELIVERY, quantity: 7 }]);
    // The lines were read long before the answer came: still nothing asked.
    expect(screen.queryByLabelText('Take them from')).not.toBeInTheDocument();
    expect(screen.queryByText('Where the most are')).not.toBeInTheDocument();
  });

  test("the item page's Deliver panel asks the same way", async () => {
    const lines = [main(5), bin(2)];
    const pixel = item({ quantity: 7 });
    const { calls } = fakeApi({
      ...meRoute(staff, { role: 'clerk' }),
      ...NO_EDITS,
      ...stockAt(pixel, lines),
      [`GET /inventory/${pixel._id}/history*`]: () => page([movement()]),
      'GET /inventory/*': () => ({ body: pixel }),
      'POST /myitem': () => ({ status: 201, body: { acknowledged: true, insertedId: 'd1'.repeat(12) } }),
    });
    renderApp(`/inventory/${pixel._id}`, staff);
    const actions = within(await screen.findByRole('group', { name: 'Stock actions for Pixel 8 Pro' }));
    await userEvent.click(actions.getByRole('button', { name: 'Deliver' }));
    const panel = within(screen.getByRole('region', { name: 'Deliver Pixel 8 Pro' }));
    await userEvent.selectOptions(await panel.findByLabelText('Take them from'), BIN);
    await userEvent.type(panel.getByLabelText('Name'), 'Dock Receiver');
    await userEvent.type(panel.getByLabelText('Address'), '1 Road');
    await userEvent.type(panel.getByLabelText('Phone'), '555 0100');
    await userEvent.click(panel.getByRole('button', { name: 'Deliver' }));
    await screen.findByText('Your delevery is successfull');
    expect(calls.find((call) => call.path === '/myitem')?.body).toMatchObject({ quantity: 1, locationId: BIN });
  });
});
