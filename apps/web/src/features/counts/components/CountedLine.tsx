import type { CountLine } from '@smart-zone/types/count';
import Button from 'react-bootstrap/Button';
import type { LineWrite } from '../api/count-line-writes';
import { LineQuantityForm } from './LineQuantityForm';

/**
 * The line just scanned (or picked from the recently counted), large enough to read at arm's length: its
 * name, SKU and count, "Expected n" when the caller may see it, −1 (a wrong scan taken back) and +1, and a
 * quantity to Set instead.
 */
export function CountedLine({
  line,
  showExpected,
  busy,
  onWrite,
}: {
  line: CountLine;
  showExpected: boolean;
  busy: boolean;
  onWrite: (write: LineWrite) => Promise<unknown>;
}) {
  const counted = line.counted ?? 0;
  const add = (units: number) => void onWrite({ itemId: line.itemId, units }).catch(() => undefined);
  return (
    <article className="card shadow-sm mb-3 count-line" aria-labelledby="count-line-name" data-testid="count-line">
      <div className="card-body">
        <h2 id="count-line-name" className="h5 mb-1 text-break">
          {line.name}
        </h2>
        <p className="small text-secondary mb-2 text-break">{line.sku ? `SKU: ${line.sku}` : 'No SKU'}</p>
        <div className="d-flex align-items-end gap-3 mb-3">
          <p className="mb-0">
            <span className="d-block small text-secondary">Counted</span>
            <output className="count-big" aria-label={`Counted ${line.name}`} data-testid="count-line-counted">
              {line.counted === undefined ? '—' : counted}
            </output>
          </p>
          {showExpected && line.expected !== undefined && (
            <p className="mb-1 fs-5 text-secondary" data-testid="count-line-expected">
              Expected {line.expected}
            </p>
          )}
        </div>
        <div className="d-flex gap-2 mb-2" role="group" aria-label={`Add to the count of ${line.name}`}>
          <Button
            variant="outline-secondary"
            className="touch-target flex-grow-1 fs-5"
            aria-label={`−1 ${line.name}`}
            disabled={busy || counted <= 0}
            onClick={() => add(-1)}
          >
            −1
          </Button>
          <Button
            variant="outline-primary"
            className="touch-target flex-grow-1 fs-5"
            aria-label={`+1 ${line.name}`}
            disabled={busy}
            onClick={() => add(1)}
          >
            +1
          </Button>
        </div>
        <LineQuantityForm key={line.itemId} id="count-line-quantity" line={line} onWrite={onWrite} />
      </div>
    </article>
  );
}
