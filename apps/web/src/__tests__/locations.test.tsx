import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAIN_LOCATION_ID, type Location } from '@smart-zone/types/location';
import { catchDownloads } from '../../test/downloads';
import { fakeApi, meRoute, page } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

const manager = passwordUser('manager@example.com', true);
const viewer = passwordUser('viewer@example.com', true);

const at = '2026-11-27T10:00:00.000Z';
const MAIN: Location = { _id: MAIN_LOCATION_ID, name: 'Main', parentId: null, path: 'Main', depth: 0, updatedAt: at };
const room: Location = {
  _id: 'a'.repeat(24),
  name: 'Back room',
  parentId: MAIN_LOCATION_ID,
  path: 'Back room',
  depth: 1,
  updatedAt: at,
};
const bin: Location = {
  _id: 'b'.repeat(24),
  name: 'Bin 3',
  parentId: 'c'.repeat(24),
  path: 'Back room / Shelf A / Bin 3',
  depth: 3,
  updatedAt: at,
};
const rows = () => screen.findAllByTestId('location-row');

// The labels' preview makes a blob URL: caught here, as print-labels.test.tsx does.
let downloads: ReturnType<typeof catchDownloads>;
beforeEach(() => {
  downloads = catchDownloads();
});
afterEach(() => downloads.restore());

describe('Locations', () => {
  test('a viewer reads what is inside Main and opens a location; no way to change them', async () => {
    fakeApi({
      ...meRoute(viewer, { role: 'viewer' }),
      [`GET /locations/${MAIN_LOCATION_ID}`]: () => ({ body: MAIN }),
      [`GET /locations?parentId=${MAIN_LOCATION_ID}&limit=50`]: () => page([room]),
      [`GET /locations/${room._id}`]: () => ({ body: room }),
      [`GET /locations?parentId=${room._id}&limit=50`]: () => page([]),
      [`GET /locations/${room._id}/items?limit=50`]: () => page([]),
    });
    renderApp('/locations', viewer);
    expect(await rows()).toHaveLength(1);
    expect(document.title).toBe('Locations-Smart-Zone');
    expect(screen.getByTestId('locations-summary')).toHaveTextContent('1 location inside');
    expect(screen.queryByLabelText(/^Add a location inside/)).toBeNull();
    expect(within((await rows())[0]!).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Back room' }));
    expect(await screen.findByTestId('locations-empty')).toHaveTextContent('Nothing inside yet.');
    expect(screen.getByTestId('location-open')).toHaveTextContent('Back room');
    expect(screen.getByRole('link', { name: '↑ Up' })).toHaveAttribute('href', '/locations');
    await waitFor(() => expect(screen.getByTestId('location-holds-summary')).toHaveTextContent('No stock here yet.'));
    // Moving stock is a clerk's: a viewer is not offered to scan items into it.
    expect(screen.queryByRole('button', { name: /^Scan items into/ })).toBeNull();
  });

  test('a manager adds a location inside the one open; a name taken beside it is said in place', async () => {
    let inside: Location[] = [];
    const { calls } = fakeApi({
      ...meRoute(manager),
      [`GET /locations/${MAIN_LOCATION_ID}`]: () => ({ body: MAIN }),
      [`GET /locations?parentId=${MAIN_LOCATION_ID}&limit=50`]: () => page(inside),
      'POST /locations': ({ body }) => {
        if ((body as { name: string }).name === 'Back room' && inside.length > 0)
          return {
            status: 409,
            body: { error: { code: 'name_taken', message: 'A location of that name is already there' } },
          };
        inside = [room];
        return { status: 201, body: room };
      },
    });
    renderApp('/locations', manager);
    expect(await screen.findByTestId('locations-empty')).toHaveTextContent('Add the first one above.');
    await userEvent.type(screen.getByLabelText('Add a location inside Main'), '  Back room ');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Back room added')).toBeInTheDocument();
    expect(await rows()).toHaveLength(1);
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'Back room',
      parentId: MAIN_LOCATION_ID,
    });
    expect(screen.getByLabelText('Add a location inside Main')).toHaveValue('');

    await userEvent.type(screen.getByLabelText('Add a location inside Main'), 'Back room');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('A location of that name is already there')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Add a location inside Main'));
    await userEvent.type(screen.getByLabelText('Add a location inside Main'), 'Shelf/A');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/Name cannot contain "\/"/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  test('a search lists whole paths; a move sends the new parent; a refused delete says why in the row', async () => {
    const { calls } = fakeApi({
      ...meRoute(manager),
      [`GET /locations/${MAIN_LOCATION_ID}`]: () => ({ body: MAIN }),
      'GET /locations?q=a3&limit=50': () => page([bin]),
      [`PATCH /locations/${bin._id}`]: () => ({
        body: { ...bin, parentId: MAIN_LOCATION_ID, path: 'Bin 3', depth: 1 },
      }),
      [`DELETE /locations/${bin._id}`]: () => ({
        status: 409,
        body: { error: { code: 'holds_stock', message: 'Move its stock to another location first' } },
      }),
    });
    renderApp('/locations?q=a3', manager);
    const [row] = await rows();
    expect(within(row!).getByRole('link', { name: 'Back room / Shelf A / Bin 3' })).toHaveAttribute(
      'href',
      `/locations?in=${bin._id}`,
    );
    expect(screen.getByTestId('locations-summary')).toHaveTextContent('1 location matches “a3”');

    await userEvent.click(within(row!).getByRole('button', { name: 'Move' }));
    await userEvent.click(within(row!).getByRole('button', { name: 'Main' }));
    expect(await screen.findByText('Moved: Bin 3')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ parentId: MAIN_LOCATION_ID });

    await userEvent.click(within(row!).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(row!).getByText('Move its stock to another location first')).toBeInTheDocument());
  });

  describe('labels', () => {
    test('Print labels prints the locations listed: their ids as locationIds, counted as locations', async () => {
      const shelf: Location = { ...bin, _id: 'c'.repeat(24), name: 'Shelf A', path: 'Back room / Shelf A', depth: 2 };
      const { calls } = fakeApi({
        ...meRoute(viewer, { role: 'viewer' }),
        [`GET /locations/${MAIN_LOCATION_ID}`]: () => ({ body: MAIN }),
        'GET /locations?q=back&limit=50': () => page([shelf, bin]),
        'GET /labels.pdf?*': () => ({
          body: '%PDF-1.3 labels',
          headers: { 'Content-Type': 'application/pdf', 'X-Labels-Qr-Fallback': '0' },
        }),
      });
      renderApp('/locations?q=back', viewer);
      await rows();
      await userEvent.click(screen.getByRole('button', { name: 'Print labels (2)' }));
      const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
      expect(await within(dialog).findByText('2 locations: 2 labels on 1 page')).toBeInTheDocument();
      expect(calls.filter((call) => call.path.startsWith('/labels.pdf')).map((call) => call.path)).toEqual([
        `/labels.pdf?locationIds=${shelf._id}%2C${bin._id}&layout=a4-3x8&code=qr&copies=1`,
      ]);
    });
  });
});
