import type { Item } from '@smart-zone/types/item';
import { STOCK_FILTERS, type StockFilter } from '@smart-zone/types/stock';
import type { ReactNode } from 'react';
import { FilterSelect } from '../../../components/FilterSelect';
import { PagedList } from '../../../components/PagedList';
import { SearchBox } from '../../../components/SearchBox';
import { SortSelect } from '../../../components/SortSelect';
import { type SortOption, useListParams } from '../../../lib/use-list-params';
import { itemsPageQuery, useItems } from '../api/get-items';
import { LOCATION_FILTER_KEYS, readLocationFilter } from '../location-filter';
import { ITEM_SORT_OPTIONS, STOCK_FILTER_OPTIONS } from './item-sorts';
import { LocationFilterControls, LocationItemsList } from './LocationFilter';

/** What a stock filter with nothing in it says. */
const NONE_IN_STOCK_FILTER: Record<StockFilter, string> = {
  low: 'No item is at or below its reorder point.',
  out: 'No item is out of stock.',
};

/**
 * A page of items as the address asks for it (`?q=&sort=&page=`, and with
 * `stockFilter` `&stock=low|out`): search, sort and filter above, the total
 * and the page's place in it, the rows, page links below. With
 * `locationFilter`, a location may be chosen too (`&location=<id>&deep=0|1`):
 * the page then lists what it holds instead (LocationFilter), without the
 * search, sort and stock filter, which that list does not have.
 */
export function PagedItems({
  idPrefix,
  pageSize,
  defaultSort,
  sorts = ITEM_SORT_OPTIONS,
  stockFilter = false,
  locationFilter = false,
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
  /** Offer the location filter (staff: GET /locations/:id/items). */
  locationFilter?: boolean;
  /** What the list says when the warehouse has no item at all. */
  empty: ReactNode;
  /** Grey shapes of a page of rows, while the first page loads. */
  placeholder: ReactNode;
  children: (items: Item[]) => ReactNode;
}) {
  const params = useListParams(sorts, defaultSort, {
    stock: stockFilter ? STOCK_FILTERS : [],
    location: locationFilter ? LOCATION_FILTER_KEYS.location : [],
    deep: locationFilter ? LOCATION_FILTER_KEYS.deep : [],
  });
  const stock = params.filter('stock') as StockFilter | '';
  const place = locationFilter ? readLocationFilter(params.filter('location'), params.filter('deep')) : null;
  const items = useItems(itemsPageQuery({ ...params, stock }, pageSize), { enabled: place === null });

  return (
    <>
      {!place && (
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
      )}
      {locationFilter && (
        <LocationFilterControls
          id={idPrefix}
          chosen={place}
          onChoose={({ locationId, deep }) => params.setFilters({ location: locationId, deep: deep ? '' : '0' })}
          onDeep={(deep) => params.setFilter('deep', deep ? '' : '0')}
          onClear={() => params.setFilters({ location: '', deep: '' })}
        />
      )}
      {place ? (
        <LocationItemsList chosen={place} pageSize={pageSize} paging={params} />
      ) : (
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
      )}
    </>
  );
}
