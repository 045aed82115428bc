import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item } from '@smart-zone/types/item';
import { fakeApi, item, meRoute, movement, page, NO_EDITS, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { accessTokenFor, renderApp } from '../../test/render-app';

const staff = passwordUser('staff@example.com', true);
const NAME_21 = 'A'.repeat(21);

describe('add-item form', () => {
  test('a 21-character name is refused with a message and nothing is sent', async () => {
    const { calls } = fakeApi(meRoute(staff));
    renderApp('/addNewItem', staff);
    await userEvent.type(await screen.findByLabelText(/^Name/), NAME_21);
    await userEvent.type(screen.getByLabelText(/^Supplier/), 'Acme');
    await userEvent.type(screen.getByLabelText('Price ($)'), '10');
    await userEvent.type(screen.getByLabelText('Quantity'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));

    expect(await screen.findByText('Name must be at most 20 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  test('missing name and supplier are refused', async () => {
    const { calls } = fakeApi(meRoute(staff));
    renderApp('/addNewItem', staff);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Supplier is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  test('a valid item is sent with the bearer token and the success toast shows', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      'POST /inventory': () => ({ status: 201, body: { acknowledged: true, insertedId: 'f'.repeat(24) } }),
    });
    renderApp('/addNewItem', staff);
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Galaxy Z Flip5');
    await userEvent.type(screen.getByLabelText(/^Supplier/), 'Samsung');
    await userEvent.type(screen.getByLabelText('Price ($)'), '999.5');
    await userEvent.type(screen.getByLabelText('Quantity'), '4');
    await userEvent.type(screen.getByLabelText('Description'), 'Foldable.');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));

    expect(await screen.findByText('Successfully Addeded your item')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Galaxy Z Flip5',
      supplier: 'Samsung',
      price: 999.5,
      quantity: 4,
      description: 'Foldable.',
      img: '',
      // Left at its default: no reorder point, no alert.
      minStock: 0,
      // Left empty: no SKU, no other barcodes.
      sku: '',
      barcodes: [],
    });
    expect(post.headers.Authorization).toBe(`Bearer ${accessTokenFor(staff)}`);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
  });

  test('other barcodes, one per line, are sent as a list (blank lines dropped); a bad one is refused on its line', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      'POST /inventory': () => ({ status: 201, body: { acknowledged: true, insertedId: 'f'.repeat(24) } }),
    });
    renderApp('/addNewItem', staff);
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Case');
    await userEvent.type(screen.getByLabelText(/^Supplier/), 'Spigen');
    await userEvent.type(screen.getByLabelText('Price ($)'), '20');
    await userEvent.type(screen.getByLabelText('Quantity'), '4');
    const barcodes = screen.getByLabelText(/^Other barcodes/);
    await userEvent.type(barcodes, '8809811862345{Enter}{Enter}bad code');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText(/^Line 2: A barcode may hold/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.clear(barcodes);
    await userEvent.type(barcodes, '8809811862345{Enter}{Enter}SPG-778{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Successfully Addeded your item')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      barcodes: ['8809811862345', 'SPG-778'],
    });
  });

  test("the server's field errors land beside the field and its message is shown", async () => {
    fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      'POST /inventory': () => ({
        status: 400,
        body: { error: { code: 'validation_failed', message: 'Check the item', fields: { img: 'Image is bad' } } },
      }),
    });
    renderApp('/addNewItem', staff);
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Phone');
    await userEvent.type(screen.getByLabelText(/^Supplier/), 'Acme');
    await userEvent.type(screen.getByLabelText('Price ($)'), '1');
    await userEvent.type(screen.getByLabelText('Quantity'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Image is bad')).toBeInTheDocument();
    expect(screen.getByText('Check the item')).toBeInTheDocument();
  });
});

describe('update form on the detail page', () => {
  test('a 21-character supplier is refused; a valid change is PUT and the page shows the new values', async () => {
    let current: Item = item();
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      'GET /inventory/a1b2c3d4e5f6a1b2c3d4e5f6/history*': () => page([movement()]),
      ...stockAt(() => current),
      'GET /inventory/*': () => ({ body: current }),
      'PUT /inventory/*': ({ body }) => {
        current = { ...current, ...(body as Partial<Item>), version: current.version + 1 };
        return { body: { acknowledged: true, matchedCount: 1, modifiedCount: 1 } };
      },
    });
    renderApp(`/inventory/${current._id}`, staff);
    const form = (await screen.findByRole('heading', { name: 'Update Pixel 8 Pro' })).parentElement!;
    const supplier = within(form).getByLabelText(/^Supplier/);

    await userEvent.clear(supplier);
    await userEvent.type(supplier, 'S'.repeat(21));
    await userEvent.click(within(form).getByRole('button', { name: 'Update Item' }));
    expect(await within(form).findByText('Supplier must be at most 20 characters')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(supplier);
    await userEvent.type(supplier, 'Google Store');
    const quantity = within(form).getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '40');
    await userEvent.click(within(form).getByRole('button', { name: 'Update Item' }));

    expect(await screen.findByText('Stock: 40')).toBeInTheDocument();
    expect(screen.getByText('Google Store', { exact: false, selector: 'p' })).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({ supplier: 'Google Store', quantity: 40, name: 'Pixel 8 Pro' });
  });

  test('the Update button only logs: no call is made', async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      'GET /inventory/a1b2c3d4e5f6a1b2c3d4e5f6/history*': () => page([movement()]),
      ...stockAt(item()),
      'GET /inventory/*': () => ({ body: item() }),
    });
    renderApp(`/inventory/${item()._id}`, staff);
    await userEvent.click(await screen.findByRole('button', { name: 'Update' }));
    expect(log).toHaveBeenCalled();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
    log.mockRestore();
  });
});
