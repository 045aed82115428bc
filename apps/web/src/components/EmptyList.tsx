import type { ReactNode } from 'react';

/** Why a list shows nothing: a page past its end, a search nothing matches, or nothing at all yet. */
export function EmptyList({
  page,
  search,
  noun,
  onFirstPage,
  children,
}: {
  page: number;
  search: string;
  /** Singular: "item", "delivery". */
  noun: string;
  onFirstPage: () => void;
  /** What an empty list says when nobody searched. */
  children: ReactNode;
}) {
  if (page > 1) {
    return (
      <p className="text-secondary">
        There is nothing on page {page}.{' '}
        <button type="button" className="btn btn-link p-0 align-baseline" onClick={onFirstPage}>
          Go to the first page
        </button>
      </p>
    );
  }
  if (search)
    return (
      <p className="text-secondary">
        No {noun} matches &ldquo;{search}&rdquo;.
      </p>
    );
  return <>{children}</>;
}
