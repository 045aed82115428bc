import type { CountLine } from '@smart-zone/types/count';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '../../../lib/api-client';
import { ownPageOf } from '../../../lib/own-pages';
import { useScannerBurst } from '../../../lib/use-scanner-burst';
import { useFindByCode } from '../../inventory/api/find-by-code';
import { CodeForm } from '../../inventory/scan/CodeForm';
import type { LineWrite } from '../api/count-line-writes';
import { CountCamera } from './CountCamera';

/** What the last code did (its line, once counted, is the screen's to show). */
type Status =
  | { kind: 'looking'; code: string }
  | { kind: 'counted'; code: string }
  | { kind: 'unknown'; code: string }
  | { kind: 'location'; code: string }
  | { kind: 'error'; code: string; message: string };

/**
 * How codes come in: the camera (Scan), the field (typed, pasted, or a USB scanner's keys into it, Enter
 * sending), or a USB scanner's burst with no field focused. Each code is the item with that SKU or barcode
 * (GET /inventory?code=), counted +1 on its line (`onWrite`; `onCounted` hears the line). An unknown code
 * says so.
 */
export function CountCodeEntry({
  onWrite,
  onCounted,
}: {
  /** The line as the API now has it, or null: the write waits in the outbox (offline). */
  onWrite: (write: LineWrite) => Promise<CountLine | null>;
  onCounted: (line: CountLine | null) => void;
}) {
  const findItem = useFindByCode();
  const [camera, setCamera] = useState(false);
  const [status, setStatus] = useState<Status | null>(null);

  const countCode = async (text: string) => {
    const code = text.trim();
    if (code === '') return;
    if (ownPageOf(code)?.kind === 'location') return setStatus({ kind: 'location', code });
    setStatus({ kind: 'looking', code });
    let item;
    try {
      item = await findItem(code);
    } catch (error) {
      return setStatus({ kind: 'error', code, message: errorMessage(error) });
    }
    if (!item) return setStatus({ kind: 'unknown', code });
    try {
      onCounted(await onWrite({ itemId: item._id, units: 1, name: item.name }));
      setStatus({ kind: 'counted', code });
    } catch {
      // Refused (the count closed meanwhile): the query client's toast says why.
      setStatus(null);
    }
  };
  useScannerBurst((code) => void countCode(code));

  return (
    <div className="mb-3">
      <Button
        variant={camera ? 'outline-secondary' : 'primary'}
        className="touch-target w-100 mb-2 fs-5"
        aria-pressed={camera}
        onClick={() => setCamera((on) => !on)}
      >
        {camera ? 'Stop the camera' : 'Scan'}
      </Button>
      {camera && <CountCamera onCode={(code) => void countCode(code)} />}
      <CodeForm
        id="count-code"
        label="Item code"
        placeholder="Type or scan a code"
        submit="Count"
        formLabel="Count an item by its code"
        maxLength={200}
        onCode={(code) => void countCode(code)}
      />
      <div aria-live="polite" data-testid="count-code-status">
        {status?.kind === 'looking' && <p className="small text-secondary mb-0">Looking up {status.code}…</p>}
        {status?.kind === 'unknown' && (
          <p className="alert alert-warning py-2 mb-0 text-break" role="alert">
            No item has the code <strong>{status.code}</strong>. Check the code, or ask a manager to add the item.
          </p>
        )}
        {status?.kind === 'location' && (
          <p className="alert alert-warning py-2 mb-0">That is a location’s label: scan the items’ codes.</p>
        )}
        {status?.kind === 'error' && (
          <p className="alert alert-danger py-2 mb-0 text-break" role="alert">
            {status.code}: {status.message}
          </p>
        )}
      </div>
    </div>
  );
}
