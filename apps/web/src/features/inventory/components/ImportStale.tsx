import type { ImportReport, ImportSince, ImportStale, StalePolicy } from '@smart-zone/types/imports';
import Alert from 'react-bootstrap/Alert';
import { PersonName } from '../../../components/PersonName';
import { RadioChoices } from '../../../components/RadioChoices';
import { When } from '../../../components/When';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** An audit action in plain words. */
const ACTION_WORDS: Record<string, string> = {
  'stock.restock': 'Restock',
  'stock.remove': 'Stock taken away',
  'stock.undo': 'Undo',
  'item.update': 'Edit',
  'delivery.create': 'Delivery',
  'delivery.cancel': 'Delivery cancelled',
};

function SinceLine({ since }: { since: ImportSince }) {
  const quantity = since.changes.quantity;
  const others = Object.keys(since.changes).filter((field) => field !== 'quantity');
  return (
    <li>
      <span className="fw-semibold">{ACTION_WORDS[since.action] ?? since.action}</span>
      {quantity && ` ${String(quantity[0])} → ${String(quantity[1])}`}
      {others.length > 0 && ` (${others.join(', ')})`} by <PersonName email={since.by} />, <When at={since.at} />
    </li>
  );
}

function StaleRow({ row }: { row: ImportStale }) {
  return (
    <li className="import-stale-row border-top pt-2 mt-2" data-testid="import-stale">
      <div>
        Row {row.row}: <Link to={paths.inventory.detail.href(row.itemId)}>{row.name}</Link>
      </div>
      <div>
        In the file <strong>{row.quantity.file ?? '–'}</strong>, in the app now <strong>{row.quantity.app}</strong>
        {' → '}after the import <strong>{row.quantity.kept}</strong>
      </div>
      {row.since.length > 0 && (
        <ul className="small mb-0">
          {row.since.map((since, index) => (
            <SinceLine key={index} since={since} />
          ))}
        </ul>
      )}
    </li>
  );
}

export const STALE_CHOICES: [StalePolicy, string][] = [
  ['app', 'Keep the app’s quantity, take the file’s other changes'],
  ['file', 'Use the file’s quantity (a stocktake: you counted the shelves)'],
];

/**
 * The rows about items that changed in the app since the file was exported (a receipt, a delivery): shown
 * first and plainly, with what changed and who did it, and the choice of what their quantity becomes.
 */
export function ImportStale({
  report,
  policy,
  onPolicy,
  disabled,
}: {
  report: ImportReport;
  policy: StalePolicy;
  onPolicy: (policy: StalePolicy) => void;
  disabled: boolean;
}) {
  const { count, rows } = report.stale;
  if (count === 0) return null;
  return (
    <Alert variant="warning" className="import-stale" aria-labelledby="import-stale-title">
      <h3 id="import-stale-title" className="h5">
        {count === 1 ? '1 item changed' : `${count} items changed`} in the app since this file was exported
      </h3>
      <RadioChoices
        legend="Their quantity"
        name="stale"
        choices={STALE_CHOICES}
        value={policy}
        disabled={disabled}
        className="mb-2"
        onChange={onPolicy}
      />
      <ul className="list-unstyled mb-0">
        {rows.map((row) => (
          <StaleRow key={row.row} row={row} />
        ))}
      </ul>
      {rows.length < count && <p className="small mb-0 mt-2">The first {rows.length} are listed.</p>}
    </Alert>
  );
}

/** How many of the new locations' paths are listed; the rest are counted. */
const NEW_LOCATIONS_SHOWN = 10;

/** The locations the `location` column names that none is yet: a check's to make, an import's made. */
function NewLocations({ report }: { report: ImportReport }) {
  const paths = report.newLocations;
  if (paths.length === 0) return null;
  const shown = paths.slice(0, NEW_LOCATIONS_SHOWN);
  const locations = paths.length === 1 ? '1 new location' : `${paths.length} new locations`;
  return (
    <div className="mb-3" data-testid="import-new-locations">
      <p id="import-new-locations-title" className="mb-1">
        {report.dryRun ? `This import makes ${locations}:` : `Made ${locations}:`}
      </p>
      <ul aria-labelledby="import-new-locations-title" className="mb-0">
        {shown.map((path) => (
          <li key={path} className="text-break">
            {path}
          </li>
        ))}
      </ul>
      {paths.length > shown.length && <p className="mb-0">and {paths.length - shown.length} more</p>}
    </div>
  );
}

/**
 * What else the check found about the file: columns it does not read, the locations it makes, and a file with
 * no version column.
 */
export function ImportNotes({ report }: { report: ImportReport }) {
  return (
    <>
      {report.ignoredColumns.length > 0 && (
        <p data-testid="import-ignored">
          Columns not read (ignored): {report.ignoredColumns.map((name) => `“${name}”`).join(', ')}
        </p>
      )}
      <NewLocations report={report} />
      {report.mode === 'update' && !report.versioned && report.update > 0 && (
        <Alert variant="info" data-testid="import-unversioned">
          This file has no <code>version</code> column, so changes made in the app since it was written cannot be told
          apart: its quantities replace the app’s. To keep receipts and deliveries made meanwhile, export again and edit
          the new file.
        </Alert>
      )}
    </>
  );
}
