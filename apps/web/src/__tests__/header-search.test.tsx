import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, item, meRoute, movement, page, NO_EDITS, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

/** Issue 33: staff's search in the header, on every page: an exact code opens its item, other text is searched. */
const staff = passwordUser('staff@example.com', true);
const EAN = '8809811862345';
const kase = item({
  _id: 'c'.repeat(24),
  name: 'iPhone case',
  supplier: 'Spigen',
  sku: 'SP-IP15-BLK',
  barcodes: [EAN],
});

function api() {
  return fakeApi({
    ...meRoute(staff),
    ...NO_EDITS,
    [`GET /inventory?code=${EAN}`]: () => page([kase]),
    'GET /inventory?code=*': () => page([], 0),
    'GET /inventory?*': () => page([kase]),
    [`GET /inventory/${kase._id}/history*`]: () => page([movement({ itemId: kase._id })]),
    ...stockAt(kase),
    'GET /inventory/*': () => ({ body: kase }),
    'GET /stats': () => ({ body: {} }),
  });
}

const headerSearch = () => screen.findByRole('searchbox', { name: 'Find an item by name or code' });

test('a whole code typed in the header (any page) opens the item that has it', async () => {
  const { calls } = api();
  const { router } = renderApp('/manageInventories', staff);
  await userEvent.type(await headerSearch(), ` ${EAN} {Enter}`);
  expect(await screen.findByRole('heading', { name: 'iPhone case', level: 1 })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(`/inventory/${kase._id}`);
  expect(calls.filter((call) => call.path.includes('code=')).map((call) => call.path)).toEqual([
    `/inventory?code=${EAN}`,
  ]);
  expect(await headerSearch()).toHaveValue('');
});

test('text that is no item’s code lists what it finds on Manage Inventories (a part of a SKU, a name)', async () => {
  const { calls } = api();
  const { router } = renderApp('/inventory', staff);
  await userEvent.type(await headerSearch(), 'SP-IP15{Enter}');
  await waitFor(() => expect(router.state.location.pathname).toBe('/manageInventories'));
  expect(router.state.location.search).toBe('?q=SP-IP15');
  await userEvent.type(await headerSearch(), 'iphone case{Enter}');
  await waitFor(() => expect(router.state.location.search).toBe('?q=iphone+case'));
  // Text with a space is no code: it is not looked up.
  expect(calls.filter((call) => call.path.includes('code=')).map((call) => call.path)).toEqual([
    '/inventory?code=SP-IP15',
  ]);
});

test('a visitor has no header search', async () => {
  fakeApi({ 'GET /inventory?*': () => page([kase]) });
  renderApp('/inventory');
  expect(await screen.findByRole('searchbox', { name: /Search by name/ })).toBeInTheDocument();
  expect(screen.queryByRole('searchbox', { name: 'Find an item by name or code' })).not.toBeInTheDocument();
});

test('a location label’s QR code, scanned into the header, opens the location; an item label’s, the item', async () => {
  const { calls } = fakeApi({
    ...meRoute(staff),
    ...NO_EDITS,
    [`GET /inventory/${kase._id}/history*`]: () => page([movement({ itemId: kase._id })]),
    'GET /inventory/*': () => ({ body: kase }),
    'GET /locations/*': () => ({ status: 404, body: { error: { code: 'not_found', message: 'No location' } } }),
    'GET /locations?*': () => page([], 0),
    'GET /inventory?limit=*': () => page([kase]),
  });
  const { router } = renderApp('/manageInventories', staff);
  await userEvent.type(await headerSearch(), `http://shop.example/locations?in=${'d'.repeat(24)}{Enter}`);
  await waitFor(() => expect(router.state.location.pathname).toBe('/locations'));
  expect(router.state.location.search).toBe(`?in=${'d'.repeat(24)}`);
  await userEvent.type(await headerSearch(), `http://shop.example/inventory/${kase._id}{Enter}`);
  expect(await screen.findByRole('heading', { name: 'iPhone case', level: 1 })).toBeInTheDocument();
  expect(calls.some((call) => call.path.includes('code='))).toBe(false);
});
