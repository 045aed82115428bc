import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import type { Page } from '../lib/page';
import { PagedList, type PagedListProps } from './PagedList';
import { TableSkeleton } from './Skeleton';

type PagedTableProps<T> = Omit<PagedListProps<T>, 'source' | 'children'> & {
  /** The rows: the API's, a page at a time (with `skeletonRows` grey rows while the first loads), or a page in hand. */
  source: { query: UseQueryResult<Page<T>>; skeletonRows: number; loading?: string } | { data: Page<T> };
  /** The column names, in order, for the head, the skeleton and each cell's label on a phone; '' is the actions column. */
  columns: readonly string[];
  /** One row (a `<tr>`); `shown` is every row on this page. */
  row: (item: T, shown: T[]) => ReactNode;
  /** More classes on the table ("mb-0" in a card). */
  className?: string;
};

/**
 * A paged table (PagedList's states, summary and page links) that a page
 * fills with its columns and rows: striped, and stacked as cards on a phone
 * (table-stack, each cell labelled by its column).
 */
export function PagedTable<T extends { _id: string }>({
  source,
  columns,
  row,
  className,
  ...list
}: PagedTableProps<T>) {
  return (
    <PagedList
      {...list}
      source={
        'query' in source
          ? {
              query: source.query,
              loading: source.loading,
              placeholder: <TableSkeleton columns={columns} rows={source.skeletonRows} />,
            }
          : source
      }
    >
      {(items) => (
        <Table striped className={`align-middle table-stack${className ? ` ${className}` : ''}`}>
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th scope="col" key={index}>
                  {column || <span className="visually-hidden">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <Fragment key={item._id}>{row(item, items)}</Fragment>
            ))}
          </tbody>
        </Table>
      )}
    </PagedList>
  );
}
