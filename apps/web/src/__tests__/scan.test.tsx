import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPEAT_WINDOW_MS, repeatFilter } from '../features/inventory/scan/repeat-filter';
import { fakeApi, item, meRoute, page } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

/** Issue 33, scanning with the camera: the parts of the Scan screen that run without a camera (jsdom has none). */
const staff = passwordUser('staff@example.com', true);
const EAN = '4006381333931';
const pens = item({ _id: 'e'.repeat(24), name: 'Stabilo pens', sku: 'ST-PEN-10', barcodes: [EAN], quantity: 9 });
const UNKNOWN = '5901234123457';

function api(role: 'manager' | 'clerk' | 'viewer' = 'manager') {
  return fakeApi({
    ...meRoute(staff, { role }),
    [`GET /inventory?code=${EAN}`]: () => page([pens]),
    'GET /inventory?code=*': () => page([], 0),
  });
}

const typedField = () => screen.findByRole('textbox', { name: 'Type or paste a code' });

async function typeCode(code: string) {
  await userEvent.type(await typedField(), `${code}{Enter}`);
}

/** The browser's camera access, as jsdom lacks it: getUserMedia answering as a browser whose camera is refused. */
function cameraAnswers(error: DOMException) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: () => Promise.reject(error) },
  });
}
afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('the same code read again within 2 s counts once', () => {
  it('counts a code once while it stays in view, however long, and again after 2 s away', () => {
    const counts = repeatFilter();
    expect(REPEAT_WINDOW_MS).toBe(2_000);
    // Read 5 times a second for 3 s: one count.
    const held = Array.from({ length: 15 }, (_, i) => counts(EAN, 1_000 + i * 200));
    expect(held.filter(Boolean)).toHaveLength(1);
    expect(held[0]).toBe(true);
    // Taken away at 3.8 s; shown again 1.9 s later: the same sighting still.
    expect(counts(EAN, 3_800 + 1_900)).toBe(false);
    // Away for longer than 2 s: a new sighting.
    expect(counts(EAN, 5_700 + 2_001)).toBe(true);
    expect(counts(EAN, 7_701 + 2_000)).toBe(false);
  });

  it('tells codes apart: two items in a row each count', () => {
    const counts = repeatFilter();
    expect([counts(EAN, 0), counts(UNKNOWN, 100), counts(EAN, 200), counts(UNKNOWN, 300)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('forgets codes long gone, and still knows the recent ones', () => {
    const counts = repeatFilter(2_000);
    for (let i = 0; i < 100; i += 1) expect(counts(`CODE-${i}`, i * 10)).toBe(true);
    expect(counts('CODE-99', 1_000)).toBe(false);
    expect(counts('CODE-0', 5_000)).toBe(true);
  });
});

test('Scan is one tap from the header of a staff page, and the typed field finds the item in place', async () => {
  api('clerk');
  const { router } = renderApp('/about', staff);
  await userEvent.click(await screen.findByRole('link', { name: 'Scan' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/scan'));
  await typeCode(EAN);
  const card = await screen.findByTestId('scan-card');
  expect(within(card).getByRole('heading', { name: 'Stabilo pens' })).toBeInTheDocument();
  expect(card).toHaveTextContent('SKU: ST-PEN-10');
  expect(card).toHaveTextContent('$899.00');
  expect(card).toHaveTextContent('Stock: 9');
  expect(within(card).getByRole('button', { name: 'Receive Stabilo pens' })).toBeInTheDocument();
  expect(within(card).getByRole('link', { name: 'Open item page' })).toHaveAttribute('href', `/inventory/${pens._id}`);
  // Still the Scan screen: the card is in place.
  expect(router.state.location.pathname).toBe('/scan');
  expect(screen.getByRole('region', { name: 'Read this session' })).toHaveTextContent(EAN);
});

test('our own labels’ QR codes: an item’s page address shows the item in place; a location’s opens the location', async () => {
  const { calls } = fakeApi({
    ...meRoute(staff, { role: 'clerk' }),
    [`GET /inventory/${pens._id}`]: () => ({ body: pens }),
    'GET /inventory/ffffffffffffffffffffffff': () => ({
      status: 404,
      body: { error: { code: 'not_found', message: 'No item with that id' } },
    }),
    'GET /inventory?code=*': () => page([], 0),
    'GET /locations/*': () => ({ status: 404, body: { error: { code: 'not_found', message: 'No location' } } }),
    'GET /locations?*': () => page([], 0),
  });
  const { router } = renderApp('/scan', staff);
  await typeCode(`https://shop.example/inventory/${pens._id}`);
  const card = await screen.findByTestId('scan-card');
  expect(within(card).getByRole('heading', { name: 'Stabilo pens' })).toBeInTheDocument();
  // The item was read by its id, never searched for as a code.
  expect(calls.some((call) => call.path.startsWith('/inventory?code='))).toBe(false);

  await userEvent.clear(await typedField());
  await typeCode('http://localhost:5000/inventory/ffffffffffffffffffffffff');
  expect(await screen.findByText(/No item has the code/)).toBeInTheDocument();

  await userEvent.clear(await typedField());
  await typeCode(`http://localhost:5000/locations?in=${'c'.repeat(24)}`);
  await waitFor(() => expect(router.state.location.pathname).toBe('/locations'));
  expect(router.state.location.search).toBe(`?in=${'c'.repeat(24)}`);
});

test('camera refused: a clear message saying how to allow it, and the typed field', async () => {
  api();
  cameraAnswers(new DOMException('Permission denied', 'NotAllowedError'));
  renderApp('/scan', staff);
  const message = await screen.findByRole('alert');
  expect(message).toHaveTextContent('The camera is not allowed');
  expect(message).toHaveTextContent('allow the camera for this site');
  expect(within(message).getByRole('button', { name: 'Try the camera again' })).toBeInTheDocument();
  // No video where there is no camera.
  expect(screen.queryByText('Point the camera at a barcode or QR code.')).not.toBeInTheDocument();
  await typeCode(EAN);
  expect(await screen.findByRole('heading', { name: 'Stabilo pens' })).toBeInTheDocument();
});

test('no camera at all (NotFoundError, or a browser without camera access): said so, and the typed field', async () => {
  api();
  cameraAnswers(new DOMException('Requested device not found', 'NotFoundError'));
  const { unmount } = renderApp('/scan', staff);
  expect(await screen.findByRole('alert')).toHaveTextContent('No camera here');
  expect(await typedField()).toBeInTheDocument();
  unmount();

  Reflect.deleteProperty(navigator, 'mediaDevices');
  api();
  renderApp('/scan', staff);
  expect(await screen.findByRole('alert')).toHaveTextContent('No camera here');
  expect(await typedField()).toBeInTheDocument();
});

test('an unknown code: a manager gets Create item with this barcode, which opens the form with the code filled in', async () => {
  api('manager');
  const { router } = renderApp('/scan', staff);
  await typeCode(UNKNOWN);
  expect(await screen.findByText(/No item has the code/)).toHaveTextContent(`No item has the code ${UNKNOWN}.`);
  await userEvent.click(screen.getByRole('link', { name: 'Create item with this barcode' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/addNewItem'));
  expect(router.state.location.search).toBe(`?barcode=${UNKNOWN}`);
  expect(await screen.findByLabelText('Other barcodes (optional, one per line)')).toHaveValue(UNKNOWN);
});

test.each(['clerk', 'viewer'] as const)(
  'an unknown code: a %s is told no item has it, and offered nothing to create',
  async (role) => {
    api(role);
    renderApp('/scan', staff);
    await typeCode(UNKNOWN);
    expect(await screen.findByText(/No item has the code/)).toHaveTextContent(`No item has the code ${UNKNOWN}.`);
    expect(screen.queryByRole('link', { name: 'Create item with this barcode' })).not.toBeInTheDocument();
  },
);

test('a USB scanner’s burst on the Scan screen shows its item in place (the header does not open its page)', async () => {
  api();
  const { router } = renderApp('/scan', staff);
  await typedField();
  (document.activeElement as HTMLElement | null)?.blur();
  let at = 1_000;
  const now = jest.spyOn(performance, 'now').mockImplementation(() => at);
  for (const key of [...EAN, 'Enter']) {
    at += 8;
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    });
  }
  now.mockRestore();
  expect(await screen.findByTestId('scan-card')).toHaveTextContent('Stabilo pens');
  expect(router.state.location.pathname).toBe('/scan');
});

test('the wasm the build serves is the one the polyfill’s code was made for (same zxing-wasm version)', () => {
  const web = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const polyfill = JSON.parse(
    readFileSync(path.join(__dirname, '../../node_modules/barcode-detector/package.json'), 'utf8'),
  ) as { dependencies: Record<string, string> };
  expect(web.dependencies['zxing-wasm']).toBe(polyfill.dependencies['zxing-wasm']);
});
