import { act, screen, waitFor, within } from '@testing-library/react';
import type { Item } from '@smart-zone/types/item';
import type { LiveEvent } from '@smart-zone/types/live';
import {
  type Call,
  fakeApi,
  item,
  meRoute,
  movement,
  page,
  NO_EDITS,
  OPEN_COUNT_PATH,
  stockAt,
} from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { type FakeEventSource, openStreams, theStream } from '../../test/fake-live';
import { renderApp } from '../../test/render-app';
import { LIVE_REFETCH_DELAY_MS } from '../features/inventory/api/live-cache';
import { connectLive } from '../lib/live/live-connection';

const staff = passwordUser('staff@example.com', true);
const AT = '2026-11-02T10:00:00.000Z';
const pixel = item({ quantity: 7, version: 3 });
const galaxy = item({ _id: 'b1b2c3d4e5f6a1b2c3d4e5f6', name: 'Galaxy S24', quantity: 4, version: 1 });
const ITEM_PATH = `/inventory/${pixel._id}`;

const gets = (calls: Call[], path: string) => calls.filter((call) => call.method === 'GET' && call.path === path);
const send = (stream: FakeEventSource, event: LiveEvent) => act(() => stream.send(event));

/** Staff's item page (and lists) answered from the server's state as `current()` has it now. */
const itemRoutes = (current: () => Item) => ({
  ...meRoute(staff),
  ...NO_EDITS,
  [`GET ${ITEM_PATH}/history*`]: () => page([movement()]),
  [`GET ${ITEM_PATH}`]: () => ({ body: current() }),
  ...stockAt(current),
});

