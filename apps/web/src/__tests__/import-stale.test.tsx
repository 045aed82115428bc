import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportReport } from '@smart-zone/types/imports';
import { type Call, fakeApi, item, meRoute } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';

/** Issue 32 on the Import page: stale rows shown plainly with the choice of their quantity, receive mode, ignored columns. */
jest.setTimeout(20_000);
const manager = passwordUser('manager@example.com', true);
const IMPORT_PATH = '/manageInventories/import';
const cable = item({ name: 'USB-C Cable' });
const csvFile = (text: string) => new File([text], 'items.csv', { type: 'text/csv' });

const staleReport = (policy: 'app' | 'file'): ImportReport => ({
  dryRun: true,
  mode: 'update',
  versioned: true,
  ignoredColumns: ['Tags'],
  newLocations: [],
  rows: 1,
  create: 0,
  update: 1,
  unchanged: 0,
  changes: [
    {
      row: 2,
      action: 'update',
      itemId: cable._id,
      name: 'USB-C Cable',
      changes: policy === 'app' ? { price: [12, 14.5] } : { price: [12, 14.5], quantity: [98, 78] },
    },
  ],
  stale: {
    policy,
    count: 1,
    rows: [
      {
        row: 2,
        itemId: cable._id,
        name: 'USB-C Cable',
        fileVersion: 1,
        version: 2,
        quantity: { file: 78, app: 98, kept: policy === 'app' ? 98 : 78 },
        since: [
          {
            at: '2026-11-26T10:00:00.000Z',
            by: 'clerk@example.com',
            action: 'stock.restock',
            changes: { quantity: [78, 98] },
          },
        ],
      },
    ],
  },
});

const imports = (calls: Call[]) => calls.filter((call) => call.path.startsWith('/imports')).map((call) => call.path);

test('a stale row is shown first and plainly, with what changed and who did it; the choice is checked again and imported with', async () => {
  const { calls } = fakeApi({
    ...meRoute(manager),
    'POST /imports?dryRun=true': () => ({ body: staleReport('app') }),
    'POST /imports?dryRun=true&stale=file': () => ({ body: staleReport('file') }),
    'POST /imports?stale=file': () => ({ body: { ...staleReport('file'), dryRun: false } }),
  });
  renderApp(IMPORT_PATH, manager);
  const user = userEvent.setup();
  await user.upload(await screen.findByLabelText('CSV file'), csvFile('x'));
  await user.click(screen.getByRole('button', { name: 'Check file' }));

  const warning = await screen.findByRole('heading', {
    name: '1 item changed in the app since this file was exported',
  });
  const box = warning.closest('.alert') as HTMLElement;
  expect(box).toHaveClass('alert-warning');
  const row = within(box).getByTestId('import-stale');
  expect(row).toHaveTextContent('Row 2: USB-C Cable');
  expect(row).toHaveTextContent('In the file 78, in the app now 98 → after the import 98');
  expect(row).toHaveTextContent('Restock 78 → 98 by clerk@example.com');
  expect(within(box).getByLabelText(/Keep the app’s quantity/)).toBeChecked();
  expect(screen.getByTestId('import-ignored')).toHaveTextContent('Columns not read (ignored): “Tags”');

  await user.click(within(box).getByLabelText(/Use the file’s quantity/));
  await waitFor(() => expect(screen.getByTestId('import-stale')).toHaveTextContent('after the import 78'));
  expect(screen.getAllByTestId('import-change')[0]).toHaveTextContent('quantity: 98 → 78');
  await user.click(screen.getByRole('button', { name: 'Import' }));
  expect(await screen.findByText('Imported: 0 created, 1 updated')).toBeInTheDocument();
  expect(imports(calls)).toEqual(['/imports?dryRun=true', '/imports?dryRun=true&stale=file', '/imports?stale=file']);
});

test('a file without a version column says its quantities replace the app’s', async () => {
  fakeApi({
    ...meRoute(manager),
    'POST /imports?dryRun=true': () => ({
      body: { ...staleReport('app'), versioned: false, stale: { policy: 'app', count: 0, rows: [] } },
    }),
  });
  renderApp(IMPORT_PATH, manager);
  const user = userEvent.setup();
  await user.upload(await screen.findByLabelText('CSV file'), csvFile('x'));
  await user.click(screen.getByRole('button', { name: 'Check file' }));
  expect(await screen.findByTestId('import-unversioned')).toHaveTextContent(
    'This file has no version column, so changes made in the app since it was written cannot be told apart',
  );
  expect(screen.queryByTestId('import-stale')).not.toBeInTheDocument();
});

test('receive mode sends mode=receive, and Receive adds the note’s quantities', async () => {
  const received: ImportReport = {
    ...staleReport('app'),
    mode: 'receive',
    ignoredColumns: [],
    stale: { policy: 'app', count: 0, rows: [] },
    changes: [{ row: 2, action: 'update', itemId: cable._id, name: 'USB-C Cable', changes: { quantity: [5, 25] } }],
  };
  const { calls } = fakeApi({
    ...meRoute(manager),
    'POST /imports?dryRun=true&mode=receive': () => ({ body: received }),
    'POST /imports?mode=receive': () => ({ body: { ...received, dryRun: false } }),
  });
  renderApp(IMPORT_PATH, manager);
  const user = userEvent.setup();
  await user.click(await screen.findByLabelText(/A delivery note: add its quantities to stock/));
  await user.upload(screen.getByLabelText('CSV file'), csvFile('sku,qty\r\nCABLE,20\r\n'));
  await user.click(screen.getByRole('button', { name: 'Check file' }));
  expect(await screen.findByText('Nothing is written yet: Receive applies these changes.')).toBeInTheDocument();
  expect(screen.getAllByTestId('import-change')[0]).toHaveTextContent('quantity: 5 → 25');
  await user.click(screen.getByRole('button', { name: 'Receive' }));
  expect(await screen.findByText('Received: 1 item restocked')).toBeInTheDocument();
  expect(imports(calls)).toEqual(['/imports?dryRun=true&mode=receive', '/imports?mode=receive']);
});
