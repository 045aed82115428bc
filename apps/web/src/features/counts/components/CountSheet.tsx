import { useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useDownloadCsv } from '../../../lib/download-csv';
import { countSheetCsv, useUploadCountSheet } from '../api/count-sheet';

/**
 * Counting on paper or in a spreadsheet: the session's sheet (itemId, sku, name, expected, counted) to
 * download, and (while it is open) the sheet uploaded back with `counted` filled, each non-empty cell
 * setting its line; what it set and the rows it refused are said here.
 */
export function CountSheet({ countId, open }: { countId: string; open: boolean }) {
  const download = useDownloadCsv();
  const upload = useUploadCountSheet(countId);
  const input = useRef<HTMLInputElement>(null);
  const report = upload.data;
  return (
    <section aria-labelledby="count-sheet-title" className="card card-body mb-3">
      <h2 id="count-sheet-title" className="h6">
        Count sheet
      </h2>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Button
          variant="outline-primary"
          className="touch-target"
          disabled={download.isPending}
          onClick={() => download.mutate(countSheetCsv(countId))}
        >
          {download.isPending ? 'Downloading...' : 'Download count sheet'}
        </Button>
        {open && (
          <Form.Group controlId="count-sheet-file" className="flex-grow-1">
            <Form.Label className="small mb-1">Upload counted sheet</Form.Label>
            <Form.Control
              ref={input}
              type="file"
              accept=".csv,text/csv"
              className="touch-target"
              disabled={upload.isPending}
              onChange={(event) => {
                const file = (event.target as HTMLInputElement).files?.[0];
                if (!file) return;
                upload.mutate(file, {
                  onSettled: () => {
                    if (input.current) input.current.value = '';
                  },
                });
              }}
            />
          </Form.Group>
        )}
      </div>
      {upload.isPending && <p className="small text-secondary mt-2 mb-0">Uploading the sheet...</p>}
      {report && (
        <Alert variant={report.errors.length ? 'warning' : 'success'} className="mt-3 mb-0" data-testid="sheet-report">
          <p className="mb-0">
            {report.updated} {report.updated === 1 ? 'line' : 'lines'} updated from the sheet.
          </p>
          {report.errors.length > 0 && (
            <ul className="mb-0 mt-1 small">
              {report.errors.map((error) => (
                <li key={`${error.row}-${error.message}`}>
                  Row {error.row}: {error.message}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </section>
  );
}
