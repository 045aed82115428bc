import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DAY_BUCKETS, type DayBucket } from '@smart-zone/types/movement-kinds';
import { type DayMovement, STATS_DAYS, type Stats, statsDays } from '@smart-zone/types/stats';
import { QueryClient } from '@tanstack/react-query';
import { type Call, deferred, fakeApi, meRoute } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { theStream } from '../../test/fake-live';
import { renderApp } from '../../test/render-app';
import { openWorkMenu } from '../../test/work-menu';
import { STATS_REFRESH_MS, createLiveStats } from '../features/dashboard/api/live-stats';
import { MovementsChart } from '../features/dashboard/components/MovementsChart';
import { createApiClient } from '../lib/api-client';

// uPlot draws on a canvas, which jsdom does not have: the page is tested with the chart module replaced at
// its boundary (what it is handed is recorded); the chart itself has its own test (movements-chart.test.tsx).
jest.mock('../features/dashboard/components/MovementsChart', () => ({ MovementsChart: jest.fn() }));
/** The days the chart was last handed. */
const chartDays = () => jest.mocked(MovementsChart).mock.lastCall?.[0].days;

const staff = passwordUser('staff@example.com', true);
const DAYS = statsDays(new Date('2026-11-30T12:00:00.000Z'));

type Buckets = Partial<Record<DayBucket, number>>;
/** A day of GET /stats: its buckets (0 unless given), and `in` and `out` as the API derives them. */
function dayOf(day: string, buckets: Buckets = {}): DayMovement {
  const all = { ...Object.fromEntries(DAY_BUCKETS.map((bucket) => [bucket, 0])), ...buckets } as Record<
    DayBucket,
    number
  >;
  return { day, ...all, in: all.received, out: all.delivered + all.removed };
}

/** A GET /stats answer: nothing moved unless `moved` says what did on which day (YYYY-MM-DD). */
function stats(overrides: Partial<Stats> = {}, moved: Record<string, Buckets> = {}): Stats {
  return {
    items: 1234,
    units: 56789,
    stockValue: 1234567.5,
    low: 3,
    out: 1,
    movementsByDay: DAYS.map((day) => dayOf(day, moved[day])),
    topMovers: [],
    ...overrides,
  };
}

const MOVERS: Stats['topMovers'] = [
  { itemId: 'c'.repeat(24), name: 'Galaxy A54', out: 1500 },
  { itemId: 'd'.repeat(24), name: 'Pixel 8 Pro', out: 12 },
];
const MOVED: Record<string, Buckets> = {
  '2026-11-03': { received: 40, delivered: 10, removed: 2 },
  '2026-11-29': { received: 2, delivered: 30 },
  '2026-11-30': { delivered: 5 },
};

const figure = (name: string) => screen.findByRole('region', { name });
const statsCalls = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && call.path === '/stats');

beforeEach(() => {
  jest
    .mocked(MovementsChart)
    .mockReset()
    .mockImplementation(() => <div data-testid="movements-chart" />);
});

