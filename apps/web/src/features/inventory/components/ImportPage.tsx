import {
  IMPORT_BYTES_MAX,
  IMPORT_REQUIRED_COLUMNS,
  type ImportMode,
  type ImportReport,
  type StalePolicy,
} from '@smart-zone/types/imports';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import { RadioChoices } from '../../../components/RadioChoices';
import { TextField } from '../../../components/TextField';
import { usePageTitle } from '../../../components/use-page-title';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useImportItems } from '../api/import-items';
import { ImportProgress } from './ImportProgress';
import { ImportErrors, ImportReportView } from './ImportResults';
import { ImportNotes, ImportStale } from './ImportStale';

const MODES: [ImportMode, string][] = [
  ['update', 'Add or update items (your spreadsheet, or an export edited)'],
  ['receive', 'A delivery note: add its quantities to stock (SKU or name, and quantity)'],
];

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

const Columns = ({ names }: { names: readonly string[] }) => (
  <>
    {names.map((name, index) => (
      <span key={name}>
        {index > 0 && ', '}
        <code>{name}</code>
      </span>
    ))}
  </>
);

/**
 * Managers add and update items from a CSV file: a check first (a dry run:
 * what it would create and change, or its errors by row), then Import applies
 * it. The file is sent as it is, streamed with its progress: a 50 MB file
 * never passes through the page's memory.
 */
export function ImportPage() {
  usePageTitle('Import items');
  const importItems = useImportItems();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [invalid, setInvalid] = useState<ApiError | null>(null);
  const [sent, setSent] = useState(0);
  const [mode, setMode] = useState<ImportMode>('update');
  const [stale, setStale] = useState<StalePolicy>('app');
  const tooLarge = file !== null && file.size > IMPORT_BYTES_MAX;
  const busy = importItems.isPending;

  const send = (chosen: File, dryRun: boolean, asked = { mode, stale }) => {
    setSent(0);
    setInvalid(null);
    if (dryRun) setReport(null);
    importItems.mutate(
      { file: chosen, dryRun, ...asked, onProgress: (done, total) => setSent(total ? done / total : 1) },
      {
        onSuccess: (answer) => {
          setReport(answer);
          if (!answer.dryRun)
            toast.success(
              answer.mode === 'receive'
                ? `Received: ${answer.update} ${answer.update === 1 ? 'item' : 'items'} restocked`
                : `Imported: ${answer.create} created, ${answer.update} updated`,
            );
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.code === 'import_invalid' || error.code === 'import_stale'))
            setInvalid(error);
        },
      },
    );
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (file && !tooLarge && !busy) send(file, true);
  };

  // Import applies the checked file: only after a check that found something to change and no error.
  const toChange = report?.dryRun && !invalid ? report.create + report.update : 0;

  return (
    <section aria-labelledby="import-title">
      <h1 id="import-title">Import items</h1>
      <p className="mb-2">
        Add and update items from a CSV file, or receive a supplier’s delivery note. The first row names the columns, in
        any order and any case; other apps’ names work too (Qty, Item name, Min level, Unit price, Barcode, Vendor…). It
        must have <Columns names={IMPORT_REQUIRED_COLUMNS} />; a column left out keeps each item&apos;s value, and
        columns it does not know are ignored. <code>location</code>: where the units are, e.g. Back room / Shelf A (made
        if missing).{' '}
        <a href={`${env.apiBase}/imports/template.csv`} download className="import-template">
          Download a template
        </a>
      </p>
      <p className="mb-3">
        A row updates the item with its <code>id</code>, else the one with its <code>sku</code>; any other row adds a
        new item. An export from <Link to={paths.manageInventories.href()}>Manage Inventories</Link> has each item’s{' '}
        <code>version</code>: if an item changed here after the export (a delivery, a receipt), Check file shows it, and
        the import keeps the stock counted here unless you choose the file’s.
      </p>
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <Form onSubmit={check} noValidate aria-busy={busy}>
            <RadioChoices
              legend="What is in the file"
              name="mode"
              choices={MODES}
              value={mode}
              disabled={busy}
              className="mb-3"
              onChange={(value) => {
                setMode(value);
                setReport(null);
                setInvalid(null);
              }}
            />
            <TextField
              id="import-file"
              label="CSV file"
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              help={`Up to ${megabytes(IMPORT_BYTES_MAX)}. Check file writes nothing; a file with any error imports nothing.`}
              error={
                tooLarge
                  ? `This file is ${megabytes(file.size)}: the largest file an import takes is ${megabytes(IMPORT_BYTES_MAX)}. Split it into smaller files.`
                  : undefined
              }
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setReport(null);
                setInvalid(null);
              }}
            />
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" variant="outline-primary" disabled={!file || tooLarge || busy}>
                {busy && importItems.variables.dryRun ? 'Checking...' : 'Check file'}
              </Button>
              <Button
                variant="primary"
                disabled={!file || toChange === 0 || busy}
                onClick={() => file && send(file, false)}
              >
                {busy && !importItems.variables.dryRun ? 'Importing...' : mode === 'receive' ? 'Receive' : 'Import'}
              </Button>
            </div>
          </Form>
          {busy && <ImportProgress sent={sent} dryRun={importItems.variables.dryRun} />}
        </Card.Body>
      </Card>
      {invalid && (
        <section aria-labelledby="import-errors-title" className="mt-4">
          <h2 id="import-errors-title" className="h4">
            {invalid.code === 'import_stale' ? 'Items changed since the export' : 'Problems in the file'}
          </h2>
          <ImportErrors message={invalid.message} rows={invalid.rows} />
        </section>
      )}
      {report && (
        <section aria-labelledby="import-report-title" className="mt-4">
          <h2 id="import-report-title" className="h4">
            {report.dryRun ? 'What the import would do' : 'Imported'}
          </h2>
          <p className="text-secondary small">
            {report.dryRun
              ? `Nothing is written yet: ${report.mode === 'receive' ? 'Receive' : 'Import'} applies these changes.`
              : 'The items are saved; their stock changes are in each item’s history.'}
          </p>
          <ImportStale
            report={report}
            policy={stale}
            disabled={busy || !report.dryRun}
            onPolicy={(policy) => {
              setStale(policy);
              // Checked again: the changes listed are the ones Import will make.
              if (file) send(file, true, { mode, stale: policy });
            }}
          />
          <ImportNotes report={report} />
          <ImportReportView report={report} />
        </section>
      )}
    </section>
  );
}