describe('live updates', () => {
  test('an item event shows the new stock on the item page and in the list at once, marked for a moment, then refetches them', async () => {
    // The server's state: what a refetch answers once the change has happened.
    let current: Item = pixel;
    const { calls } = fakeApi({
      ...itemRoutes(() => current),
      'GET /inventory?*': () => page([current, galaxy]),
    });
    const { router } = renderApp('/manageInventories', staff);
    const row = within((await screen.findByRole('link', { name: 'Pixel 8 Pro' })).closest('tr')!);
    expect(row.getByText('7')).toBeInTheDocument();
    await act(() => router.navigate(ITEM_PATH));
    await screen.findByText('Stock: 7');
    const stream = await theStream();
    // Listening, the tab asked once again for what it showed (nothing had changed).
    await waitFor(() => expect(gets(calls, ITEM_PATH)).toHaveLength(2));

    current = { ...pixel, quantity: 12, version: 4 };
    const listedBefore = calls.filter((call) => call.path.startsWith('/inventory?')).length;
    send(stream, { type: 'item', itemId: pixel._id, quantity: 12, version: 4, at: AT });

    // In place: no request was needed to show it.
    expect(await screen.findByText('Stock: 12')).toBeInTheDocument();
    expect(screen.queryByText('Stock: 7')).not.toBeInTheDocument();
    expect(screen.getByText('Stock: 12').closest('[data-stock]')).toHaveClass('value-flash');
    expect(gets(calls, ITEM_PATH)).toHaveLength(2);
    // Then, once events have stopped coming, the item (and its history) is asked again.
    await waitFor(() => expect(gets(calls, ITEM_PATH)).toHaveLength(3));
    await waitFor(() => expect(screen.getByText('Stock: 12').closest('[data-stock]')).not.toHaveClass('value-flash'));

    // The cached list had it changed too: back on Manage Inventories, 12 before any refetch answers.
    await act(() => router.navigate('/manageInventories'));
    const newRow = within((await screen.findByRole('link', { name: 'Pixel 8 Pro' })).closest('tr')!);
    expect(newRow.getByText('12')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/inventory?')).length).toBeGreaterThan(listedBefore);
  });

  test('once a tab listens, what it loaded before is asked again (a change in between is not missed)', async () => {
    let current: Item = pixel;
    const { calls } = fakeApi(itemRoutes(() => current));
    // The page is still loading (its images): the tab listens at its load event.
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    renderApp(ITEM_PATH, staff);
    await screen.findByText('Stock: 7');
    expect(openStreams()).toHaveLength(0);
    // Changed after the page loaded it, before the tab listened: no event will say so.
    current = { ...pixel, quantity: 9, version: 4 };
    delete (document as { readyState?: unknown }).readyState;
    act(() => void window.dispatchEvent(new Event('load')));
    await theStream();
    expect(document.documentElement.dataset.live).toBe('on');
    expect(await screen.findByText('Stock: 9')).toBeInTheDocument();
    expect(gets(calls, ITEM_PATH)).toHaveLength(2);
  });

  test('an older event than the cached item changes nothing', async () => {
    fakeApi({ 'GET /inventory?*': () => page([pixel]) });
    renderApp('/inventory');
    await screen.findByText('Stock: 7');
    const stream = await theStream();
    send(stream, { type: 'item', itemId: pixel._id, quantity: 1, version: 2, at: AT });
    await new Promise((done) => setTimeout(done, LIVE_REFETCH_DELAY_MS + 100));
    expect(screen.getByText('Stock: 7')).toBeInTheDocument();
  });

  test('a deleted event takes the item off the list and its count', async () => {
    let items = [pixel, galaxy];
    fakeApi({ 'GET /inventory?*': () => page(items) });
    renderApp('/inventory');
    expect(await screen.findAllByTestId('item-card')).toHaveLength(2);
    expect(screen.getByTestId('list-summary')).toHaveTextContent('of 2 items');
    const stream = await theStream();

    items = [galaxy];
    send(stream, { type: 'deleted', itemId: pixel._id, at: AT });
    await waitFor(() => expect(screen.getAllByTestId('item-card')).toHaveLength(1));
    expect(screen.queryByRole('article', { name: 'Pixel 8 Pro' })).not.toBeInTheDocument();
    expect(screen.getByTestId('list-summary')).toHaveTextContent('1 item');
  });

  test('a reset asks again for everything shown; an alert for the bell', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff, { open: 1 }),
      ...NO_EDITS,
      [`GET ${ITEM_PATH}/history*`]: () => page([movement()]),
      [`GET ${ITEM_PATH}`]: () => ({ body: pixel }),
      ...stockAt(pixel),
    });
    renderApp(ITEM_PATH, staff);
    await screen.findByText('Stock: 7');
    await screen.findByTestId('alerts-unread-count');
    const stream = await theStream();
    const before = { item: gets(calls, ITEM_PATH).length, bell: gets(calls, OPEN_COUNT_PATH).length };

    send(stream, { type: 'alert', itemId: pixel._id, kind: 'low', at: AT });
    await waitFor(() => expect(gets(calls, OPEN_COUNT_PATH)).toHaveLength(before.bell + 1));
    expect(gets(calls, ITEM_PATH)).toHaveLength(before.item);

    send(stream, { type: 'reset' });
    await waitFor(() => expect(gets(calls, ITEM_PATH)).toHaveLength(before.item + 1));
    await waitFor(() => expect(gets(calls, OPEN_COUNT_PATH)).toHaveLength(before.bell + 2));
    expect(calls.some((call) => call.path.startsWith(`${ITEM_PATH}/history`))).toBe(true);
  });

  test('"Reconnecting…" shows only once the stream has been down for a while, and goes when it is back', async () => {
    fakeApi({ 'GET /inventory?*': () => page([pixel]) });
    renderApp('/inventory');
    await screen.findByText('Stock: 7');
    const stream = await theStream();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');

    act(() => stream.drop());
    await new Promise((done) => setTimeout(done, 500));
    expect(status).toHaveTextContent('');
    await waitFor(() => expect(status).toHaveTextContent('Reconnecting…'), { timeout: 4000 });

    act(() => stream.reopen());
    await waitFor(() => expect(status).toHaveTextContent(''));
  });
});

describe('one stream per browser', () => {
  test('tabs share the leader’s stream; when it closes, another tab opens its own', async () => {
    const heard = { first: [] as LiveEvent[], second: [] as LiveEvent[] };
    const hints: boolean[] = [];
    const stopFirst = connectLive('/api/events', {
      onEvent: (event) => heard.first.push(event),
      onReconnecting: () => undefined,
    });
    const leader = await theStream();
    const stopSecond = connectLive('/api/events', {
      onEvent: (event) => heard.second.push(event),
      onReconnecting: (now) => hints.push(now),
    });
    await new Promise((done) => setTimeout(done, 400));
    expect(openStreams()).toEqual([leader]);

    const event: LiveEvent = { type: 'item', itemId: pixel._id, quantity: 3, version: 9, at: AT };
    leader.send(event);
    await waitFor(() => expect(heard.second).toEqual([event]));
    expect(heard.first).toEqual([event]);

    // The leader's tab closes: the other leads, with a stream of its own.
    stopFirst();
    expect(leader.readyState).toBe(2);
    const next = await theStream();
    expect(next).not.toBe(leader);
    next.send({ type: 'reset' });
    expect(heard.second).toEqual([event, { type: 'reset' }]);
    stopSecond();
    expect(openStreams()).toEqual([]);
    expect(hints).toEqual([]);
  });
});