describe('the dashboard', () => {
  test('the four figures as text: items and units, the stock value as prices are written, low and out linking to their lists', async () => {
    const { calls } = fakeApi({ ...meRoute(staff), 'GET /stats': () => ({ body: stats({}, MOVED) }) });
    renderApp('/dashboard', staff);
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Dashboard-Smart-Zone');

    const items = await figure('Items');
    expect(items).toHaveTextContent('1,234');
    expect(items).toHaveTextContent('56,789 units on hand');
    expect(await figure('Stock value')).toHaveTextContent('$1,234,567.50');
    const low = await figure('Low stock');
    expect(low).toHaveTextContent('3');
    expect(within(low).getByRole('link', { name: 'Low-stock list' })).toHaveAttribute(
      'href',
      '/manageInventories?stock=low',
    );
    const out = await figure('Out of stock');
    expect(out).toHaveTextContent('1');
    expect(within(out).getByRole('link', { name: 'Out-of-stock list' })).toHaveAttribute(
      'href',
      '/manageInventories?stock=out',
    );
    expect(statsCalls(calls)[0]!.headers.Authorization).toMatch(/^Bearer /);
  });

  test('the chart gets the 30 days; its caption sums them and its table lists each day, oldest first', async () => {
    fakeApi({ ...meRoute(staff), 'GET /stats': () => ({ body: stats({}, MOVED) }) });
    renderApp('/dashboard', staff);
    expect(await screen.findByTestId('movements-chart')).toBeInTheDocument();
    expect(chartDays()).toHaveLength(STATS_DAYS);
    expect(chartDays()![2]).toEqual(dayOf('2026-11-03', MOVED['2026-11-03']));

    expect(screen.getByTestId('movements-caption')).toHaveTextContent(
      'Last 30 days (UTC): 42 received, 45 delivered, 2 removed, corrections 0. Most delivered on Nov 29: 30.',
    );
    expect(screen.getByTestId('movements-caption')).not.toHaveTextContent('Opening');
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(STATS_DAYS);
    expect(rows[0]).toHaveTextContent('Nov 1');
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['40', '10', '2', '0']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Received', 'Delivered', 'Removed', 'Corrections']);
    expect(rows.at(-1)).toHaveTextContent(/^Nov 300500$/);
    expect(screen.queryByTestId('movements-empty')).not.toBeInTheDocument();
  });

  test('corrections signed; opening stock and deletions named where there were any, not counted as in or out', async () => {
    const moved = {
      ...MOVED,
      '2026-11-30': { delivered: 5, corrections: -3, opening: 100, deletions: 12 },
    };
    fakeApi({ ...meRoute(staff), 'GET /stats': () => ({ body: stats({}, moved) }) });
    renderApp('/dashboard', staff);
    expect(await screen.findByTestId('movements-caption')).toHaveTextContent(
      'Last 30 days (UTC): 42 received, 45 delivered, 2 removed, corrections −3. Opening stock 100, deleted 12.',
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Received', 'Delivered', 'Removed', 'Corrections', 'Opening stock', 'Deleted']);
    const last = within(table).getAllByRole('row').at(-1)!;
    expect(
      within(last)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0', '5', '0', '−3', '100', '12']);
    // The chart reads the buckets: received and delivered, not opening stock.
    expect(chartDays()!.at(-1)).toMatchObject({ received: 0, delivered: 5, opening: 100 });
  });

  test('the top movers, most first, each linking to its item', async () => {
    fakeApi({ ...meRoute(staff), 'GET /stats': () => ({ body: stats({ topMovers: MOVERS }, MOVED) }) });
    renderApp('/dashboard', staff);
    const movers = await screen.findAllByTestId('top-mover');
    expect(movers.map((mover) => mover.textContent)).toEqual(['Galaxy A541,500 delivered', 'Pixel 8 Pro12 delivered']);
    expect(screen.getByText('Most units delivered, last 30 days')).toBeInTheDocument();
    expect(within(movers[0]!).getByRole('link', { name: 'Galaxy A54' })).toHaveAttribute(
      'href',
      `/inventory/${'c'.repeat(24)}`,
    );
  });

  test('nothing moved: says so instead of a chart, and no item is named a top mover', async () => {
    fakeApi({
      ...meRoute(staff),
      'GET /stats': () => ({ body: stats({ items: 0, units: 0, stockValue: 0, low: 0, out: 0 }) }),
    });
    renderApp('/dashboard', staff);
    expect(await screen.findByTestId('movements-empty')).toHaveTextContent('Nothing moved in the last 30 days');
    expect(screen.getByText('No item in the catalogue was delivered in the last 30 days.')).toBeInTheDocument();
    expect(screen.queryByTestId('movements-chart')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(await figure('Stock value')).toHaveTextContent('$0.00');
  });

  test('while the figures load, a skeleton holds their room', async () => {
    const answer = deferred<{ body: Stats }>();
    fakeApi({ ...meRoute(staff), 'GET /stats': () => answer.promise });
    renderApp('/dashboard', staff);
    const skeleton = (await screen.findByText('Loading the dashboard...')).closest('[role="status"]');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    answer.resolve({ body: stats() });
    expect(await figure('Items')).toHaveTextContent('1,234');
    expect(screen.queryByText('Loading the dashboard...')).not.toBeInTheDocument();
  });

  test('a failed load says why and tries again on request', async () => {
    let fail = true;
    fakeApi({
      ...meRoute(staff),
      'GET /stats': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } }
          : { body: stats() },
    });
    renderApp('/dashboard', staff);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await figure('Items')).toHaveTextContent('1,234');
  });
});

