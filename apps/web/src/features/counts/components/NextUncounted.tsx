import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { QueryError } from '../../../components/QueryError';
import type { LineWrite } from '../api/count-line-writes';
import { useCountLines } from '../api/get-count-lines';
import { LineQuantityForm } from './LineQuantityForm';
import { formatCount } from '../../../lib/numbers';

/**
 * The next line nobody has counted yet (by name): count it in place, or Skip to the one after (the
 * list's offset; past the last, back to the first). Set, it leaves the uncounted lines: the next one shows.
 */
export function NextUncounted({
  countId,
  showExpected,
  onWrite,
}: {
  countId: string;
  showExpected: boolean;
  onWrite: (write: LineWrite) => Promise<unknown>;
}) {
  const [skip, setSkip] = useState(0);
  const next = useCountLines(countId, { filter: 'uncounted', limit: 1, skip: skip || undefined });
  const settled = next.data !== undefined && !next.isPlaceholderData;
  const left = next.data?.total ?? 0;
  // Skipped past the last one (or the ones after were counted meanwhile): back to the first.
  if (settled && skip > 0 && skip >= left) setSkip(0);
  const line = next.data?.items[0];

  return (
    <section className="card mb-3" aria-labelledby="next-uncounted-title" data-testid="next-uncounted">
      <div className="card-body">
        <h2 id="next-uncounted-title" className="h6 text-secondary mb-2">
          Next uncounted{next.data ? ` (${formatCount(left)} left)` : ''}
        </h2>
        {next.isError ? (
          <QueryError error={next.error} onRetry={() => void next.refetch()} />
        ) : !next.data ? (
          <p className="text-secondary mb-0 placeholder-glow">Loading...</p>
        ) : !line ? (
          <p className="mb-0 text-success">Every line is counted.</p>
        ) : (
          <>
            <p className="fw-semibold mb-0 text-break" data-testid="next-uncounted-name">
              {line.name}
            </p>
            <p className="small text-secondary mb-2 text-break">
              {line.sku ? `SKU: ${line.sku}` : 'No SKU'}
              {showExpected && line.expected !== undefined && ` · Expected ${line.expected}`}
            </p>
            <LineQuantityForm key={line.itemId} id="next-uncounted-quantity" line={line} onWrite={onWrite}>
              <Button
                variant="outline-secondary"
                className="touch-target"
                aria-label={`Skip ${line.name}`}
                disabled={left <= 1}
                onClick={() => setSkip((n) => n + 1)}
              >
                Skip
              </Button>
            </LineQuantityForm>
          </>
        )}
      </div>
    </section>
  );
}
