import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item, StockMovement } from '@smart-zone/types/item';
import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { fakeApi, item, meRoute, movement, page, NO_EDITS, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';
import { HISTORY_PAGE_SIZE } from '../features/inventory/components/ItemHistory';
import { CHANGED_MEANWHILE } from '../features/inventory/components/UpdateItemForm';
import { formatFullWhen, formatWhen } from '../lib/when';

const staff = passwordUser('staff@example.com', true);
const pixel = item({ quantity: 7, version: 3 });
const ITEM_PATH = `/inventory/${pixel._id}`;
const HISTORY = `GET ${ITEM_PATH}/history*`;

const card = (heading: string) => screen.getByRole('heading', { name: heading }).closest('.card') as HTMLElement;

describe('restock (staff)', () => {
  test('adds stock as an amount with a note; the page shows the new stock', async () => {
    let current: Item = pixel;
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      [HISTORY]: () => page([movement()]),
      ...stockAt(() => current),
      'GET /inventory/*': () => ({ body: current }),
      'POST /inventory/*': ({ body }) => {
        current = {
          ...current,
          quantity: current.quantity + (body as { delta: number }).delta,
          version: current.version + 1,
        };
        return { body: { quantity: current.quantity } };
      },
    });
    renderApp(ITEM_PATH, staff);

    const restock = within(await screen.findByRole('heading', { name: 'Restock' }).then(() => card('Restock')));
    await userEvent.type(restock.getByLabelText('Amount'), '5');
    await userEvent.type(restock.getByLabelText('Note (optional)'), 'Pallet from Google');
    await userEvent.click(restock.getByRole('button', { name: 'Change stock' }));

    expect(await screen.findByText('Pixel 8 Pro now has 12 in stock')).toBeInTheDocument();
    expect(await screen.findByText('Stock: 12')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe(`${ITEM_PATH}/stock`);
    expect(post.body).toEqual({ delta: 5, note: 'Pallet from Google' });
    expect(post.headers.Authorization).toMatch(/^Bearer /);
    expect(restock.getByLabelText('Amount')).toHaveValue(null);
  });

  test('0 is refused before sending; removing more than the stock shows the server message', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      [HISTORY]: () => page([movement()]),
      ...stockAt(pixel),
      'GET /inventory/*': () => ({ body: pixel }),
      'POST /inventory/*': () => ({
        status: 409,
        body: { error: { code: 'out_of_stock', message: 'Only 7 of Pixel 8 Pro in stock: cannot remove 9.' } },
      }),
    });
    renderApp(ITEM_PATH, staff);
    await screen.findByRole('heading', { name: 'Restock' });
    const restock = within(card('Restock'));

    await userEvent.type(restock.getByLabelText('Amount'), '0');
    await userEvent.click(restock.getByRole('button', { name: 'Change stock' }));
    expect(await restock.findByText('Delta cannot be 0')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.clear(restock.getByLabelText('Amount'));
    await userEvent.type(restock.getByLabelText('Amount'), '-9');
    await userEvent.click(restock.getByRole('button', { name: 'Change stock' }));
    expect(await restock.findByText('Only 7 of Pixel 8 Pro in stock: cannot remove 9.')).toBeInTheDocument();
    expect(restock.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ delta: -9 });
    expect(screen.getByText('Stock: 7')).toBeInTheDocument();
  });
});

describe('stock history (staff)', () => {
  const movements: StockMovement[] = Array.from({ length: 12 }, (_, index) =>
    movement({
      _id: String(index).padStart(24, 'e'),
      delta: index === 0 ? -2 : 1,
      quantityAfter: 20 - index,
      // A PUT's change of the quantity is an `edit` (issue 32).
      reason: index === 0 ? 'delivery' : index === 2 ? 'edit' : 'restock',
      actor: { uid: 'u-ann', email: `ann${index}@example.com` },
      note: index === 1 ? 'Returned box' : undefined,
      at: new Date(Date.UTC(2026, 10, 20 - index, 9)).toISOString(),
    }),
  );

  test('shows reason, change, quantity after, who, when and note, newest first, in pages', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      [HISTORY]: ({ path }) => {
        const skip = Number(new URLSearchParams(path.split('?')[1]).get('skip') ?? 0);
        return page(movements.slice(skip, skip + HISTORY_PAGE_SIZE), movements.length);
      },
      ...stockAt(pixel),
      'GET /inventory/*': () => ({ body: pixel }),
    });
    renderApp(ITEM_PATH, staff);

    const rows = await screen.findAllByTestId('history-row');
    expect(rows).toHaveLength(HISTORY_PAGE_SIZE);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Delivery')).toBeInTheDocument();
    expect(within(first).getByText('−2')).toBeInTheDocument();
    expect(within(first).getByText('20')).toBeInTheDocument();
    expect(within(first).getByText('ann0@example.com')).toBeInTheDocument();
    const when = within(first).getByText(formatWhen(movements[0]!.at));
    expect(when).toHaveAttribute('dateTime', movements[0]!.at);
    expect(when).toHaveAttribute('title', formatFullWhen(movements[0]!.at));
    expect(within(second).getByText('Restock')).toBeInTheDocument();
    expect(within(second).getByText('+1')).toBeInTheDocument();
    expect(within(second).getByText('Returned box')).toBeInTheDocument();
    expect(within(third).getByText('Quantity edited')).toBeInTheDocument();
    expect(within(card('Stock history')).getByTestId('list-summary')).toHaveTextContent('Showing 1–10 of 12 changes');
    expect(calls.find((call) => call.path.includes('/history'))!.path).toBe(`${ITEM_PATH}/history?limit=10`);

    await userEvent.click(within(card('Stock history')).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(2));
    expect(calls.map((call) => call.path)).toContain(`${ITEM_PATH}/history?limit=10&skip=10`);
  });
});

