import type { CountLine } from '@smart-zone/types/count';
import { QueryError } from '../../../components/QueryError';
import { RECENT_LINES, useRecentLines } from './use-recent-lines';
import { PersonName } from '../../../components/PersonName';
import { When } from '../../../components/When';

/**
 * The last RECENT_LINES lines counted, by anyone, the newest first (asked again every 3 s: another counter's
 * lines appear). While the count is open, a line tapped comes up to be corrected (`onPick`).
 */
export function RecentlyCounted({
  countId,
  showExpected,
  onPick,
}: {
  countId: string;
  showExpected: boolean;
  onPick?: (line: CountLine) => void;
}) {
  const recent = useRecentLines(countId);
  return (
    <section aria-labelledby="recent-title" className="mb-3">
      <h2 id="recent-title" className="h6 text-secondary">
        Recently counted
      </h2>
      {recent.isError ? (
        <QueryError error={recent.error} onRetry={() => void recent.refetch()} />
      ) : !recent.data ? (
        <p className="text-secondary placeholder-glow">Loading...</p>
      ) : recent.data.items.length === 0 ? (
        <p className="text-secondary small">Nothing counted yet.</p>
      ) : (
        <ol className="list-group" aria-label={`The last ${RECENT_LINES} lines counted`}>
          {recent.data.items.map((line) => {
            const text = (
              <>
                <span className="d-flex justify-content-between gap-2">
                  <span className="text-break fw-semibold">{line.name}</span>
                  <span className="text-nowrap">
                    <strong data-testid="recent-counted">{line.counted}</strong>
                    {showExpected && line.expected !== undefined && (
                      <span className="text-secondary"> / expected {line.expected}</span>
                    )}
                  </span>
                </span>
                <span className="d-block small text-secondary text-break">
                  {line.sku && `${line.sku} · `}
                  {line.countedBy && <PersonName email={line.countedBy} />}
                  {line.countedAt && (
                    <>
                      , <When at={line.countedAt} />
                    </>
                  )}
                </span>
              </>
            );
            return onPick ? (
              <li key={line.itemId} className="list-group-item p-0" data-testid="recent-line">
                <button
                  type="button"
                  className="btn btn-light w-100 text-start rounded-0 touch-target d-block"
                  aria-label={`Correct ${line.name}: counted ${line.counted}`}
                  onClick={() => onPick(line)}
                >
                  {text}
                </button>
              </li>
            ) : (
              <li key={line.itemId} className="list-group-item" data-testid="recent-line">
                {text}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
