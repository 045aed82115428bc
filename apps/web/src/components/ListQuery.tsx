import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../lib/page';
import { QueryError } from './QueryError';
import { Skeleton } from './Skeleton';

interface ListQueryProps<T> {
  query: UseQueryResult<Page<T>>;
  /** What an empty page says. */
  empty: ReactNode;
  /** The page itself, once it has loaded with at least one row. */
  children: (page: Page<T>) => ReactNode;
  /** Grey shapes of a full page of rows, shown while the first page loads (see Skeleton). */
  placeholder: ReactNode;
  loadingLabel?: string;
}

/**
 * Every list's states in one place: loading (a skeleton the size of a page),
 * waiting for the network (offline: it loads by itself when the network is back), failed (with a retry), empty, and the rows; while the next page loads, the
 * previous one stays, dimmed.
 */
export function ListQuery<T>({
  query,
  empty,
  children,
  placeholder,
  loadingLabel = 'Loading items...',
}: ListQueryProps<T>) {
  if (query.isPending && query.fetchStatus === 'paused') {
    return (
      <div role="status" className="alert alert-secondary">
        You are offline. This list shows once the network is back.
      </div>
    );
  }
  if (query.isPending) return <Skeleton label={loadingLabel}>{placeholder}</Skeleton>;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div aria-busy={query.isPlaceholderData} className={query.isPlaceholderData ? 'list-loading' : undefined}>
      {query.data.items.length === 0 ? empty : children(query.data)}
    </div>
  );
}
