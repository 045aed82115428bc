import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item } from '@smart-zone/types/item';
import { fakeApi, item, meRoute } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

const staff = { ...passwordUser('staff@example.com', true), displayName: 'Sam Staff' };

describe('delivery form', () => {
  test('is pre-filled, requires every field, and takes the stock down on success', async () => {
    let current: Item = item({ quantity: 5 });
    const { calls } = fakeApi({
      ...meRoute(staff),
      'GET /inventory/*': () => ({ body: current }),
      'POST /myitem': ({ body }) => {
        current = { ...current, quantity: current.quantity - (body as { quantity: number }).quantity };
        return { status: 201, body: { acknowledged: true, insertedId: 'c'.repeat(24) } };
      },
    });
    renderApp(`/inventoryDetails/${current._id}`, staff);

    expect(await screen.findByLabelText('Email')).toHaveValue('staff@example.com');
    expect(screen.getByLabelText('Name')).toHaveValue('Sam Staff');
    expect(screen.getByLabelText('Inventory name')).toHaveValue('Pixel 8 Pro');

    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

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
  });

  test('the name is required, and a phone needs at least one digit', async () => {
    const { calls } = fakeApi({ ...meRoute(staff), 'GET /inventory/*': () => ({ body: item() }) });
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
    const { calls } = fakeApi({ ...meRoute(staff), 'GET /inventory/*': () => ({ body: item({ quantity: 1 }) }) });
    renderApp(`/inventoryDetails/${item()._id}`, staff);
    await userEvent.type(await screen.findByLabelText('Address'), '1 Main St');
    await userEvent.type(screen.getByLabelText('Phone'), '555 0100');
    const quantity = screen.getByLabelText('Quantity (in stock: 1)');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(await screen.findByText('Only 1 in stock')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  test('an out-of-stock item cannot be delivered', async () => {
    fakeApi({ ...meRoute(staff), 'GET /inventory/*': () => ({ body: item({ quantity: 0 }) }) });
    renderApp(`/inventoryDetails/${item()._id}`, staff);
    expect(await screen.findByText(/is out of stock/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deliver' })).not.toBeInTheDocument();
  });

  test("the server's out-of-stock answer is shown", async () => {
    fakeApi({
      ...meRoute(staff),
      'GET /inventory/*': () => ({ body: item({ quantity: 2 }) }),
      'POST /myitem': () => ({
        status: 409,
        body: { error: { code: 'out_of_stock', message: 'Only 0 of Pixel 8 Pro left in stock.' } },
      }),
    });
    renderApp(`/inventoryDetails/${item()._id}`, staff);
    await userEvent.type(await screen.findByLabelText('Address'), '1 Main St');
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
