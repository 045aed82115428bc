import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ITEM_FIELDS, type Item } from '@smart-zone/types/item';
import { fakeApi, item, meRoute, movement, page, NO_EDITS, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

const staff = passwordUser('staff@example.com', true);

async function fillAddForm() {
  await userEvent.type(await screen.findByLabelText(/^Name/), 'Galaxy A55');
  await userEvent.type(screen.getByLabelText(/^Supplier/), 'Samsung');
  await userEvent.type(screen.getByLabelText('Price ($)'), '399');
  await userEvent.type(screen.getByLabelText('Quantity'), '12');
}

describe('the reorder point on the add form', () => {
  test('starts at 0 (no alert), says what it does, and is sent as a number', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      'POST /inventory': () => ({ status: 201, body: { acknowledged: true, insertedId: 'f'.repeat(24) } }),
    });
    renderApp('/addNewItem', staff);
    await fillAddForm();
    const reorderPoint = screen.getByLabelText('Reorder point');
    expect(reorderPoint).toHaveValue(0);
    expect(reorderPoint).toHaveAccessibleDescription(/staff get one alert\. 0: no alert/);
    await userEvent.clear(reorderPoint);
    await userEvent.type(reorderPoint, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));

    expect(await screen.findByText('Successfully Addeded your item')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({ quantity: 12, minStock: 4 });
    // Reset for the next item: back to no reorder point.
    expect(screen.getByLabelText('Reorder point')).toHaveValue(0);
  });

  test.each([
    ['-1', 'Reorder point cannot be negative'],
    ['2.5', 'Reorder point must be a whole number'],
    ['1000001', 'Reorder point must be at most 1000000'],
  ])('%s is refused by the shared schema ("%s") and nothing is sent', async (typed, message) => {
    const { calls } = fakeApi(meRoute(staff));
    renderApp('/addNewItem', staff);
    await fillAddForm();
    const reorderPoint = screen.getByLabelText('Reorder point');
    await userEvent.clear(reorderPoint);
    await userEvent.type(reorderPoint, typed);
    await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(reorderPoint).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  test('the form shows every editable field of the contract (ITEM_FIELDS), once', async () => {
    fakeApi(meRoute(staff));
    const { container } = renderApp('/addNewItem', staff);
    await screen.findByLabelText('Reorder point');
    const ids = Array.from(container.querySelectorAll('form [id^="add-"].form-control'), (input) => input.id);
    expect(ids).toEqual(ITEM_FIELDS.map((field) => `add-${field}`));
  });
});

test('the update form shows the item’s reorder point and sends the new one', async () => {
  let current: Item = item({ quantity: 9, minStock: 2 });
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
  const reorderPoint = within(form).getByLabelText('Reorder point');
  expect(reorderPoint).toHaveValue(2);
  expect(screen.getByText('Stock: 9')).toBeInTheDocument();
  expect(screen.queryByText('Low stock')).not.toBeInTheDocument();

  await userEvent.clear(reorderPoint);
  await userEvent.type(reorderPoint, '10');
  await userEvent.click(within(form).getByRole('button', { name: 'Update Item' }));

  // Now at or below its reorder point: the page shows it low.
  expect(await screen.findByText('Low stock')).toBeInTheDocument();
  expect(screen.getByText('Reorder point: 10')).toBeInTheDocument();
  expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ quantity: 9, minStock: 10 });
});
