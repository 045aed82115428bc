import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMPORT_BYTES_MAX, IMPORT_SHOWN_MAX, type ImportReport } from '@smart-zone/types/imports';
import { type Call, deferred, fakeApi, item, meRoute, page } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { accessTokenFor, renderApp } from '../../test/render-app';

const manager = passwordUser('manager@example.com', true);
const IMPORT_PATH = '/manageInventories/import';
const pixel = item();

const CSV = 'id,name,supplier,price,quantity\r\n,Galaxy S24,Samsung,799,4\r\n';
const csvFile = (text = CSV, name = 'items.csv') => new File([text], name, { type: 'text/csv' });

const DRY_RUN: ImportReport = {
  dryRun: true,
  mode: 'update',
  versioned: true,
  ignoredColumns: [],
  newLocations: [],
  stale: { policy: 'app', count: 0, rows: [] },
  rows: 3,
  create: 1,
  update: 1,
  unchanged: 1,
  changes: [
    {
      row: 2,
      action: 'create',
      name: 'Galaxy S24',
      changes: { name: [null, 'Galaxy S24'], supplier: [null, 'Samsung'], price: [null, 799], quantity: [null, 4] },
    },
    {
      row: 3,
      action: 'update',
      itemId: pixel._id,
      name: 'Pixel 8 Pro',
      changes: { price: [899, 849], description: ['A phone.', ''] },
    },
  ],
};
const APPLIED: ImportReport = { ...DRY_RUN, dryRun: false };

const imports = (calls: Call[]) => calls.filter((call) => call.path.startsWith('/imports'));

async function chooseAndCheck(file = csvFile()) {
  const user = userEvent.setup();
  await user.upload(await screen.findByLabelText('CSV file'), file);
  await user.click(screen.getByRole('button', { name: 'Check file' }));
  return user;
}

