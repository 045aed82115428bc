import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Count, CountApplyResult, CountLine } from '@smart-zone/types/count';
import type { Location } from '@smart-zone/types/location';
import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import type { Role } from '@smart-zone/types/roles';
import { type Call, fakeApi, item, meRoute, page } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';
import { openWorkMenu } from '../../test/work-menu';

/** Issue 35, stock counts: the sessions' list, counting one on a phone, and a manager's review. */
const staff = passwordUser('staff@example.com', true);
const at = '2026-11-27T10:00:00.000Z';
const ID = 'c0'.repeat(12);
const BASE = `/counts/${ID}`;
const pens = item({ _id: 'e'.repeat(24), name: 'Stabilo pens', sku: 'ST-PEN-10', barcodes: ['4006381333931'] });
const cable = item({ _id: 'd'.repeat(24), name: 'USB-C cable', sku: 'CAB-1M' });
const shelf: Location = {
  _id: 'a'.repeat(24),
  name: 'Shelf A',
  parentId: MAIN_LOCATION_ID,
  path: 'Back room / Shelf A',
  depth: 2,
  updatedAt: at,
};

const count = (overrides: Partial<Count> = {}): Count => ({
  _id: ID,
  name: 'Shelf A, November',
  state: 'open',
  blind: false,
  scope: { locationId: shelf._id, path: shelf.path },
  createdBy: 'manager@example.com',
  at,
  lines: 10,
  counted: 3,
  variance: { units: -2, value: -25.5 },
  ...overrides,
});
const line = (overrides: Partial<CountLine> = {}): CountLine => ({
  itemId: pens._id,
  name: pens.name,
  sku: pens.sku,
  expected: 7,
  ...overrides,
});

/** A count's screen as the API answers `role`: the session, its uncounted and counted lines, codes and writes. */
function countApi(
  role: Role,
  {
    session = count(),
    uncounted = [line({ itemId: cable._id, name: cable.name, sku: cable.sku, expected: 2 })],
    counted = [] as CountLine[],
  } = {},
) {
  // The pens' line as the API keeps it: 3 counted so far; an add adds to it, a PUT replaces it.
  let pensCounted = 3;
  const write = (call: Call): CountLine => {
    const body = call.body as { units?: number; counted?: number };
    pensCounted = body.counted ?? pensCounted + body.units!;
    return line({ counted: pensCounted, countedBy: staff.email ?? '', countedAt: at });
  };
  const api = fakeApi({
    ...meRoute(staff, { role }),
    [`GET ${BASE}`]: () => ({ body: session }),
    [`GET ${BASE}/lines?filter=uncounted&limit=1`]: () => page(uncounted.slice(0, 1), uncounted.length),
    [`GET ${BASE}/lines?filter=uncounted&limit=1&skip=1`]: () => page(uncounted.slice(1, 2), uncounted.length),
    [`GET ${BASE}/lines?filter=counted&limit=20`]: () => page(counted),
    'GET /inventory?code=4006381333931': () => page([pens]),
    'GET /inventory?code=*': () => page([], 0),
    [`POST ${BASE}/lines/*`]: (call) => ({ body: write(call) }),
    [`PUT ${BASE}/lines/*`]: (call) => ({ body: write(call) }),
  });
  const writes = () =>
    api.calls
      .filter((call) => call.method !== 'GET')
      .map((call) => `${call.method} ${call.path} ${JSON.stringify(call.body)}`);
  return { ...api, writes };
}

const codeField = () => screen.findByRole('textbox', { name: 'Item code' });

