import { IMPORT_SHOWN_MAX, type ImportChange, type ImportError, type ImportReport } from '@smart-zone/types/imports';
import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { Money } from '../../../components/Money';
import { paths } from '../../../config/paths';

/** How many rows a check found, and what they would do (or, applied, did). */
function ImportCounts({ report }: { report: ImportReport }) {
  const counts: [string, number][] = [
    ['Rows', report.rows],
    [report.dryRun ? 'To create' : 'Created', report.create],
    [report.dryRun ? 'To update' : 'Updated', report.update],
    ['Unchanged', report.unchanged],
  ];
  return (
    <dl className="import-counts mb-3" data-testid="import-counts">
      {counts.map(([label, count]) => (
        <div key={label} className="border rounded p-2 text-center">
          <dt className="small text-secondary fw-normal">{label}</dt>
          <dd className="fs-4 fw-semibold mb-0">{count}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A cell's value as the file or the item has it (a price as money); an empty one says so. */
const Value = ({ field, value }: { field: string; value: string | number | null | undefined }) =>
  value === null || value === undefined || value === '' ? (
    <span className="fst-italic text-secondary">empty</span>
  ) : field === 'price' && typeof value === 'number' ? (
    <Money value={value} />
  ) : (
    <>{value}</>
  );

function ChangeRow({ change }: { change: ImportChange }) {
  return (
    <tr data-testid="import-change">
      <td>{change.row}</td>
      <td>{change.action === 'create' ? 'Create' : 'Update'}</td>
      <td>
        {change.itemId ? <Link to={paths.inventory.detail.href(change.itemId)}>{change.name}</Link> : change.name}
      </td>
      <td className="import-change-fields">
        <ul className="list-unstyled small mb-0">
          {Object.entries(change.changes).map(([field, [before, after]]) => (
            <li key={field} className="text-break">
              <span className="fw-semibold">{field}</span>:{' '}
              {change.action === 'update' && (
                <>
                  <span className="text-secondary">
                    <Value field={field} value={before} />
                  </span>{' '}
                  →{' '}
                </>
              )}
              <Value field={field} value={after} />
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

/** A check's (or an import's) counts and its first changes, each field as old → new. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const changed = report.create + report.update;
  return (
    <>
      <ImportCounts report={report} />
      {changed === 0 ? (
        <p className="mb-0">Nothing to change: every row matches its item.</p>
      ) : (
        <>
          {report.changes.length < changed && (
            <p className="small text-secondary">
              The first {report.changes.length} of {changed} changes are listed.
            </p>
          )}
          <Table responsive striped size="sm" className="align-top mb-0">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Action</th>
                <th scope="col">Item</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {report.changes.map((change) => (
                <ChangeRow key={change.row} change={change} />
              ))}
            </tbody>
          </Table>
        </>
      )}
    </>
  );
}

/** Why the file was refused (400 import_invalid): the API's message, then each problem by row and column. */
export function ImportErrors({ message, rows }: { message: string; rows: ImportError[] }) {
  return (
    <>
      <Alert variant="danger">{message}</Alert>
      {rows.length >= IMPORT_SHOWN_MAX && (
        <p className="small text-secondary">
          The first {IMPORT_SHOWN_MAX} problems are listed: fix them and check the file again for any more.
        </p>
      )}
      <Table responsive striped size="sm" className="align-middle mb-0">
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((problem, index) => (
            <tr key={index} data-testid="import-error">
              <td>{problem.row}</td>
              <td>{problem.column || <span className="fst-italic text-secondary">the whole row</span>}</td>
              <td>{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
