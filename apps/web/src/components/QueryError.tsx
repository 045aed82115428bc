import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '../lib/api-client';

/** A list or page that could not load says why and offers to try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
      <span className="me-auto">{errorMessage(error)}</span>
      {onRetry && (
        <Button size="sm" variant="outline-danger" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
