import type { Item } from '@smart-zone/types/item';
import { type ReactNode, useState } from 'react';
import { EmptyList } from '../../../components/EmptyList';
import { ListQuery } from '../../../components/ListQuery';
import { ListSummary } from '../../../components/ListSummary';
import { PageNav } from '../../../components/PageNav';
import { SearchBox } from '../../../components/SearchBox';
import { SummarySkeleton } from '../../../components/Skeleton';
import { SortSelect } from '../../../components/SortSelect';
import { useListParams } from '../../../lib/use-list-params';
import { itemsPageQuery, useItems } from '../api/get-items';
import { ITEM_SORT_OPTIONS } from './item-sorts';

/**
 * A page of items as the address asks for it (`?q=&sort=&page=`): search and
 * sort above, the total and the page's place in it, the rows, page links below.
 */
export function PagedItems({
  idPrefix,
  pageSize,
  defaultSort,
  empty,
  placeholder,
  children,
}: {
  idPrefix: string;
  pageSize: number;
  defaultSort: string;
  /** What the list says when the warehouse has no item at all. */
  empty: ReactNode;
  /** Grey shapes of a page of rows, while the first page loads. */
  placeholder: ReactNode;
  children: (items: Item[]) => ReactNode;
}) {
  const params = useListParams(ITEM_SORT_OPTIONS, defaultSort);
  const items = useItems(itemsPageQuery(params, pageSize));
  // While the next page loads, the previous rows stay: the summary describes the rows on screen.
  const [shownPage, setShownPage] = useState(params.page);
  if (items.data && !items.isPlaceholderData && shownPage !== params.page) setShownPage(params.page);

  return (
    <>
      <div className="list-toolbar mb-3">
        <SearchBox
          id={`${idPrefix}-search`}
          label="Search by name or supplier"
          value={params.q}
          onSearch={params.setSearch}
        />
        <SortSelect id={`${idPrefix}-sort`} options={ITEM_SORT_OPTIONS} value={params.sort} onSort={params.setSort} />
      </div>
      <ListQuery
        query={items}
        placeholder={
          <>
            <SummarySkeleton />
            {placeholder}
          </>
        }
        empty={
          <EmptyList page={params.page} search={params.search} noun="item" onFirstPage={() => params.setPage(1)}>
            {empty}
          </EmptyList>
        }
      >
        {(page) => (
          <>
            <ListSummary page={shownPage} size={pageSize} shown={page.items.length} total={page.total} noun="items" />
            {children(page.items)}
            <PageNav
              label="Pages of items"
              page={params.page}
              total={page.total}
              size={pageSize}
              onSelect={params.setPage}
            />
          </>
        )}
      </ListQuery>
    </>
  );
}
