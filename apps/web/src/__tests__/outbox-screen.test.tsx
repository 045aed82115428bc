import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOGIN_OK, fakeApi, meRoute, page } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';
import { type OutboxEntry, offlineDb } from '../lib/offline/db';
import { outboxOf } from '../lib/offline/outbox';

/** Issue 37 on screen: what waits is counted, a refusal is a card, and signing out with changes waiting asks. */

const staff = passwordUser('staff@example.com', true);
const UID = staff.uid;
let online = false;
beforeAll(() => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online }));
beforeEach(() => {
  online = false;
});

async function waiting(...entries: Partial<OutboxEntry>[]) {
  const db = await offlineDb();
  for (const [n, entry] of entries.entries()) {
    await db.add('outbox', {
      uid: UID,
      key: `key-${n}`,
      kind: 'delivery',
      method: 'POST',
      path: '/myitem',
      body: { quantity: 3 },
      what: 'Deliver 3 of Hinges',
      amountField: 'quantity',
      queuedAt: Date.now(),
      ...entry,
    } as OutboxEntry);
  }
}

const api = () =>
  fakeApi({
    ...meRoute(staff),
    'POST /login': () => LOGIN_OK,
    // Home's first items, after signing out.
    'GET /inventory?*': () => page([]),
  });

test('offline: the changes waiting are counted, and a refused one is a card to send again with another amount or discard', async () => {
  await waiting(
    { what: 'Receive 1 of Bolts', kind: 'stock', body: { delta: 1 }, amountField: 'delta' },
    { refused: { status: 409, code: 'out_of_stock', message: 'Only 1 left in stock; you asked for 3' } },
  );
  api();
  renderApp('/about', staff);
  expect(await screen.findByText('1 change waiting to send')).toBeInTheDocument();
  expect(screen.getByText(/^You are offline\./)).toBeInTheDocument();
  const card = await screen.findByRole('group', { name: 'Not sent: Deliver 3 of Hinges' });
  expect(within(card).getByText('Only 1 left in stock; you asked for 3')).toBeInTheDocument();

  const amount = within(card).getByLabelText('Amount');
  await userEvent.clear(amount);
  await userEvent.type(amount, '1');
  await userEvent.click(within(card).getByRole('button', { name: 'Send again' }));
  // Offline still: it waits again, as a change, with its new amount and a new key.
  expect(await screen.findByText('2 changes waiting to send')).toBeInTheDocument();
  const [, retried] = await outboxOf(UID);
  expect([retried!.body, retried!.refused, retried!.key === 'key-1']).toEqual([{ quantity: 1 }, undefined, false]);
  expect(screen.queryByRole('group', { name: /^Not sent/ })).not.toBeInTheDocument();
});

test('a discarded card is gone from this browser', async () => {
  await waiting({ refused: { status: 403, code: 'forbidden', message: 'Your role cannot deliver' } });
  api();
  renderApp('/about', staff);
  const card = await screen.findByRole('group', { name: 'Not sent: Deliver 3 of Hinges' });
  await userEvent.click(within(card).getByRole('button', { name: 'Discard' }));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(screen.queryByRole('group', { name: /^Not sent/ })).not.toBeInTheDocument();
  expect(await outboxOf(UID)).toEqual([]);
});

test('signing out with changes waiting asks first: staying keeps them, signing out deletes them', async () => {
  await waiting({ what: 'Receive 1 of Bolts', kind: 'stock', body: { delta: 1 }, amountField: 'delta' }, {});
  api();
  const { gateway, router } = renderApp('/about', staff);
  await screen.findByText('2 changes waiting to send');
  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  const ask = await screen.findByRole('dialog', { name: '2 changes waiting to send. Sign out anyway?' });
  await userEvent.click(within(ask).getByRole('button', { name: 'Stay signed in' }));
  expect(gateway.signOut).not.toHaveBeenCalled();
  expect(await outboxOf(UID)).toHaveLength(2);

  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  const again = await screen.findByRole('dialog', { name: '2 changes waiting to send. Sign out anyway?' });
  await userEvent.click(within(again).getByRole('button', { name: 'Sign out and delete them' }));
  expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  expect(gateway.signOut).toHaveBeenCalled();
  // Signed out, the app goes home (the sign-out's last step).
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  // The sign-out's last state and the home page's first answer land inside act.
  await act(async () => {
    expect(await outboxOf(UID)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
});
