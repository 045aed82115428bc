import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNDO_WINDOW_MS } from '@smart-zone/types/imports';
import type { StockMovement } from '@smart-zone/types/item';
import type { Role } from '@smart-zone/types/roles';
import { NO_EDITS, fakeApi, item, meRoute, movement, page, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

const me = passwordUser('clerk@example.com', true);
const pixel = item({ quantity: 7 });
const ITEM_PATH = `/inventory/${pixel._id}`;
const mine = { uid: me.uid, email: 'clerk@example.com' };
const someoneElse = { uid: 'uid-other@example.com', email: 'other@example.com' };
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const id = (n: number) => n.toString(16).padStart(24, '0');

/** One history row each, newest first, named by its note. */
const HISTORY: StockMovement[] = [
  movement({ _id: id(1), reason: 'restock', delta: 5, note: 'mine, a minute ago', actor: mine, at: ago(60_000) }),
  movement({
    _id: id(2),
    reason: 'adjust',
    delta: -2,
    why: 'damaged',
    note: 'mine, removed, 9 minutes ago',
    actor: mine,
    at: ago(9 * 60_000),
  }),
  movement({
    _id: id(3),
    reason: 'restock',
    delta: 3,
    note: 'mine, too late',
    actor: mine,
    at: ago(UNDO_WINDOW_MS + 60_000),
  }),
  movement({
    _id: id(4),
    reason: 'restock',
    delta: 4,
    note: 'someone else’s, now',
    actor: someoneElse,
    at: ago(30_000),
  }),
  movement({ _id: id(5), reason: 'delivery', delta: -1, note: 'mine, a delivery', actor: mine, at: ago(30_000) }),
  movement({
    _id: id(6),
    reason: 'restock',
    delta: 6,
    note: 'mine, undone',
    actor: mine,
    at: ago(30_000),
    undoneBy: id(9),
  }),
  movement({ _id: id(7), reason: 'created', delta: 7, note: 'the opening', actor: mine, at: ago(40_000) }),
];

function historyApi(
  role: Role,
  undo = (_id: string) => ({ status: 200, body: { quantity: 2, movementId: id(9) } as unknown }),
) {
  return fakeApi({
    ...meRoute(me, { role }),
    ...NO_EDITS,
    [`GET ${ITEM_PATH}/history*`]: () => page(HISTORY),
    ...stockAt(pixel),
    'GET /inventory/*': () => ({ body: pixel }),
    'POST /movements/*': ({ path }) => undo(path.split('/')[2]!),
  });
}

/** Which rows (by their note) offer an Undo. */
async function undoable() {
  const rows = await screen.findAllByTestId('history-row');
  await waitFor(() => expect(screen.queryByText('Checking your access...')).not.toBeInTheDocument());
  return rows
    .filter((row) => within(row).queryByRole('button', { name: /^Undo/ }))
    .map((row) => row.querySelector('td[data-label="Note"]')?.textContent);
}

describe('Undo on the stock history’s rows', () => {
  test('a clerk: their own undoable changes of the last 10 minutes, not undone yet', async () => {
    historyApi('clerk');
    renderApp(ITEM_PATH, me);
    expect(await undoable()).toEqual(['mine, a minute ago', 'mine, removed, 9 minutes ago']);
  });

  test.each([['manager'], ['owner']] as const)(
    'a %s: any undoable change not undone, any time, anyone’s',
    async (role) => {
      historyApi(role);
      renderApp(ITEM_PATH, me);
      expect(await undoable()).toEqual([
        'mine, a minute ago',
        'mine, removed, 9 minutes ago',
        'mine, too late',
        'someone else’s, now',
      ]);
    },
  );

  test('a viewer: none', async () => {
    historyApi('viewer');
    renderApp(ITEM_PATH, me);
    expect(await undoable()).toEqual([]);
  });

  test('the removal’s reason shows under its kind', async () => {
    historyApi('clerk');
    renderApp(ITEM_PATH, me);
    const rows = await screen.findAllByTestId('history-row');
    expect(within(rows[1]!).getByText('Damaged')).toBeInTheDocument();
    expect(rows[1]!.querySelector('td[data-label="Reason"]')).toHaveTextContent('AdjustmentDamaged');
  });

  test('Undo takes the change back through the API and says so', async () => {
    const { calls } = historyApi('clerk');
    renderApp(ITEM_PATH, me);
    const [first] = await screen.findAllByTestId('history-row');
    await userEvent.click(within(first!).getByRole('button', { name: 'Undo Restock +5' }));
    expect(await screen.findByText('Undone: Pixel 8 Pro has 2 in stock again')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/movements/${id(1)}/undo`,
    ]);
  });

  test('a refusal is shown in the API’s words, and nothing says it was undone', async () => {
    const message = 'Only 1 in stock now: taking 5 back would go below 0. Nothing was changed.';
    historyApi('clerk', () => ({ status: 409, body: { error: { code: 'cannot_undo', message, requestId: 'r' } } }));
    renderApp(ITEM_PATH, me);
    const [first] = await screen.findAllByTestId('history-row');
    await userEvent.click(within(first!).getByRole('button', { name: 'Undo Restock +5' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/^Undone:/)).not.toBeInTheDocument();
  });
});