describe('the counts page', () => {
  test('a clerk sees the open counts with their progress, Count but no Review, and the history', async () => {
    fakeApi({
      ...meRoute(staff, { role: 'clerk' }),
      'GET /counts?state=open&limit=20': () => page([count({ variance: undefined })]),
      'GET /counts?state=applied&limit=20': () =>
        page([
          count({
            _id: 'c1'.repeat(12),
            name: 'Back room, October',
            state: 'applied',
            closedBy: 'boss@example.com',
            closedAt: at,
            movements: 2,
            counted: 10,
            variance: { units: 3, value: 42 },
          }),
        ]),
    });
    renderApp('/counts', staff);
    const open = await screen.findByTestId('open-count');
    expect(within(open).getByText('3 of 10 counted')).toBeInTheDocument();
    expect(within(open).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
    expect(within(open).getByRole('progressbar')).toHaveAttribute('aria-valuemax', '10');
    expect(within(open).getByRole('link', { name: 'Count' })).toHaveAttribute('href', BASE);
    expect(within(open).queryByRole('link', { name: 'Review' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'New count' })).toBeNull();

    const [row] = await screen.findAllByTestId('count-history-row');
    expect(row).toHaveTextContent('Back room, October');
    expect(row).toHaveTextContent('Applied');
    expect(row).toHaveTextContent('boss@example.com');
    expect(within(row!).getByText('+3 units')).toBeInTheDocument();
    expect(within(row!).getByText('+$42.00')).toBeInTheDocument();
    // The navbar's Work menu offers the page to a clerk.
    expect((await openWorkMenu()).getByRole('link', { name: 'Counts' })).toHaveAttribute('href', '/counts');
  });

  test('the open counts’ progress is asked again every 3 s while the page is open', async () => {
    let counted = 3;
    fakeApi({
      ...meRoute(staff, { role: 'clerk' }),
      'GET /counts?state=open&limit=20': () => page([count({ counted: counted++ })]),
      'GET /counts?state=applied&limit=20': () => page([]),
    });
    renderApp('/counts', staff);
    expect(await screen.findByText('3 of 10 counted')).toBeInTheDocument();
    expect(await screen.findByText('4 of 10 counted', undefined, { timeout: 4500 })).toBeInTheDocument();
  }, 10_000);

  test('a viewer has no Counts link and the page refuses them', async () => {
    fakeApi(meRoute(staff, { role: 'viewer' }));
    renderApp('/counts', staff);
    expect(await screen.findByRole('heading', { name: 'Not for your role' })).toBeInTheDocument();
    expect((await openWorkMenu()).queryByRole('link', { name: 'Counts' })).toBeNull();
  });

  test('a manager opens a blind count of a location’s low items and lands on its count screen', async () => {
    const made = count({ blind: true, counted: 0, name: 'Shelf A, low', variance: undefined });
    const { calls, router } = (() => {
      const api = fakeApi({
        ...meRoute(staff, { role: 'manager' }),
        'GET /counts?state=open&limit=20': () => page([]),
        'GET /counts?state=applied&limit=20': () => page([]),
        'GET /locations?q=*': () => page([shelf]),
        'POST /counts': () => ({ status: 201, body: made }),
        [`GET ${BASE}`]: () => ({ body: made }),
        [`GET ${BASE}/lines?filter=uncounted&limit=1`]: () => page([line()], 10),
        [`GET ${BASE}/lines?filter=counted&limit=20`]: () => page([]),
      });
      return { ...api, ...renderApp('/counts', staff) };
    })();
    expect(await screen.findByTestId('open-counts-empty')).toHaveTextContent('No count is open. Open one above.');
    await userEvent.type(screen.getByLabelText('Name (optional)'), 'Shelf A, low');
    await userEvent.type(screen.getByLabelText('Location (optional: every location)'), 'shelf');
    await userEvent.click(await screen.findByRole('button', { name: 'Back room / Shelf A' }));
    expect(screen.getByTestId('count-location')).toHaveTextContent('Location: Back room / Shelf A');
    await userEvent.click(screen.getByLabelText('Low'));
    await userEvent.click(screen.getByLabelText('Blind count'));
    expect(screen.getByText("Counters don't see the expected quantities.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open count' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(BASE));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'Shelf A, low',
      scope: { locationId: shelf._id, stock: 'low' },
      blind: true,
    });
    expect(await screen.findByRole('heading', { name: 'Shelf A, low', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('0 of 10 counted')).toBeInTheDocument();
  });

  test('a count too large is refused beside the form, which stays', async () => {
    fakeApi({
      ...meRoute(staff, { role: 'manager' }),
      'GET /counts?state=open&limit=20': () => page([]),
      'GET /counts?state=applied&limit=20': () => page([]),
      'POST /counts': () => ({
        status: 422,
        body: { error: { code: 'count_too_large', message: 'A count holds at most 100,000 items: narrow its scope' } },
      }),
    });
    const { router } = renderApp('/counts', staff);
    await userEvent.click(await screen.findByRole('button', { name: 'Open count' }));
    expect(await screen.findByText('A count holds at most 100,000 items: narrow its scope')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/counts');
  });
});

describe('the count screen', () => {
  test('a typed or scanned code counts +1 and shows its line large; −1, +1 and Set correct it', async () => {
    const api = countApi('clerk');
    renderApp(BASE, staff);
    expect(await screen.findByRole('heading', { name: 'Shelf A, November', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('3 of 10 counted')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Review' })).toBeNull();

    await userEvent.type(await codeField(), '4006381333931{Enter}');
    const shown = await screen.findByTestId('count-line');
    expect(api.writes()).toEqual([`POST ${BASE}/lines/${pens._id}/add {"units":1}`]);
    expect(within(shown).getByRole('heading', { name: 'Stabilo pens' })).toBeInTheDocument();
    expect(within(shown).getByText('SKU: ST-PEN-10')).toBeInTheDocument();
    expect(within(shown).getByTestId('count-line-counted')).toHaveTextContent('4');
    // Not blind: what the ledger expects is beside it.
    expect(within(shown).getByTestId('count-line-expected')).toHaveTextContent('Expected 7');
    expect(await codeField()).toHaveValue('');

    await userEvent.click(within(shown).getByRole('button', { name: '−1 Stabilo pens' }));
    await waitFor(() => expect(within(shown).getByTestId('count-line-counted')).toHaveTextContent('3'));
    await userEvent.click(within(shown).getByRole('button', { name: '+1 Stabilo pens' }));
    await waitFor(() => expect(within(shown).getByTestId('count-line-counted')).toHaveTextContent('4'));
    await userEvent.type(within(shown).getByLabelText('Quantity counted of Stabilo pens'), '12');
    await userEvent.click(within(shown).getByRole('button', { name: 'Set' }));
    await waitFor(() =>
      expect(api.writes().slice(1)).toEqual([
        `POST ${BASE}/lines/${pens._id}/add {"units":-1}`,
        `POST ${BASE}/lines/${pens._id}/add {"units":1}`,
        `PUT ${BASE}/lines/${pens._id} {"counted":12}`,
      ]),
    );
    await waitFor(() => expect(within(shown).getByTestId('count-line-counted')).toHaveTextContent('12'));

    await userEvent.type(await codeField(), '0000000000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No item has the code 0000000000000.');
    expect(api.writes()).toHaveLength(4);
  });

  test('the next uncounted line is set in place, or skipped to the one after', async () => {
    const api = countApi('clerk', {
      uncounted: [
        line({ itemId: cable._id, name: cable.name, sku: cable.sku, expected: 2 }),
        line({ itemId: pens._id, name: pens.name, expected: 7 }),
      ],
    });
    renderApp(BASE, staff);
    const next = await screen.findByTestId('next-uncounted');
    expect(await within(next).findByTestId('next-uncounted-name')).toHaveTextContent('USB-C cable');
    expect(next).toHaveTextContent('Next uncounted (2 left)');
    expect(next).toHaveTextContent('Expected 2');
    await userEvent.click(within(next).getByRole('button', { name: 'Skip USB-C cable' }));
    await waitFor(() => expect(within(next).getByTestId('next-uncounted-name')).toHaveTextContent('Stabilo pens'));
    await userEvent.type(within(next).getByLabelText('Quantity counted of Stabilo pens'), '5{Enter}');
    await waitFor(() => expect(api.writes()).toEqual([`PUT ${BASE}/lines/${pens._id} {"counted":5}`]));
  });

  test('a blind count shows a clerk no expected quantity anywhere, even were the API to send one', async () => {
    const seen = line({ counted: 4, countedBy: 'other@example.com', countedAt: at, variance: -3, value: -9 });
    countApi('clerk', { session: count({ blind: true, variance: undefined }), counted: [seen] });
    renderApp(BASE, staff);
    expect(await screen.findByTestId('recent-line')).toHaveTextContent('other@example.com');
    expect(await screen.findByTestId('next-uncounted-name')).toHaveTextContent('USB-C cable');
    await userEvent.type(await codeField(), '4006381333931{Enter}');
    expect(await screen.findByTestId('count-line-counted')).toHaveTextContent('4');
    expect(screen.queryByText(/expected/i)).toBeNull();
  });

  test('a manager sees what a blind count expects, and its Review link', async () => {
    countApi('manager', { session: count({ blind: true }), counted: [line({ counted: 4, countedAt: at })] });
    renderApp(BASE, staff);
    expect(await screen.findByTestId('recent-line')).toHaveTextContent('expected 7');
    expect(screen.getByRole('link', { name: 'Review' })).toHaveAttribute('href', `${BASE}/review`);
  });

  test('a count no longer open says so and takes no counts', async () => {
    countApi('clerk', {
      session: count({ state: 'applied', closedBy: 'boss@example.com', closedAt: at, movements: 3 }),
      counted: [line({ counted: 4, countedAt: at })],
    });
    renderApp(BASE, staff);
    expect(await screen.findByTestId('count-closed')).toHaveTextContent('Applied by boss@example.com');
    expect(screen.getByTestId('count-closed')).toHaveTextContent('3 corrections written');
    await screen.findByTestId('recent-line');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Scan' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Correct/ })).toBeNull();
  });
});

describe('the review', () => {
  const off = [
    line({ counted: 4, variance: -3, value: -24.5 }),
    line({ itemId: cable._id, name: cable.name, sku: cable.sku, expected: 2, counted: 3, variance: 1, value: 9.99 }),
  ];

  test('lists the lines off the ledger; Apply with the box ticked counts the uncounted as zero', async () => {
    let session = count();
    const { calls } = fakeApi({
      ...meRoute(staff, { role: 'manager' }),
      [`GET ${BASE}`]: () => ({ body: session }),
      [`GET ${BASE}/lines?filter=variance&limit=25`]: () => page(off),
      [`POST ${BASE}/apply`]: () => {
        session = count({ state: 'applied', closedBy: staff.email ?? '', closedAt: at, movements: 2 });
        return { body: { count: session, movements: 2, skipped: 0 } satisfies CountApplyResult };
      },
    });
    renderApp(`${BASE}/review`, staff);
    const rows = await screen.findAllByTestId('variance-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Stabilo pens' })).toHaveAttribute(
      'href',
      `/inventory/${pens._id}`,
    );
    expect(rows[0]).toHaveTextContent('−3');
    expect(rows[0]).toHaveTextContent('−$24.5');
    expect(rows[1]).toHaveTextContent('+1');
    expect(rows[1]).toHaveTextContent('+$9.99');
    const summary = screen.getByTestId('count-summary');
    expect(summary).toHaveTextContent('Uncounted7');
    expect(summary).toHaveTextContent('−2 units');
    expect(summary).toHaveTextContent('−$25.5');

    await userEvent.click(screen.getByLabelText('Count uncounted items as zero'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply count' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply this count?' }));
    expect(dialog.getByText(/the 7 uncounted lines go to 0/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Apply count' }));
    expect(await screen.findByText('Count applied: 2 corrections')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ uncounted: 'zero' }]);
    expect(await screen.findByTestId('count-closed')).toHaveTextContent('Applied by staff@example.com');
    expect(screen.queryByRole('button', { name: 'Apply count' })).toBeNull();
  });

  test('Cancel count asks first; confirmed, the count is cancelled', async () => {
    let session = count();
    const { calls } = fakeApi({
      ...meRoute(staff, { role: 'manager' }),
      [`GET ${BASE}`]: () => ({ body: session }),
      [`GET ${BASE}/lines?filter=variance&limit=25`]: () => page(off),
      [`POST ${BASE}/cancel`]: () => {
        session = count({ state: 'cancelled', closedBy: 'm@example.com', closedAt: at });
        return { body: session };
      },
    });
    renderApp(`${BASE}/review`, staff);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel count' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel this count?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel count' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this count?' })).getByRole('button', {
        name: 'Cancel count',
      }),
    );
    expect(await screen.findByTestId('count-closed')).toHaveTextContent('Cancelled by m@example.com');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`${BASE}/cancel`]);
  });

  test('an uploaded sheet says what it set and the rows it refused', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff, { role: 'manager' }),
      [`GET ${BASE}`]: () => ({ body: count() }),
      [`GET ${BASE}/lines?filter=variance&limit=25`]: () => page([]),
      [`POST ${BASE}/sheet`]: () => ({
        body: { updated: 2, errors: [{ row: 4, message: 'counted must be a number' }] },
      }),
    });
    renderApp(`${BASE}/review`, staff);
    expect(await screen.findByText('No counted line is off the ledger.')).toBeInTheDocument();
    const file = new File(['itemId,sku,name,expected,counted\n'], 'sheet.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Upload counted sheet'), file);
    const report = await screen.findByTestId('sheet-report');
    expect(report).toHaveTextContent('2 lines updated from the sheet.');
    expect(report).toHaveTextContent('Row 4: counted must be a number');
    const sent = calls.find((call) => call.method === 'POST')!;
    expect(sent.headers['Content-Type']).toBe('text/csv');
    expect(sent.body).toBe(file);
  });

  test('nothing counted yet: no difference to ask for, and the page does not jump when lines come', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff, { role: 'manager' }),
      [`GET ${BASE}`]: () => ({ body: count({ counted: 0 }) }),
    });
    renderApp(`${BASE}/review`, staff);
    expect(await screen.findByText('No counted line is off the ledger.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply count' })).toBeInTheDocument();
    expect(calls.map((call) => call.path).filter((path) => path.includes('/lines'))).toEqual([]);
  });

  test('the review refuses a clerk: the role it needs, and nothing asked of the API', async () => {
    const { calls } = fakeApi(meRoute(staff, { role: 'clerk' }));
    renderApp(`${BASE}/review`, staff);
    expect(await screen.findByRole('heading', { name: 'Not for your role' })).toBeInTheDocument();
    expect(screen.getByText(/This needs the manager role; you are a clerk/)).toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/counts'))).toBe(false);
  });
});
