import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item, StockMovement } from '@smart-zone/types/item';
import { NO_EDITS, fakeApi, item, meRoute, movement, page, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { accessTokenFor, renderApp } from '../../test/render-app';
import { formatWhen } from '../lib/when';

const staff = passwordUser('staff@example.com', true);
const pixel = item({ quantity: 7 });
const ITEM_PATH = `/inventory/${pixel._id}`;
const MOVED = 'c0'.repeat(12);
const UNDONE = 'd0'.repeat(12);

const card = (heading: string) => screen.getByRole('heading', { name: heading }).closest('.card') as HTMLElement;

async function changeStock(amount: string) {
  const restock = within(await screen.findByRole('heading', { name: 'Restock' }).then(() => card('Restock')));
  await userEvent.type(restock.getByLabelText('Amount'), amount);
  // A clerk says why stock goes.
  await userEvent.type(restock.getByLabelText(/^Note/), 'Counted again');
  await userEvent.click(restock.getByRole('button', { name: 'Change stock' }));
}

/** The item page's API: the stock moves by each POST, and the undo puts it back. */
function stockApi(undo: () => { status?: number; body: unknown }) {
  let current: Item = pixel;
  const setQuantity = (quantity: number) => {
    current = { ...current, quantity, version: current.version + 1 };
  };
  return fakeApi({
    ...meRoute(staff, { role: 'clerk' }),
    ...NO_EDITS,
    [`GET ${ITEM_PATH}/history*`]: () => page([movement()]),
    ...stockAt(() => current),
    'GET /inventory/*': () => ({ body: current }),
    'POST /inventory/*': ({ body }) => {
      setQuantity(current.quantity + (body as { delta: number }).delta);
      return { body: { quantity: current.quantity, movementId: MOVED } };
    },
    [`POST /movements/${MOVED}/undo`]: () => {
      const answer = undo();
      if (!answer.status) setQuantity((answer.body as { quantity: number }).quantity);
      return answer;
    },
  });
}

describe('undo from the toast', () => {
  test.each([
    ['a restock', '5', 'Pixel 8 Pro now has 12 in stock'],
    ['a removal', '-3', 'Pixel 8 Pro now has 4 in stock'],
  ])('%s: the toast’s Undo takes it back, says so, and the page shows the stock as it was', async (_, amount, done) => {
    const { calls } = stockApi(() => ({ body: { quantity: 7, movementId: UNDONE } }));
    renderApp(ITEM_PATH, staff);
    await changeStock(amount);

    const toast = (await screen.findByText(done)).closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: Pixel 8 Pro has 7 in stock again')).toBeInTheDocument();
    expect(await screen.findByText('Stock: 7')).toBeInTheDocument();

    const undo = calls.find((call) => call.path.startsWith('/movements'))!;
    expect([undo.method, undo.path, undo.body]).toEqual(['POST', `/movements/${MOVED}/undo`, undefined]);
    expect(undo.headers.Authorization).toBe(`Bearer ${accessTokenFor(staff)}`);
    // The history is asked again, with the undo in it.
    expect(calls.filter((call) => call.path.startsWith(`${ITEM_PATH}/history`)).length).toBeGreaterThan(1);
  });

  test('the Undo still works once the page it came from has gone', async () => {
    const { calls } = stockApi(() => ({ body: { quantity: 7, movementId: UNDONE } }));
    const { router } = renderApp(ITEM_PATH, staff);
    await changeStock('5');
    const toast = (await screen.findByText('Pixel 8 Pro now has 12 in stock')).closest('[role="alert"]') as HTMLElement;
    await act(() => router.navigate('/about'));
    expect(screen.queryByRole('heading', { name: 'Restock' })).not.toBeInTheDocument();

    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: Pixel 8 Pro has 7 in stock again')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === `/movements/${MOVED}/undo`)).toHaveLength(1);
  });

  test('a refusal is toasted in the API’s words, and the stock stays', async () => {
    const message = 'Only 2 left: undoing this restock of 5 would take the stock below 0.';
    stockApi(() => ({ status: 409, body: { error: { code: 'cannot_undo', message, requestId: 'r' } } }));
    renderApp(ITEM_PATH, staff);
    await changeStock('5');
    const toast = (await screen.findByText('Pixel 8 Pro now has 12 in stock')).closest('[role="alert"]') as HTMLElement;
    await userEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Stock: 12')).toBeInTheDocument();
    expect(screen.queryByText(/^Undone:/)).not.toBeInTheDocument();
  });
});

describe('undone changes in the stock history', () => {
  const history: StockMovement[] = [
    movement({ _id: UNDONE, reason: 'undo', delta: -5, quantityAfter: 7, undoOf: MOVED, at: '2026-11-02T10:01:00Z' }),
    movement({
      _id: MOVED,
      reason: 'restock',
      delta: 5,
      quantityAfter: 12,
      undoneBy: UNDONE,
      at: '2026-11-02T10:00:00Z',
    }),
    movement({ _id: 'e0'.repeat(12), reason: 'undo', delta: 2, quantityAfter: 7, undoOf: 'ab'.repeat(12) }),
  ];

  test('an undone change is struck through and says so; an undo names the change it took back and links to it', async () => {
    fakeApi({
      ...meRoute(staff),
      ...NO_EDITS,
      [`GET ${ITEM_PATH}/history*`]: () => page(history),
      ...stockAt(pixel),
      'GET /inventory/*': () => ({ body: pixel }),
    });
    renderApp(ITEM_PATH, staff);
    const [undo, undone, older] = await screen.findAllByTestId('history-row');

    expect(undone).toHaveAttribute('id', `movement-${MOVED}`);
    expect(within(undone!).getByText('Restock').tagName).toBe('S');
    expect(within(undone!).getByText('+5').tagName).toBe('S');
    expect(within(undone!).getByRole('link', { name: '(undone)' })).toHaveAttribute('href', `#movement-${UNDONE}`);

    expect(undo).toHaveAttribute('id', `movement-${UNDONE}`);
    const when = formatWhen(history[1]!.at);
    expect(within(undo!).getByRole('link', { name: `Restock +5, ${when}` })).toHaveAttribute(
      'href',
      `#movement-${MOVED}`,
    );
    expect(within(undo!).getByText(/^Undo of/)).toHaveTextContent(`Undo of Restock +5, ${when}`);
    expect(within(undo!).queryByText('(undone)')).not.toBeInTheDocument();
    expect(undo!.querySelector('s')).toBeNull();

    // The change it took back is on another page: said, not linked.
    expect(within(older!).getByText('Undo of an earlier change')).toBeInTheDocument();
    expect(within(older!).queryByRole('link')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Checking your access...')).not.toBeInTheDocument());
  });
});