describe('the update form and changes made meanwhile', () => {
  test('sends If-Match with the version it was loaded with; on 412 it says so and shows the current values', async () => {
    let current: Item = pixel;
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      [HISTORY]: () => page([movement()]),
      ...stockAt(() => current),
      'GET /inventory/*': () => ({ body: current }),
      'PUT /inventory/*': () => {
        // A colleague saved first: the item is at version 4 now.
        current = { ...pixel, supplier: 'Google Store', quantity: 9, version: 4 };
        return {
          status: 412,
          body: { error: { code: 'precondition_failed', message: 'The item has changed since you loaded it.' } },
        };
      },
    });
    renderApp(ITEM_PATH, staff);
    const form = within(
      await screen.findByRole('heading', { name: 'Update Pixel 8 Pro' }).then(() => card('Update Pixel 8 Pro')),
    );

    await userEvent.clear(form.getByLabelText(/^Supplier/));
    await userEvent.type(form.getByLabelText(/^Supplier/), 'Mine');
    await userEvent.click(form.getByRole('button', { name: 'Update Item' }));

    expect(await form.findByRole('alert')).toHaveTextContent(CHANGED_MEANWHILE);
    await waitFor(() => expect(form.getByLabelText(/^Supplier/)).toHaveValue('Google Store'));
    expect(form.getByLabelText('Quantity')).toHaveValue(9);
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.headers['If-Match']).toBe('"3"');
    expect(put.body).toMatchObject({ supplier: 'Mine' });
    // The form's own message, not a second one in a toast.
    expect(screen.queryByText('The item has changed since you loaded it.')).not.toBeInTheDocument();
  });

  test('after a save, the next save sends the new version', async () => {
    let current: Item = pixel;
    const { calls } = fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      [HISTORY]: () => page([movement()]),
      ...stockAt(() => current),
      'GET /inventory/*': () => ({ body: current }),
      'PUT /inventory/*': ({ body }) => {
        current = { ...current, ...(body as Partial<Item>), version: current.version + 1 };
        return { body: { acknowledged: true, matchedCount: 1, modifiedCount: 1 } };
      },
    });
    renderApp(ITEM_PATH, staff);
    await screen.findByRole('heading', { name: 'Update Pixel 8 Pro' });
    const form = () => within(card('Update Pixel 8 Pro'));

    await userEvent.clear(form().getByLabelText('Quantity'));
    await userEvent.type(form().getByLabelText('Quantity'), '8');
    await userEvent.click(form().getByRole('button', { name: 'Update Item' }));
    expect(await screen.findByText('Stock: 8')).toBeInTheDocument();

    await userEvent.clear(form().getByLabelText('Quantity'));
    await userEvent.type(form().getByLabelText('Quantity'), '6');
    await userEvent.click(form().getByRole('button', { name: 'Update Item' }));
    expect(await screen.findByText('Stock: 6')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.headers['If-Match'])).toEqual([
      '"3"',
      '"4"',
    ]);
  });
});

describe('what each person sees on the item page', () => {
  test('a verified user on no team sees no write controls', async () => {
    const outsider = passwordUser('outsider@example.com', true);
    fakeApi({ ...meRoute(outsider, { role: null }), 'GET /inventory/*': () => ({ body: pixel }) });
    renderApp(ITEM_PATH, outsider);
    expect(await screen.findByText("Only this warehouse's staff can change items.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SPEC_TEXTS.updateButton })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SPEC_TEXTS.deliveredButton })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SPEC_TEXTS.deleteButton })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Restock' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Stock history' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Item' })).not.toBeInTheDocument();
  });

  test('a visitor keeps Delete and the update form (they lead to sign-in) but gets no staff tools', async () => {
    fakeApi({ 'GET /inventory/*': () => ({ body: pixel }) });
    renderApp(ITEM_PATH);
    expect(await screen.findByRole('button', { name: SPEC_TEXTS.deleteButton })).toBeInTheDocument();
    // The update form is made when its fold opens: no form code (nor zod) loads for a fold a visitor never opens.
    const summary = await screen.findByText('Edit item details');
    expect(screen.queryByRole('button', { name: 'Update Item', hidden: true })).not.toBeInTheDocument();
    await userEvent.click(summary);
    expect(await screen.findByRole('button', { name: 'Update Item' })).toBeInTheDocument();
    // A visitor has no stock actions: their code is not loaded either.
    expect(screen.queryByRole('group', { name: /^Stock actions for / })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Restock' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Stock history' })).not.toBeInTheDocument();
  });
});
