import type { Item } from '@smart-zone/types/item';
import { STOCK_FILTERS, type StockFilter } from '@smart-zone/types/stock';
import type { ReactNode } from 'react';
import { FilterSelect } from '../../../components/FilterSelect';
import { PagedList } from '../../../components/PagedList';
import { SearchBox } from '../../../components/SearchBox';
import { SortSelect } from '../../../components/SortSelect';
import { type SortOption, useListParams } from '../../../lib/use-list-params';
import { itemsPageQuery, useItems } from '../api/get-items';
import { ITEM_SORT_OPTIONS, STOCK_FILTER_OPTIONS } from './item-sorts';

/** What a stock filter with nothing in it says. */
const NONE_IN_STOCK_FILTER: Record<StockFilter, string> = {
  low: 'No item is at or below its reorder point.',
  out: 'No item is out of stock.',
};

/**
 * A page of items as the address asks for it (`?q=&sort=&page=`, and with
 * `stockFilter` `&stock=low|out`): search, sort and filter above, the total
 * and the page's place in it, the rows, page links below.
 */
export function PagedItems({
  idPrefix,
  pageSize,
  defaultSort,
  sorts = ITEM_SORT_OPTIONS,
  stockFilter = false,
  empty,
  placeholder,
  children,
}: {
  idPrefix: string;
  pageSize: number;
  defaultSort: string;
  sorts?: readonly SortOption[];
  /** Offer the low / out of stock filter. */
  stockFilter?: boolean;
  /** What the list says when the warehouse has no item at all. */
  empty: ReactNode;
  /** Grey shapes of a page of rows, while the first page loads. */
  placeholder: ReactNode;
  children: (items: Item[]) => ReactNode;
}) {
  const params = useListParams(sorts, defaultSort, { stock: stockFilter ? STOCK_FILTERS : [] });
  const stock = params.filter('stock') as StockFilter | '';
  const items = useItems(itemsPageQuery({ ...params, stock }, pageSize));

  return (
    <>
      <div className="list-toolbar mb-3">
        <SearchBox
          id={`${idPrefix}-search`}
          label="Search by name, supplier, SKU or barcode"
          value={params.q}
          onSearch={params.setSearch}
        />
        <SortSelect id={`${idPrefix}-sort`} options={sorts} value={params.sort} onSort={params.setSort} />
        {stockFilter && (
          <FilterSelect
            id={`${idPrefix}-stock`}
            label="Show"
            options={STOCK_FILTER_OPTIONS}
            value={stock}
            onFilter={(value) => params.setFilter('stock', value)}
          />
        )}
      </div>
      <PagedList
        source={{ query: items, placeholder }}
        paging={params}
        size={pageSize}
        texts={{ many: 'items', one: 'item', pages: 'Pages of items' }}
        search={params.search}
        empty={stock ? <p className="text-secondary">{NONE_IN_STOCK_FILTER[stock]}</p> : empty}
      >
        {children}
      </PagedList>
    </>
  );
}
