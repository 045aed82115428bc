import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { Page } from '../lib/page';
import { EmptyList } from './EmptyList';
import { ListQuery } from './ListQuery';
import { ListSummary } from './ListSummary';
import { PageNav } from './PageNav';
import { SummarySkeleton } from './Skeleton';

/** What a paged list calls its rows, in the words its page uses. */
export interface PagedListTexts {
  /** Plural, for the summary: "Showing 1–20 of 45 entries". */
  many: string;
  /** Singular, for an empty page: "No entry matches …". */
  one: string;
  /** The page links, for screen readers: "Pages of the audit". */
  pages: string;
}

/** Where the rows come from: the API, a page at a time; or a page already in hand (My Item cuts its own). */
export type PageSource<T> =
  | {
      query: UseQueryResult<Page<T>>;
      /** Grey shapes of a page of rows, below the summary's, while the first page loads. */
      placeholder: ReactNode;
      /** What screen readers hear meanwhile: "Loading the audit...". */
      loading?: string;
    }
  | { data: Page<T> };

export interface PagedListProps<T> {
  source: PageSource<T>;
  /** The page asked for (1 first) and how another is asked for: the address's `?page=` (useListParams), or the list's own state. */
  paging: { page: number; setPage: (page: number) => void };
  size: number;
  texts: PagedListTexts;
  /** What is searched for, if anything: an empty page says nothing matches it. */
  search?: string;
  /** What an empty first page says when nobody searched. */
  empty: ReactNode;
  /** The rows on this page. */
  children: (items: T[]) => ReactNode;
}

/**
 * The page whose rows are on screen: while the next page loads, the
 * previous rows stay (dimmed), and the summary goes on describing them.
 */
function useShownPage<T>(query: UseQueryResult<Page<T>> | undefined, page: number) {
  const [shownPage, setShownPage] = useState(page);
  const settled = query === undefined || (query.data !== undefined && !query.isPlaceholderData);
  if (settled && shownPage !== page) setShownPage(page);
  return settled ? page : shownPage;
}

/**
 * A paged list's states and frame, once for every list: loading (a summary
 * line and the rows' grey shapes), failed (with a retry), empty (a page past
 * the end, a search nothing matches, or the list's own words), and the rows
 * between their summary ("Showing 1–20 of 45 …") and the page links.
 */
export function PagedList<T>({ source, paging, size, texts, search = '', empty, children }: PagedListProps<T>) {
  const { page, setPage } = paging;
  const query = 'query' in source ? source.query : undefined;
  const shownPage = useShownPage(query, page);
  const emptyList = (
    <EmptyList page={page} search={search} noun={texts.one} onFirstPage={() => setPage(1)}>
      {empty}
    </EmptyList>
  );
  const rows = ({ items, total }: Page<T>) => (
    <>
      <ListSummary page={shownPage} size={size} shown={items.length} total={total} noun={texts.many} />
      {children(items)}
      <PageNav label={texts.pages} page={page} total={total} size={size} onSelect={setPage} />
    </>
  );

  if ('data' in source) return source.data.items.length === 0 ? emptyList : rows(source.data);
  return (
    <ListQuery
      query={source.query}
      loadingLabel={source.loading}
      placeholder={
        <>
          <SummarySkeleton />
          {source.placeholder}
        </>
      }
      empty={emptyList}
    >
      {rows}
    </ListQuery>
  );
}