describe('who sees it', () => {
  test("staff (a viewer too) have the Dashboard link in the navbar's Work menu, and it opens the page", async () => {
    const viewer = passwordUser('viewer@example.com', true);
    fakeApi({ ...meRoute(viewer, { role: 'viewer' }), 'GET /stats': () => ({ body: stats() }) });
    const { router } = renderApp('/about', viewer);
    await userEvent.click((await openWorkMenu()).getByRole('link', { name: 'Dashboard' }));
    expect(await figure('Items')).toHaveTextContent('1,234');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  test('a visitor has no link, and /dashboard asks them to sign in', async () => {
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Please Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  test('a verified user on no team has no link, reads that they are not on the team, and stats are never asked for', async () => {
    const outsider = passwordUser('outsider@example.com', true);
    const { calls } = fakeApi(meRoute(outsider, { role: null }));
    renderApp('/dashboard', outsider);
    expect(await screen.findByRole('heading', { name: 'Not on the team' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(statsCalls(calls)).toHaveLength(0);
  });
});

describe('live', () => {
  test('a delivery elsewhere (an item event) shows in the figures, the chart and the movers without a reload', async () => {
    let current = stats({ topMovers: MOVERS }, MOVED);
    const { calls } = fakeApi({ ...meRoute(staff), 'GET /stats': () => ({ body: current }) });
    renderApp('/dashboard', staff);
    expect(await figure('Items')).toHaveTextContent('56,789 units on hand');
    const stream = await theStream();
    // Listening, the page asked once again for what it showed.
    await waitFor(() => expect(statsCalls(calls)).toHaveLength(2));

    current = stats(
      { units: 56786, out: 2, topMovers: [MOVERS[0]!, { ...MOVERS[1]!, out: 15 }] },
      { ...MOVED, '2026-11-30': { delivered: 8 } },
    );
    act(() =>
      stream.send({ type: 'item', itemId: MOVERS[1]!.itemId, quantity: 0, version: 9, at: '2026-11-30T12:00:00.000Z' }),
    );
    // No reload: the same page, asked again (within the 2 s that refetches are spaced by).
    await waitFor(async () => expect(await figure('Items')).toHaveTextContent('56,786 units on hand'), {
      timeout: 3000,
    });
    expect(await figure('Out of stock')).toHaveTextContent('2');
    expect(screen.getAllByTestId('top-mover')[1]).toHaveTextContent('15 delivered');
    expect(chartDays()!.at(-1)).toEqual(dayOf('2026-11-30', { delivered: 8 }));
    expect(screen.getByTestId('movements-caption')).toHaveTextContent('42 received, 48 delivered');
    expect(statsCalls(calls)).toHaveLength(3);
  });
});

describe('the refresh from live events', () => {
  afterEach(() => jest.useRealTimers());

  test('the first event at once, then at most one per 2 s however many come, the last of a burst included', () => {
    jest.useFakeTimers();
    const queryClient = new QueryClient();
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries').mockResolvedValue(undefined);
    const live = createLiveStats(queryClient, createApiClient({ baseUrl: '/api' }));

    live.changed();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['stats'] });
    // An import: a thousand events within the next 2 s are one more refresh, when the 2 s are up.
    for (let event = 0; event < 1000; event++) live.changed();
    jest.advanceTimersByTime(STATS_REFRESH_MS - 1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(2);
    // Quiet since: nothing more.
    jest.advanceTimersByTime(10 * STATS_REFRESH_MS);
    expect(invalidate).toHaveBeenCalledTimes(2);
    // A later event is refreshed at once again.
    live.changed();
    expect(invalidate).toHaveBeenCalledTimes(3);
    live.changed();
    live.stop();
    jest.advanceTimersByTime(10 * STATS_REFRESH_MS);
    expect(invalidate).toHaveBeenCalledTimes(3);
  });
});
