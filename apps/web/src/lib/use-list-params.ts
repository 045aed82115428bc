import { useSearchParams } from 'react-router-dom';

export interface SortOption {
  value: string;
  label: string;
}

/** What the address asks of a list: as typed, trimmed, a known sort or the default, a page from 1. */
export function readListParams(params: URLSearchParams, sorts: readonly SortOption[], defaultSort: string) {
  const q = params.get('q') ?? '';
  const asked = params.get('sort');
  const sort = sorts.some((option) => option.value === asked) ? asked! : defaultSort;
  const asPage = Number(params.get('page') ?? '1');
  const page = Number.isInteger(asPage) && asPage >= 1 ? asPage : 1;
  return { q, search: q.trim(), sort, page };
}

/** The values a filter takes: a closed list, or any text (an email, a date). */
export type FilterValues = readonly string[] | 'text';

/** A filter's value in the address: trimmed text, or one of its values; '' for none (or anything else). */
export function readFilter(params: URLSearchParams, key: string, values: FilterValues): string {
  const value = params.get(key)?.trim() ?? '';
  return values === 'text' || values.includes(value) ? value : '';
}

/**
 * A list's search, sort, page and filters, kept in the address
 * (`?q=&sort=&page=`, and one key per filter: `?stock=low`) so a list can be
 * shared and the back button walks through what was looked at. Defaults stay
 * out of the address; a new search, sort or filter starts at page 1.
 * `filters`: each filter's key and the values it takes (anything else in the
 * address counts as no filter), or 'text' for any text.
 */
export function useListParams<F extends string = never>(
  sorts: readonly SortOption[],
  defaultSort: string,
  filters: Record<F, FilterValues> = {} as Record<F, FilterValues>,
) {
  const [params, setParams] = useSearchParams();
  const filterOf = (key: F) => readFilter(params, key, filters[key]);
  const { q, search, sort, page } = readListParams(params, sorts, defaultSort);

  const update = (change: (next: URLSearchParams) => void, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace },
    );

  const setOrDrop = (next: URLSearchParams, key: string, value: string, fallback: string) => {
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  };

  return {
    /** As typed in the address. */
    q,
    /** What the list is searched for. */
    search,
    sort,
    page,
    // Refining a search replaces the entry, so Back does not step through every pause in typing.
    setSearch: (value: string) =>
      update(
        (next) => {
          setOrDrop(next, 'q', value.trim(), '');
          next.delete('page');
        },
        q.trim() !== '' && value.trim() !== '',
      ),
    setSort: (value: string) =>
      update((next) => {
        setOrDrop(next, 'sort', value, defaultSort);
        next.delete('page');
      }),
    setPage: (value: number) => update((next) => setOrDrop(next, 'page', String(value), '1')),
    /** A filter's value in force; '' for none. */
    filter: filterOf,
    /** Every filter's value in force ('' for none), by its key: what a filter form shows and a request sends. */
    filters: Object.fromEntries(Object.keys(filters).map((key) => [key, filterOf(key as F)])) as Record<F, string>,
    setFilter: (key: F, value: string) =>
      update((next) => {
        setOrDrop(next, key, value, '');
        next.delete('page');
      }),
    /** Several filters at once (a filter form's Apply): one history entry, page 1. */
    setFilters: (values: Partial<Record<F, string>>) =>
      update((next) => {
        for (const [key, value] of Object.entries<string | undefined>(values)) {
          setOrDrop(next, key, value?.trim() ?? '', '');
        }
        next.delete('page');
      }),
  };
}
