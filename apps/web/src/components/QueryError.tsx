import { errorMessage } from '../lib/api-client';

/** A list or page that could not load says why and offers to try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div role="alert" className="alert alert-danger d-flex flex-wrap align-items-center gap-2">
      <span className="me-auto">{errorMessage(error)}</span>
      {onRetry && (
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