describe('the Import page', () => {
  test('Check file sends the file itself as text/csv to the dry run, showing its progress, then the counts and the first changes', async () => {
    const answer = deferred<{ body: ImportReport }>();
    const { calls } = fakeApi({ ...meRoute(manager), 'POST /imports?dryRun=true': () => answer.promise });
    renderApp(IMPORT_PATH, manager);
    expect(await screen.findByRole('heading', { name: 'Import items' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Import items-Smart-Zone'));
    // The columns it needs, other apps' names, the template, and that changes made here since an export are kept.
    expect(screen.getByText(/It must have/)).toHaveTextContent('name, price, quantity');
    expect(screen.getByText(/It must have/)).toHaveTextContent('Qty, Item name, Min level');
    expect(screen.getByRole('link', { name: 'Download a template' })).toHaveAttribute(
      'href',
      '/api/imports/template.csv',
    );
    expect(screen.getByText(/keeps the stock counted here unless you choose the file’s/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();

    const file = csvFile();
    await chooseAndCheck(file);
    expect(await screen.findByRole('button', { name: 'Checking...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.getByLabelText('CSV file')).toBeDisabled();
    // Sent whole: the server is reading it.
    expect(await screen.findByText('Checking the rows...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '100');

    answer.resolve({ body: DRY_RUN });
    expect(await screen.findByRole('heading', { name: 'What the import would do' })).toBeInTheDocument();
    expect(screen.getByTestId('import-counts')).toHaveTextContent('Rows3To create1To update1Unchanged1');
    const [created, updated] = screen.getAllByTestId('import-change');
    expect(created).toHaveTextContent('2CreateGalaxy S24name: Galaxy S24supplier: Samsungprice: $799.00quantity: 4');
    expect(updated).toHaveTextContent('3UpdatePixel 8 Proprice: $899.00 → $849.00description: A phone. → empty');
    expect(within(updated!).getByRole('link', { name: 'Pixel 8 Pro' })).toHaveAttribute(
      'href',
      `/inventory/${pixel._id}`,
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
    expect(screen.queryByText('Checking the rows...')).not.toBeInTheDocument();

    const [sent] = imports(calls);
    expect(sent!.method).toBe('POST');
    // The File itself, never its text read into the page.
    expect(sent!.body).toBe(file);
    expect(sent!.headers['Content-Type']).toBe('text/csv');
    expect(sent!.headers.Authorization).toBe(`Bearer ${accessTokenFor(manager)}`);
  });

  test('Import applies the checked file: a toast, the summary, and Import is done', async () => {
    const { calls } = fakeApi({
      ...meRoute(manager),
      'POST /imports?dryRun=true': () => ({ body: DRY_RUN }),
      'POST /imports': () => ({ body: APPLIED }),
    });
    renderApp(IMPORT_PATH, manager);
    const file = csvFile();
    const user = await chooseAndCheck(file);
    await screen.findByRole('heading', { name: 'What the import would do' });

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported: 1 created, 1 updated')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Imported' })).toBeInTheDocument();
    expect(screen.getByTestId('import-counts')).toHaveTextContent('Rows3Created1Updated1Unchanged1');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(imports(calls).map((call) => [call.path, call.body])).toEqual([
      ['/imports?dryRun=true', file],
      ['/imports', file],
    ]);
  });

  test('a file with errors (400 import_invalid) lists them by row and column, and cannot be imported', async () => {
    const message = 'The file has 3 problems: nothing was imported.';
    fakeApi({
      ...meRoute(manager),
      'POST /imports?dryRun=true': () => ({
        status: 400,
        body: {
          error: {
            code: 'import_invalid',
            message,
            rows: [
              { row: 1, column: 'supplier', message: 'The header has no supplier column' },
              { row: 4, column: 'price', message: 'Price must be a number' },
              { row: 7, column: '', message: 'The row has 12 cells; the header has 9' },
            ],
            requestId: 'req-1',
          },
        },
      }),
    });
    renderApp(IMPORT_PATH, manager);
    await chooseAndCheck();

    expect(await screen.findByRole('heading', { name: 'Problems in the file' })).toBeInTheDocument();
    // Shown in the page, not toasted as well.
    expect(screen.getAllByText(message)).toHaveLength(1);
    const table = screen.getAllByRole('table')[0]!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Row', 'Column', 'Problem']);
    expect(screen.getAllByTestId('import-error').map((row) => row.textContent)).toEqual([
      '1supplierThe header has no supplier column',
      '4pricePrice must be a number',
      '7the whole rowThe row has 12 cells; the header has 9',
    ]);
    expect(screen.queryByText(/problems are listed/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Check file' })).toBeEnabled();
  });

  test(`at ${IMPORT_SHOWN_MAX} errors it says more may follow`, async () => {
    const rows = Array.from({ length: IMPORT_SHOWN_MAX }, (_, index) => ({
      row: index + 2,
      column: 'quantity',
      message: 'Quantity must be a whole number',
    }));
    fakeApi({
      ...meRoute(manager),
      'POST /imports?dryRun=true': () => ({
        status: 400,
        body: { error: { code: 'import_invalid', message: 'The file has 250 problems.', rows, requestId: 'r' } },
      }),
    });
    renderApp(IMPORT_PATH, manager);
    await chooseAndCheck();
    expect(await screen.findByText(/The first 100 problems are listed/)).toBeInTheDocument();
    expect(screen.getAllByTestId('import-error')).toHaveLength(IMPORT_SHOWN_MAX);
  });

  test('a file that changes nothing cannot be imported', async () => {
    fakeApi({
      ...meRoute(manager),
      'POST /imports?dryRun=true': () => ({ body: { ...DRY_RUN, create: 0, update: 0, unchanged: 3, changes: [] } }),
    });
    renderApp(IMPORT_PATH, manager);
    await chooseAndCheck();
    expect(await screen.findByText('Nothing to change: every row matches its item.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  test('a file over 50 MB is refused before anything is sent', async () => {
    const { calls } = fakeApi(meRoute(manager));
    renderApp(IMPORT_PATH, manager);
    const huge = csvFile();
    Object.defineProperty(huge, 'size', { value: IMPORT_BYTES_MAX + 5 * 1024 * 1024 });
    await userEvent.upload(await screen.findByLabelText('CSV file'), huge);

    expect(screen.getByText(/This file is 55 MB: the largest file an import takes is 50 MB/)).toBeVisible();
    expect(screen.getByLabelText('CSV file')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(imports(calls)).toHaveLength(0);
  });

  test('choosing another file forgets the last check', async () => {
    fakeApi({ ...meRoute(manager), 'POST /imports?dryRun=true': () => ({ body: DRY_RUN }) });
    renderApp(IMPORT_PATH, manager);
    const user = await chooseAndCheck();
    await screen.findByRole('heading', { name: 'What the import would do' });
    await user.upload(screen.getByLabelText('CSV file'), csvFile(CSV, 'other.csv'));
    expect(screen.queryByRole('heading', { name: 'What the import would do' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  test('an applied import refreshes the item lists already loaded', async () => {
    const { calls } = fakeApi({
      ...meRoute(manager),
      'GET /inventory?*': () => page([pixel]),
      'POST /imports?dryRun=true': () => ({ body: DRY_RUN }),
      'POST /imports': () => ({ body: APPLIED }),
    });
    const { router } = renderApp('/manageInventories', manager);
    await screen.findAllByTestId('manage-row');
    const listReads = () => calls.filter((call) => call.path.startsWith('/inventory?')).length;
    const before = listReads();

    await userEvent.click(screen.getByRole('link', { name: 'Import CSV' }));
    const user = await chooseAndCheck();
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    await screen.findByRole('heading', { name: 'Imported' });
    await act(() => router.navigate(-1));
    await screen.findAllByTestId('manage-row');
    await waitFor(() => expect(listReads()).toBe(before + 1));
  });
});

describe('the locations an import makes (issue 34)', () => {
  const paths = (count: number) => Array.from({ length: count }, (_, index) => `Back room / Shelf ${index + 1}`);

  test('the page says what the location column is', async () => {
    fakeApi(meRoute(manager));
    renderApp(IMPORT_PATH, manager);
    expect(await screen.findByText(/It must have/)).toHaveTextContent(
      'location: where the units are, e.g. Back room / Shelf A (made if missing).',
    );
  });

  test('the check lists the new locations before Import, and the result says they were made', async () => {
    fakeApi({
      ...meRoute(manager),
      'POST /imports?dryRun=true': () => ({
        body: {
          ...DRY_RUN,
          ignoredColumns: ['Tags'],
          newLocations: ['Back room / Shelf A', 'Back room / Shelf A / Bin 3'],
        },
      }),
      'POST /imports': () => ({
        body: { ...APPLIED, newLocations: ['Back room / Shelf A', 'Back room / Shelf A / Bin 3'] },
      }),
    });
    renderApp(IMPORT_PATH, manager);
    const user = await chooseAndCheck();
    await screen.findByRole('heading', { name: 'What the import would do' });
    const notice = screen.getByTestId('import-new-locations');
    expect(notice).toHaveTextContent(/^This import makes 2 new locations:/);
    const list = screen.getByRole('list', { name: 'This import makes 2 new locations:' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((path) => path.textContent),
    ).toEqual(['Back room / Shelf A', 'Back room / Shelf A / Bin 3']);
    expect(notice).not.toHaveTextContent('more');
    // Beside the other notes of the check, before its changes.
    expect(screen.getByTestId('import-ignored')).toHaveTextContent('Columns not read (ignored): “Tags”');
    expect(
      screen.getByTestId('import-ignored').compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      notice.compareDocumentPosition(screen.getByTestId('import-counts')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported: 1 created, 1 updated')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Imported' })).toBeInTheDocument();
    expect(screen.getByTestId('import-new-locations')).toHaveTextContent(
      'Made 2 new locations:Back room / Shelf ABack room / Shelf A / Bin 3',
    );
    expect(screen.queryByText(/This import makes/)).not.toBeInTheDocument();
  });

  test('one new location is said so; past 10 the rest are counted', async () => {
    fakeApi({
      ...meRoute(manager),
      'POST /imports?dryRun=true': () => ({ body: { ...DRY_RUN, newLocations: paths(13) } }),
      'POST /imports': () => ({ body: { ...APPLIED, newLocations: ['Garage'] } }),
    });
    renderApp(IMPORT_PATH, manager);
    const user = await chooseAndCheck();
    const notice = await screen.findByTestId('import-new-locations');
    expect(notice).toHaveTextContent(/^This import makes 13 new locations:/);
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((path) => path.textContent),
    ).toEqual(paths(10));
    expect(within(notice).getByText('and 3 more')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByRole('heading', { name: 'Imported' });
    expect(screen.getByTestId('import-new-locations')).toHaveTextContent(/^Made 1 new location:Garage$/);
  });

  test('a file that makes no location says nothing about locations', async () => {
    fakeApi({
      ...meRoute(manager),
      'POST /imports?dryRun=true': () => ({ body: DRY_RUN }),
      'POST /imports': () => ({ body: APPLIED }),
    });
    renderApp(IMPORT_PATH, manager);
    const user = await chooseAndCheck();
    await screen.findByRole('heading', { name: 'What the import would do' });
    expect(screen.queryByTestId('import-new-locations')).not.toBeInTheDocument();
    expect(screen.queryByText(/new location/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByRole('heading', { name: 'Imported' });
    expect(screen.queryByTestId('import-new-locations')).not.toBeInTheDocument();
    expect(screen.queryByText(/new location/)).not.toBeInTheDocument();
  });
});
