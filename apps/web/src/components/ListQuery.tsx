import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryError } from './QueryError';
import { Spinner } from './Spinner';

interface ListQueryProps<T> {
  query: UseQueryResult<T[]>;
  /** What an empty list says. */
  empty: ReactNode;
  /** The list itself, once it has loaded with at least one row. */
  children: (rows: T[]) => ReactNode;
  loadingLabel?: string;
}

/** Every list's four states in one place: loading, failed (with a retry), empty, and the rows. */
export function ListQuery<T>({ query, empty, children, loadingLabel = 'Loading items...' }: ListQueryProps<T>) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
