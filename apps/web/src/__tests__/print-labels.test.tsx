import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catchDownloads } from '../../test/downloads';
import { fakeApi, item, meRoute, movement, NO_EDITS, page, stockAt } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

/** Print labels (issue 33): from the item page and from a selection in Manage Inventories, previewed, then saved. */

const staff = passwordUser('staff@example.com', true);
const pixel = item({ _id: 'a1b2c3d4e5f6a1b2c3d4e5f6', name: 'Pixel 8 Pro', sku: 'SP-PX8' });
const cable = item({ _id: 'b1b2c3d4e5f6a1b2c3d4e5f6', name: 'USB-C Cable' });
const tape = item({ _id: 'c1b2c3d4e5f6a1b2c3d4e5f6', name: 'Gaffer tape' });

const pdfAnswer = (fallbacks = 0) => ({
  body: '%PDF-1.3 labels',
  headers: {
    'Content-Type': 'application/pdf',
    'Content-Disposition': 'inline; filename="labels-2026-11-26.pdf"',
    'X-Labels-Qr-Fallback': String(fallbacks),
  },
});

let downloads: ReturnType<typeof catchDownloads>;
beforeEach(() => {
  downloads = catchDownloads();
  localStorage.clear();
});
afterEach(() => downloads.restore());

const labelCalls = <T extends { path: string }>(calls: T[]) =>
  calls.filter((call) => call.path.startsWith('/labels.pdf'));

describe('from the item page', () => {
  test('Print labels previews its PDF, asks again for another sheet, code or copies, and downloads it', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff, { role: 'viewer' }),
      ...NO_EDITS,
      [`GET /inventory/${pixel._id}/history*`]: () => page([movement()]),
      ...stockAt(pixel),
      'GET /inventory/*': () => ({ body: pixel }),
      'GET /labels.pdf?*': () => pdfAnswer(),
    });
    const user = userEvent.setup();
    renderApp(`/inventory/${pixel._id}`, staff);
    await user.click(await screen.findByRole('button', { name: 'Print labels' }));

    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    const preview = await within(dialog).findByTitle('Labels preview');
    expect(preview).toHaveAttribute('src', 'blob:file-1');
    expect(within(dialog).getByText('Pixel 8 Pro: 1 label on 1 page')).toBeInTheDocument();
    expect(labelCalls(calls).map((call) => call.path)).toEqual([
      `/labels.pdf?ids=${pixel._id}&layout=a4-3x8&code=qr&copies=1`,
    ]);
    expect(labelCalls(calls)[0]!.headers.Authorization).toMatch(/^Bearer /);
    expect(labelCalls(calls)[0]!.headers.Accept).toBe('application/pdf');

    await user.click(within(dialog).getByLabelText('Label roll, 62 × 29 mm (Brother DK-11209)'));
    await user.click(within(dialog).getByLabelText('Bar code of the SKU (Code 128)'));
    const copies = within(dialog).getByLabelText('Copies of each');
    await user.clear(copies);
    await user.type(copies, '12');
    await waitFor(() =>
      expect(labelCalls(calls).at(-1)!.path).toBe(
        `/labels.pdf?ids=${pixel._id}&layout=roll-62x29&code=code128&copies=12`,
      ),
    );
    // Typing 12 asked for 12, not for 1 first.
    expect(labelCalls(calls).map((call) => call.path)).not.toContain(
      `/labels.pdf?ids=${pixel._id}&layout=roll-62x29&code=code128&copies=1`.replace('copies=1', 'copies=1&'),
    );
    expect(await within(dialog).findByText('Pixel 8 Pro: 12 labels on 12 roll labels')).toBeInTheDocument();

    await user.click(await within(dialog).findByRole('button', { name: 'Download PDF' }));
    expect(downloads.saved.at(-1)!.name).toBe('labels-2026-11-26.pdf');
    expect(await downloads.saved.at(-1)!.text).toBe('%PDF-1.3 labels');
    // The next dialog starts with the sheet and code chosen last.
    expect(JSON.parse(localStorage.getItem('smart-zone.labels')!)).toEqual({ layout: 'roll-62x29', code: 'code128' });
  });

  test('copies outside 1–100 are refused before asking; an error of the API is shown in the dialog', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff, { role: 'viewer' }),
      ...NO_EDITS,
      [`GET /inventory/${pixel._id}/history*`]: () => page([movement()]),
      ...stockAt(pixel),
      'GET /inventory/*': () => ({ body: pixel }),
      'GET /labels.pdf?*': () => ({
        status: 404,
        body: { error: { code: 'not_found', message: `No item has this id: ${pixel._id}.` } },
      }),
    });
    const user = userEvent.setup();
    renderApp(`/inventory/${pixel._id}`, staff);
    await user.click(await screen.findByRole('button', { name: 'Print labels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    expect(await within(dialog).findByText(`No item has this id: ${pixel._id}.`)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeDisabled();

    const copies = within(dialog).getByLabelText('Copies of each');
    await user.clear(copies);
    await user.type(copies, '101');
    expect(within(dialog).getByText('Copies must be a whole number from 1 to 100')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(labelCalls(calls).every((call) => call.path.endsWith('copies=1'))).toBe(true);
  });

  test('a visitor is not offered labels (staff only)', async () => {
    fakeApi({ 'GET /inventory/*': () => ({ body: pixel }) });
    renderApp(`/inventory/${pixel._id}`);
    expect(await screen.findByRole('heading', { name: 'Pixel 8 Pro' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print labels' })).not.toBeInTheDocument();
  });
});

describe('from Manage Inventories', () => {
  test('ticked rows, and a whole page, print together; the count says how many are selected', async () => {
    const { calls } = fakeApi({
      ...meRoute(staff),
      'GET /inventory?*': () => page([pixel, cable, tape], 3),
      'GET /labels.pdf?*': () => pdfAnswer(2),
    });
    const user = userEvent.setup();
    renderApp('/manageInventories', staff);
    await screen.findAllByTestId('manage-row');
    expect(screen.getByRole('button', { name: 'Print labels' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select USB-C Cable' }));
    expect(screen.getByRole('button', { name: 'Print labels (1)' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select Gaffer tape' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Pixel 8 Pro' }));
    await user.click(screen.getByRole('button', { name: 'Print labels (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Print labels' });
    expect(await within(dialog).findByTitle('Labels preview')).toBeInTheDocument();
    expect(within(dialog).getByText('2 items: 2 labels on 1 page')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        '2 labels have a QR code instead: no SKU, or one too long for a bar code on this label.',
      ),
    ).toBeInTheDocument();
    expect(labelCalls(calls).map((call) => call.path)).toEqual([
      `/labels.pdf?ids=${cable._id}%2C${tape._id}&layout=a4-3x8&code=qr&copies=1`,
    ]);

    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('checkbox', { name: 'Select this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select this page' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select this page' }));
    expect(screen.getByRole('button', { name: 'Print labels' })).toBeDisabled();
  });
});
