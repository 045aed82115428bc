import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STATS_DAYS, type Stats } from '@smart-zone/types/stats';
import type { Role } from '@smart-zone/types/roles';
import { type Call, fakeApi, item, meRoute, page } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

// uPlot draws on a canvas, which jsdom does not have (the dashboard's own test replaces it the same way).
jest.mock('../features/dashboard/components/MovementsChart', () => ({ MovementsChart: () => null }));

const owner = passwordUser('owner@example.com', true);
const DEMO = Array.from({ length: 10 }, (_, index) =>
  item({ _id: String(index).padStart(24, 'd'), name: `Demo phone ${index + 1}` }),
);

/**
 * A new shop as the API keeps it: the ten demo items while `demoOnly`; DELETE /demo-data clears them (or, with
 * `ownData`, answers 409 not_demo: the shop has its own data, and GET /demo-data says so from then on).
 */
function newShop(role: Role = 'owner', { ownData = false } = {}) {
  let items = DEMO;
  let demoOnly = true;
  const stats = (): Stats => ({
    items: items.length,
    units: items.length * 7,
    stockValue: 0,
    low: 0,
    out: 0,
    movementsByDay: [],
    topMovers: [],
  });
  return fakeApi({
    ...meRoute(passwordUser(`${role}@example.com`, true), { role }),
    'GET /demo-data': () => ({ body: { demoOnly } }),
    'GET /inventory?*': () => page(items.slice(0, 1), items.length),
    'GET /stats': () => ({ body: stats() }),
    'DELETE /demo-data': () => {
      if (ownData) {
        demoOnly = false;
        return {
          status: 409,
          body: {
            error: {
              code: 'not_demo',
              message: 'This warehouse holds its own data now: delete items one by one instead',
            },
          },
        };
      }
      const removed = items.length;
      items = [];
      demoOnly = false;
      return { body: { removed } };
    },
  });
}

const card = () => screen.queryByTestId('empty-warehouse');
const deletes = (calls: Call[]) => calls.filter((call) => call.method === 'DELETE');

describe('Start with an empty warehouse', () => {
  test('the owner of a shop holding only the demo items clears them, after one question', async () => {
    const { calls } = newShop();
    renderApp('/manageInventories', owner);
    const shown = within(await screen.findByTestId('empty-warehouse'));
    expect(shown.getByText('This shop holds the demo items.')).toBeInTheDocument();

    // Kept: nothing is sent, the card stays.
    await userEvent.click(shown.getByRole('button', { name: 'Start with an empty warehouse' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete the 10 demo items?' }));
    expect(dialog.getByText('This cannot be undone.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes(calls)).toHaveLength(0);
    expect(card()).toBeInTheDocument();

    // Asked once more, and confirmed: one DELETE, the toast, the card gone, the list empty.
    await userEvent.click(shown.getByRole('button', { name: 'Start with an empty warehouse' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete the 10 demo items?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Start empty' }));
    expect(await screen.findByText('The demo items are gone: add your first item')).toBeInTheDocument();
    expect(deletes(calls).map((call) => call.path)).toEqual(['/demo-data']);
    expect(deletes(calls)[0]!.headers.Authorization).toMatch(/^Bearer /);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(card()).toBeNull();
    expect(await screen.findByText('No items yet. Add the first one.')).toBeInTheDocument();
  });

  test('on the Dashboard too; the figures are asked again once the demo items are gone', async () => {
    const { calls } = newShop();
    renderApp('/dashboard', owner);
    expect(await screen.findByText(`The warehouse now, and its last ${STATS_DAYS} days.`)).toBeInTheDocument();
    const shown = within(await screen.findByTestId('empty-warehouse'));
    await userEvent.click(shown.getByRole('button', { name: 'Start with an empty warehouse' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the 10 demo items?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Start empty' }));
    expect(await screen.findByText('The demo items are gone: add your first item')).toBeInTheDocument();
    expect(card()).toBeNull();
    await waitFor(() => expect(calls.filter((call) => call.path === '/stats')).toHaveLength(2));
  });

  test('a shop with its own data by then: the API’s words, and the card goes', async () => {
    const { calls } = newShop('owner', { ownData: true });
    renderApp('/manageInventories', owner);
    await userEvent.click(await screen.findByRole('button', { name: 'Start with an empty warehouse' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete the 10 demo items?' })).getByRole('button', {
        name: 'Start empty',
      }),
    );
    expect(
      await screen.findByText('This warehouse holds its own data now: delete items one by one instead'),
    ).toBeInTheDocument();
    expect(deletes(calls)).toHaveLength(1);
    await waitFor(() => expect(card()).toBeNull());
    expect(screen.queryByText('The demo items are gone: add your first item')).toBeNull();
  });

  test('an owner whose shop has its own data sees no card', async () => {
    const { calls } = fakeApi({ ...meRoute(owner, { role: 'owner' }), 'GET /inventory?*': () => page(DEMO) });
    renderApp('/manageInventories', owner);
    expect(await screen.findAllByTestId('manage-row')).toHaveLength(10);
    await waitFor(() => expect(calls.filter((call) => call.path === '/demo-data')).toHaveLength(1));
    expect(card()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start with an empty warehouse' })).toBeNull();
  });

  test.each<Role>(['manager', 'clerk', 'viewer'])('a %s never sees it, and never asks', async (role) => {
    const { calls } = newShop(role);
    renderApp('/manageInventories', passwordUser(`${role}@example.com`, true));
    expect(await screen.findAllByTestId('manage-row')).toHaveLength(1);
    expect(card()).toBeNull();
    expect(calls.filter((call) => call.path === '/demo-data')).toHaveLength(0);
  });
});
