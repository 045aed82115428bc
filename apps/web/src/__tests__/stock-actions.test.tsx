import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@smart-zone/types/roles';
import type { Item } from '@smart-zone/types/item';
import { NO_EDITS, fakeApi, item, meRoute, movement, page, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

const staff = passwordUser('staff@example.com', true);
const pixel = item({ quantity: 7 });
const ITEM_PATH = `/inventory/${pixel._id}`;
const MOVED = 'c0'.repeat(12);

/** The item page's and the list's API for `role`: each POST moves the stock, or `refuse` answers instead. */
function stockApi(role: Role, refuse?: () => { status: number; body: unknown }) {
  let current: Item = pixel;
  const api = fakeApi({
    ...meRoute(staff, { role }),
    ...NO_EDITS,
    [`GET ${ITEM_PATH}/history*`]: () => page([movement()]),
    'GET /inventory?*': () => page([current]),
    ...stockAt(() => current),
    'GET /inventory/*': () => ({ body: current }),
    'POST /inventory/*': ({ body }) => {
      const refused = refuse?.();
      if (refused) return refused;
      const quantity = current.quantity + (body as { delta: number }).delta;
      current = { ...current, quantity, version: current.version + 1 };
      return { body: { quantity, movementId: MOVED } };
    },
    'POST /myitem': () => ({ body: { acknowledged: true, insertedId: 'd1'.repeat(12) } }),
  });
  const stockCalls = () => api.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/stock'));
  return { ...api, stockCalls };
}

/** Clicks, counted: each is one tap on a phone. */
function tapper() {
  let taps = 0;
  return {
    tap: async (element: HTMLElement) => {
      taps += 1;
      await userEvent.click(element);
    },
    get count() {
      return taps;
    },
  };
}

const actionsOf = async (name = 'Pixel 8 Pro') =>
  within(await screen.findByRole('group', { name: `Stock actions for ${name}` }));
const panel = (name: string) => within(screen.getByRole('region', { name }));

describe('the item page’s stock actions', () => {
  test('Receive 5 is three taps: Receive, 5, Receive 5; the toast says the new stock and offers Undo', async () => {
    const { stockCalls } = stockApi('clerk');
    renderApp(ITEM_PATH, staff);
    const taps = tapper();
    const tap = taps.tap;
    await tap((await actionsOf()).getByRole('button', { name: 'Receive' }));
    const receive = panel('Receive Pixel 8 Pro');
    await tap(receive.getByRole('button', { name: '5' }));
    await tap(receive.getByRole('button', { name: 'Receive 5' }));

    const toast = (await screen.findByText('Pixel 8 Pro now has 12 in stock')).closest('[role="alert"]') as HTMLElement;
    expect(within(toast).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(taps.count).toBe(3);
    expect(stockCalls().map((call) => call.body)).toEqual([{ delta: 5 }]);
    // Saved: the panel closes, the page shows the new stock.
    expect(screen.queryByRole('region', { name: 'Receive Pixel 8 Pro' })).not.toBeInTheDocument();
    expect(await screen.findByText('Stock: 12')).toBeInTheDocument();
  });

  test('receiving one is two taps: the amount starts at 1', async () => {
    const { stockCalls } = stockApi('clerk');
    renderApp(ITEM_PATH, staff);
    await userEvent.click((await actionsOf()).getByRole('button', { name: 'Receive' }));
    await userEvent.click(panel('Receive Pixel 8 Pro').getByRole('button', { name: 'Receive 1' }));
    await screen.findByText('Pixel 8 Pro now has 8 in stock');
    expect(stockCalls().map((call) => call.body)).toEqual([{ delta: 1 }]);
  });

  test('the steppers move the amount by one, never below 1; a typed amount is taken as it is', async () => {
    const { stockCalls } = stockApi('clerk');
    renderApp(ITEM_PATH, staff);
    await userEvent.click((await actionsOf()).getByRole('button', { name: 'Receive' }));
    const receive = panel('Receive Pixel 8 Pro');
    const amount = receive.getByLabelText('Amount');
    expect(amount).toHaveValue(1);
    expect(receive.getByRole('button', { name: 'One less' })).toBeDisabled();
    await userEvent.click(receive.getByRole('button', { name: 'One more' }));
    await userEvent.click(receive.getByRole('button', { name: 'One more' }));
    expect(amount).toHaveValue(3);
    await userEvent.click(receive.getByRole('button', { name: 'One less' }));
    expect(amount).toHaveValue(2);
    expect(receive.getByRole('button', { name: '2' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.clear(amount);
    await userEvent.type(amount, '24');
    expect(receive.getByRole('button', { name: 'Receive 24' })).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.click(receive.getByRole('button', { name: 'Receive' }));
    expect(await receive.findByText('Enter a whole number of 1 or more')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(stockCalls()).toHaveLength(0);
  });

  test('Remove asks why from the short list; the reason and the note are sent with −n', async () => {
    const { stockCalls } = stockApi('clerk');
    renderApp(ITEM_PATH, staff);
    await userEvent.click((await actionsOf()).getByRole('button', { name: 'Remove' }));
    const remove = panel('Remove Pixel 8 Pro');
    expect(remove.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Damaged',
      'Lost',
      'Returned to supplier',
      'Used',
      'Count correction',
    ]);
    await userEvent.click(remove.getByRole('button', { name: '2' }));
    await userEvent.click(remove.getByRole('button', { name: 'Remove 2' }));
    expect(await remove.findByText('Pick why the stock goes')).toBeInTheDocument();
    expect(stockCalls()).toHaveLength(0);

    await userEvent.click(remove.getByRole('radio', { name: 'Damaged' }));
    await userEvent.type(remove.getByLabelText('Note (optional)'), 'Dropped in the van');
    await userEvent.click(remove.getByRole('button', { name: 'Remove 2' }));
    await screen.findByText('Pixel 8 Pro now has 5 in stock');
    expect(stockCalls().map((call) => call.body)).toEqual([{ delta: -2, why: 'damaged', note: 'Dropped in the van' }]);
  });

  test('Remove stops at what is in stock: + stops there, and a larger typed amount is refused before sending', async () => {
    const { stockCalls } = stockApi('clerk');
    renderApp(ITEM_PATH, staff);
    await userEvent.click((await actionsOf()).getByRole('button', { name: 'Remove' }));
    const remove = panel('Remove Pixel 8 Pro');
    expect(remove.getByRole('button', { name: '10' })).toBeDisabled();
    await userEvent.clear(remove.getByLabelText('Amount'));
    await userEvent.type(remove.getByLabelText('Amount'), '7');
    expect(remove.getByRole('button', { name: 'One more' })).toBeDisabled();
    await userEvent.type(remove.getByLabelText('Amount'), '0');
    await userEvent.click(remove.getByRole('radio', { name: 'Lost' }));
    await userEvent.click(remove.getByRole('button', { name: 'Remove 70' }));
    expect(await remove.findByText('Only 7 in stock')).toBeInTheDocument();
    expect(stockCalls()).toHaveLength(0);
  });

  test('a refusal is shown in the panel in the API’s words, which stays open; not enough stock beside the amount', async () => {
    let answer = {
      status: 403,
      body: { error: { code: 'forbidden', message: 'This needs the clerk role; you are a viewer.', requestId: 'r' } },
    };
    stockApi('clerk', () => answer);
    renderApp(ITEM_PATH, staff);
    await userEvent.click((await actionsOf()).getByRole('button', { name: 'Receive' }));
    const receive = panel('Receive Pixel 8 Pro');
    await userEvent.click(receive.getByRole('button', { name: 'Receive 1' }));
    await waitFor(() => expect(receive.getByText('This needs the clerk role; you are a viewer.')).toBeInTheDocument());

    answer = {
      status: 409,
      body: { error: { code: 'out_of_stock', message: 'Only 1 in stock: cannot remove 2', requestId: 'r' } },
    };
    await userEvent.click((await actionsOf()).getByRole('button', { name: 'Remove' }));
    const remove = panel('Remove Pixel 8 Pro');
    await userEvent.click(remove.getByRole('button', { name: '2' }));
    await userEvent.click(remove.getByRole('radio', { name: 'Used' }));
    await userEvent.click(remove.getByRole('button', { name: 'Remove 2' }));
    expect(await remove.findByText('Only 1 in stock: cannot remove 2')).toBeInTheDocument();
    expect(remove.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
  });

  test('Deliver opens the delivery form (its fields and rules) by the item, and closes once delivered', async () => {
    const { calls } = stockApi('clerk');
    renderApp(ITEM_PATH, staff);
    await userEvent.click((await actionsOf()).getByRole('button', { name: 'Deliver' }));
    const deliver = panel('Deliver Pixel 8 Pro');
    await userEvent.click(deliver.getByRole('button', { name: 'Deliver' }));
    expect(await deliver.findByText('Address is required')).toBeInTheDocument();
    await userEvent.type(deliver.getByLabelText('Name'), 'Ada');
    await userEvent.type(deliver.getByLabelText('Address'), '1 Road');
    await userEvent.type(deliver.getByLabelText('Phone'), '555 0100');
    await userEvent.click(deliver.getByRole('button', { name: 'Deliver' }));
    await screen.findByText('Your delevery is successfull');
    expect(calls.find((call) => call.path === '/myitem')?.body).toMatchObject({
      inventoriesId: pixel._id,
      name: 'Ada',
      address: '1 Road',
      phone: '555 0100',
      quantity: 1,
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Deliver Pixel 8 Pro' })).not.toBeInTheDocument());
  });

  test('a viewer gets no stock actions', async () => {
    stockApi('viewer');
    renderApp(ITEM_PATH, staff);
    await screen.findByRole('heading', { name: 'Stock history' });
    expect(screen.queryByRole('group', { name: 'Stock actions for Pixel 8 Pro' })).not.toBeInTheDocument();
  });

  test('the edit form is folded away under "Edit item details"; the product’s Update button stays', async () => {
    stockApi('manager');
    renderApp(ITEM_PATH, staff);
    const summary = await screen.findByText('Edit item details');
    expect(summary.tagName).toBe('SUMMARY');
    const fold = summary.closest('details')!;
    expect(fold).not.toHaveAttribute('open');
    expect(within(fold).getByRole('button', { name: 'Update Item' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });
});

describe('Manage Inventories: each row’s stock actions', () => {
  test('a clerk receives 5 from a row in three taps, in a dialog named for the item; no Delete', async () => {
    const { stockCalls } = stockApi('clerk');
    renderApp('/manageInventories', staff);
    const taps = tapper();
    const tap = taps.tap;
    await tap(await screen.findByRole('button', { name: 'Receive Pixel 8 Pro' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Receive Pixel 8 Pro' }));
    await tap(dialog.getByRole('button', { name: '5' }));
    await tap(dialog.getByRole('button', { name: 'Receive 5' }));
    await screen.findByText('Pixel 8 Pro now has 12 in stock');
    expect(taps.count).toBe(3);
    expect(stockCalls().map((call) => call.body)).toEqual([{ delta: 5 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Delete Pixel 8 Pro' })).not.toBeInTheDocument();
  });

  test('a manager’s row: Receive, Remove, Deliver first, then Delete', async () => {
    stockApi('manager');
    renderApp('/manageInventories', staff);
    const row = (await screen.findAllByTestId('manage-row'))[0]!;
    await within(row).findByRole('button', { name: 'Receive Pixel 8 Pro' });
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Receive Pixel 8 Pro', 'Remove Pixel 8 Pro', 'Deliver Pixel 8 Pro', 'Delete Pixel 8 Pro']);
  });
});
